/**
 * What a report shows, gathered from one or two run files in one pass each: per-aspect figures
 * (aspectTable), the A/B comparison when there are two runs, and every item with its summary
 * and findings so the report can open it. A finding's evidence carries its quoted text, so the
 * source documents (most of a run file's weight) are not kept.
 */
import type { Finding, NoteName } from '../../result';
import { aspectTable, type AspectRow } from '../aspectTable';
import type { RunRecord } from '../../runFile/runRecord';
import { compareRuns, type RunComparison } from '../compareRuns';
import { loadRun, type LoadedRun, type RunEntry } from '../loadRun';
import { addSpend, type RunSpend } from '../runSpend';

export interface ReportEvidence {
  note: NoteName;
  start: number;
  end: number;
  /** The evidence's words, when the run file holds the note's text. */
  text?: string;
}

export type ReportFinding = Omit<Finding, 'evidence'> & { evidence?: ReportEvidence[] };

export interface ReportItem {
  key: string;
  id: string;
  system?: string;
  scores: Record<string, number>;
  failed: boolean;
  summary?: string;
  findings: ReportFinding[];
}

export interface ReportRun {
  path: string;
  label: string;
  model: string;
  method: string;
  aspects: string[];
  rows: AspectRow[];
  items: ReportItem[];
  /** What the run's records say it spent; absent for a run file from before spends were kept. */
  spend?: RunSpend;
}

export interface ReportData {
  runs: ReportRun[];
  comparison?: RunComparison;
}

type RecordWithTexts = RunRecord & { text?: { source?: string; summary?: string; reference?: string }; result?: { fine?: { findings?: Finding[] } } };

function reportItem(record: RecordWithTexts, entry: RunEntry): ReportItem {
  const { source, summary, reference } = record.text ?? {};
  const notes: Record<NoteName, string | undefined> = { source, target: summary, reference };
  const findings = (record.result?.fine?.findings ?? []).map(({ evidence, ...finding }) => ({
    ...finding,
    ...(evidence ? { evidence: evidence.map((e) => ({ ...e, text: notes[e.note]?.slice(e.start, e.end) })) } : {}),
  }));
  return {
    key: entry.key,
    id: entry.id,
    ...(entry.system !== undefined ? { system: entry.system } : {}),
    scores: entry.scores,
    failed: entry.failed,
    summary,
    findings,
  };
}

interface LoadedWithItems {
  run: LoadedRun;
  items: ReportItem[];
  spend?: RunSpend;
}

async function loadWithItems(path: string): Promise<LoadedWithItems> {
  const items = new Map<string, ReportItem>();
  let spend: RunSpend | undefined;
  const run = await loadRun(path, (record, entry) => {
    items.set(entry.key, reportItem(record, entry));
    spend = addSpend(spend, record);
  });
  return { run, items: [...items.values()], spend };
}

function reportRun({ run, items, spend }: LoadedWithItems, label: string): ReportRun {
  const { spec } = run.header;
  return {
    path: run.path,
    label,
    model: spec.judge.model,
    method: spec.method,
    aspects: run.aspects,
    rows: aspectTable(run),
    items,
    ...(spend ? { spend } : {}),
  };
}

export async function reportData(pathA: string, pathB?: string, options: { allowDifferent?: boolean } = {}): Promise<ReportData> {
  const a = await loadWithItems(pathA);
  if (pathB === undefined) return { runs: [reportRun(a, 'A')] };
  const b = await loadWithItems(pathB);
  const comparison = compareRuns(a.run, b.run, { allowDifferent: options.allowDifferent });
  return { runs: [reportRun(a, 'A'), reportRun(b, 'B')], comparison };
}
