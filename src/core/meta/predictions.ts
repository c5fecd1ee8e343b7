/**
 * Pairs each dataset item's human score with a predicted score, from either a field inside
 * the items (UniEval's `predict_scores`) or a `sumlens bench` JSONL file matched by item key.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { BenchRecord } from '../runFile/benchRecord';
import type { Dataset, DatasetItem } from '../datasets/dataset';
import type { ScoredItem } from './metaEvaluate';

function humanScore(dataset: Dataset, item: DatasetItem, aspect: string): number {
  const human = item.scores[aspect];
  if (human === undefined) {
    const known = Object.keys(item.scores).join(', ');
    throw new SumLensError('bad-input', `${dataset.path}: item ${item.index} has no human score for "${aspect}" (has: ${known})`);
  }
  return human;
}

function scored(item: DatasetItem, human: number, predicted: number | null): ScoredItem {
  return { group: item.group, system: String(item.system_id), human, predicted };
}

const FieldScores = z.record(z.string(), z.number().nullable());

/** Predictions stored in each item under `field` as `{ aspect: score }`. */
export function fromField(dataset: Dataset, aspect: string, field: string): ScoredItem[] {
  return dataset.items.map((item) => {
    const parsed = FieldScores.safeParse((item as Record<string, unknown>)[field]);
    if (!parsed.success) {
      throw new SumLensError('bad-input', `${dataset.path}: item ${item.index}: "${field}" is not a record of scores`);
    }
    const predicted = parsed.data[aspect];
    if (predicted === undefined) {
      throw new SumLensError('bad-input', `${dataset.path}: item ${item.index}: "${field}" has no "${aspect}"`);
    }
    return scored(item, humanScore(dataset, item, aspect), predicted);
  });
}

/** Predictions from bench records, matched by item key; items without a record count as missing. */
export function fromBenchRecords(
  dataset: Dataset,
  aspect: string,
  records: readonly BenchRecord[],
  recordsPath: string,
): ScoredItem[] {
  const byKey = new Map<string, BenchRecord>();
  for (const record of records) byKey.set(record.key, record);
  const known = new Set(dataset.items.map((i) => i.key));
  const strangers = records.filter((r) => !known.has(r.key));
  if (strangers.length > 0) {
    throw new SumLensError(
      'bad-input',
      `${recordsPath}: ${strangers.length} record(s) match no item of ${dataset.path} (first key "${strangers[0].key}"); wrong dataset?`,
    );
  }
  return dataset.items.map((item) => {
    const predicted = byKey.get(item.key)?.scores[aspect];
    return scored(item, humanScore(dataset, item, aspect), predicted ?? null);
  });
}
