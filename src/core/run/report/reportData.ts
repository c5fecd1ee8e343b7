/**
 * What a report shows, gathered from one or two run files: per-aspect figures (aspectTable),
 * the A/B comparison when there are two runs, and every item with its texts and findings so
 * the report can open it. Streamed from the files; the items are kept because the report
 * holds them all.
 */
import type { Finding } from '../../result';
import { aspectTable, type AspectRow } from '../aspectTable';
import { compareRuns, type RunComparison } from '../compareRuns';
import { loadRun, type LoadedRun } from '../loadRun';
import { readRunFile } from '../benchOutput';

export interface ReportItem {
  key: string;
  id: string;
  system?: string;
  scores: Record<string, number>;
  failed: boolean;
  summary?: string;
  source?: string;
  findings: Finding[];
}

export interface ReportRun {
  path: string;
  label: string;
  model: string;
  method: string;
  aspects: string[];
  rows: AspectRow[];
  items: ReportItem[];
}

export interface ReportData {
  runs: ReportRun[];
  comparison?: RunComparison;
}

async function reportRun(run: LoadedRun, label: string): Promise<ReportRun> {
  const last = new Map(run.entries.map((e) => [e.lineNo, e]));
  const items: ReportItem[] = [];
  await readRunFile(run.path, (record, lineNo) => {
    const entry = last.get(lineNo);
    if (!entry) return;
    const r = record as typeof record & { text?: { summary?: string; source?: string }; result?: { fine?: { findings?: Finding[] } } };
    items.push({
      key: entry.key,
      id: entry.id,
      ...(entry.system !== undefined ? { system: entry.system } : {}),
      scores: entry.scores,
      failed: entry.failed,
      summary: r.text?.summary,
      source: r.text?.source,
      findings: r.result?.fine?.findings ?? [],
    });
  });
  const s = run.header.settings;
  return { path: run.path, label, model: s.model, method: s.method, aspects: run.aspects, rows: aspectTable(run), items };
}

export async function reportData(pathA: string, pathB?: string, options: { allowDifferent?: boolean } = {}): Promise<ReportData> {
  const a = await loadRun(pathA);
  if (pathB === undefined) return { runs: [await reportRun(a, 'A')] };
  const b = await loadRun(pathB);
  const comparison = compareRuns(a, b, { allowDifferent: options.allowDifferent });
  return { runs: [await reportRun(a, 'A'), await reportRun(b, 'B')], comparison };
}
