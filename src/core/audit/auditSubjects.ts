/**
 * The summaries an audit probes: the first `limit` items of the user's data file, or of a
 * human-scored set (whose task is the set's). Shared by `sumlens audit` and the audit tool.
 */
import { readDataset } from '../datasets/dataset';
import { SumLensError } from '../errors';
import type { Task } from '../result';
import { benchPlan } from '../run/benchPlan';
import { dataItems, type DataField } from '../run/data/dataItems';
import type { AuditSubject } from './auditItems';

export interface AuditSource {
  /** A data file (JSONL, JSON, CSV, TSV) … */
  data?: string;
  map?: Partial<Record<DataField, string>>;
  /** … or a human-scored set's file. */
  dataset?: string;
  limit: number;
  /** With data: which aspects and prompts (a set has its own). */
  task: Task;
  onBadRow?(where: string, problem: string): void;
}

export async function auditSubjects(from: AuditSource): Promise<{ subjects: AuditSubject[]; task: Task }> {
  if ((from.data === undefined) === (from.dataset === undefined)) throw new SumLensError('usage', 'give the items to audit: --data FILE or --dataset NAME');
  if (from.dataset !== undefined) {
    const dataset = readDataset(from.dataset);
    const task = benchPlan(dataset).task;
    const subjects = dataset.items
      .slice(0, from.limit)
      .map((item) => ({ key: item.key, source: item.source, summary: item.system_output, ...(item.reference ? { reference: item.reference } : {}) }));
    return { subjects, task };
  }
  const subjects: AuditSubject[] = [];
  for await (const item of dataItems({ path: from.data!, task: from.task, map: from.map, onBadRow: from.onBadRow })) {
    subjects.push({
      key: item.key,
      source: item.input.source,
      summary: item.input.summary,
      ...(item.input.reference ? { reference: item.input.reference } : {}),
    });
    if (subjects.length >= from.limit) break;
  }
  if (subjects.length === 0) throw new SumLensError('bad-input', `${from.data} has no item to audit`);
  return { subjects, task: from.task };
}
