/**
 * A run file as the editor's dataset view shows it: the per-aspect table, and every item with
 * its scores and how many findings it has. Only the scores and counts stay in memory; an
 * item's texts and findings are read again when it is opened (`runItemDetail`).
 */
import type { FineEntity, Finding } from '../result';
import { readRunFile } from '../runFile/runOutput';
import { runInSlices } from '../cooperative';
import { aspectTableWork, type AspectRow } from './aspectTable';
import { loadRun, readDetails, type LoadedRun } from './loadRun';

export interface OverviewItem {
  key: string;
  id: string;
  system?: string;
  scores: Record<string, number>;
  failed: boolean;
  findings: number;
  /** Line of the item's last record in the run file. */
  lineNo: number;
}

export interface RunOverview {
  run: LoadedRun;
  rows: AspectRow[];
  items: OverviewItem[];
}

type RecordWithResult = { result?: { fine?: { findings?: unknown[] } } };

export async function runOverview(path: string): Promise<RunOverview> {
  const run = await loadRun(path);
  const findingsAt = new Map<number, number>();
  const last = new Set(run.entries.map((e) => e.lineNo));
  await readRunFile(path, (record, lineNo) => {
    if (last.has(lineNo)) findingsAt.set(lineNo, (record as RecordWithResult).result?.fine?.findings?.length ?? 0);
  });
  const items = run.entries.map((e) => ({
    key: e.key,
    id: e.id,
    ...(e.system !== undefined ? { system: e.system } : {}),
    scores: e.scores,
    failed: e.failed,
    findings: findingsAt.get(e.lineNo) ?? 0,
    lineNo: e.lineNo,
  }));
  // In slices: the bootstrap of a 10,000-item run held the editor's extension host for a quarter of a second.
  return { run, rows: await runInSlices(aspectTableWork(run)), items };
}

export interface ItemDetailTexts {
  source: string;
  summary: string;
  reference?: string;
  findings: Finding[];
  entities: FineEntity[];
  errors: string[];
}

type RecordWithTexts = { text?: { source?: unknown; summary?: unknown; reference?: unknown }; result?: { fine?: { entities?: FineEntity[] } } };

/** The texts, findings and entities of the record at `lineNo`; undefined when it keeps no texts (a bench run). */
export async function runItemDetail(path: string, lineNo: number): Promise<ItemDetailTexts | undefined> {
  let entities: FineEntity[] = [];
  const details = await readDetails(path, new Set([lineNo]), (record) => {
    const { text, result } = record as RecordWithTexts;
    entities = result?.fine?.entities ?? [];
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { source: str(text?.source), summary: str(text?.summary), reference: str(text?.reference) };
  });
  const detail = details.get(lineNo);
  if (!detail?.source || !detail.summary) return undefined;
  return {
    source: detail.source,
    summary: detail.summary,
    ...(detail.reference ? { reference: detail.reference } : {}),
    findings: detail.findings,
    entities,
    errors: detail.errors,
  };
}
