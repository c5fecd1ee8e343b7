/**
 * Pairs each dataset item's human score with a predicted score, from a field inside the
 * items (UniEval's `predict_scores`), a `sumlens bench` JSONL file matched by item key, or a
 * baseline computed from the item's own text (lexical support).
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { RunRecord } from '../runFile/runRecord';
import type { Dataset, DatasetItem } from '../datasets/dataset';
import type { ScoredItem } from './metaEvaluate';
import { lexicalSupport, SUPPORT_THRESHOLD } from './lexicalSupport';

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

function fieldRecord(dataset: Dataset, item: DatasetItem, field: string): Record<string, number | null> {
  const parsed = FieldScores.safeParse((item as Record<string, unknown>)[field]);
  if (!parsed.success) {
    throw new SumLensError('bad-input', `${dataset.path}: item ${item.index}: "${field}" is not a record of scores`);
  }
  return parsed.data;
}

/** Predictions stored in each item under `field` as `{ aspect: score }`. */
export function fromField(dataset: Dataset, aspect: string, field: string): ScoredItem[] {
  return dataset.items.map((item) => {
    const predicted = fieldRecord(dataset, item, field)[aspect];
    if (predicted === undefined) {
      throw new SumLensError('bad-input', `${dataset.path}: item ${item.index}: "${field}" has no "${aspect}"`);
    }
    return scored(item, humanScore(dataset, item, aspect), predicted);
  });
}

/** The baselines `meta --baseline NAME` computes offline, with what the output says they are. */
export const BASELINES = {
  'lexical-support': {
    describe: `lexical-support baseline, no LLM: the share of summary sentences whose best source sentence has unigram F1 ≥ ${SUPPORT_THRESHOLD}`,
    score: (item: DatasetItem) => lexicalSupport(item.source, item.system_output),
  },
} as const;

export type BaselineName = keyof typeof BASELINES;

/** A baseline's score for every item, against the human `aspect` (null: the baseline has no score, e.g. a summary with no words). */
export function fromBaseline(dataset: Dataset, aspect: string, baseline: BaselineName): ScoredItem[] {
  return dataset.items.map((item) => scored(item, humanScore(dataset, item, aspect), BASELINES[baseline].score(item)));
}

/** Judge aspect → prediction per dataset item, in item order (null: no prediction). */
export type JudgePredictions = Record<string, (number | null)[]>;

/** `aspects`, or else every aspect some record names, each in order of first appearance. */
function columns(records: readonly (Record<string, number | null> | undefined)[], aspects: readonly string[] | undefined): JudgePredictions {
  const names = aspects ?? [...new Set(records.flatMap((r) => Object.keys(r ?? {})))];
  return Object.fromEntries(names.map((a) => [a, records.map((r) => r?.[a] ?? null)]));
}

/** The items' `field` records as judge predictions: every aspect they name, or only `aspects`. */
export function fieldPredictions(dataset: Dataset, field: string, aspects?: readonly string[]): JudgePredictions {
  return columns(
    dataset.items.map((item) => fieldRecord(dataset, item, field)),
    aspects,
  );
}

/** Records by key; a record that matches no item of the dataset means the wrong dataset or run. */
function recordsByKey(dataset: Dataset, records: readonly RunRecord[], recordsPath: string): Map<string, RunRecord> {
  const byKey = new Map<string, RunRecord>();
  for (const record of records) byKey.set(record.key, record);
  const known = new Set(dataset.items.map((i) => i.key));
  const strangers = records.filter((r) => !known.has(r.key));
  if (strangers.length > 0) {
    throw new SumLensError(
      'bad-input',
      `${recordsPath}: ${strangers.length} record(s) match no item of ${dataset.path} (first key "${strangers[0].key}"); wrong dataset?`,
    );
  }
  return byKey;
}

/** Predictions from a run file's records, matched by item key; items without a record count as missing. */
export function fromRunRecords(dataset: Dataset, aspect: string, records: readonly RunRecord[], recordsPath: string): ScoredItem[] {
  const byKey = recordsByKey(dataset, records, recordsPath);
  return dataset.items.map((item) => {
    const predicted = byKey.get(item.key)?.scores[aspect];
    return scored(item, humanScore(dataset, item, aspect), predicted ?? null);
  });
}

/** A run file's records as judge predictions: every aspect they score, or only `aspects`. */
export function runPredictions(dataset: Dataset, records: readonly RunRecord[], recordsPath: string, aspects?: readonly string[]): JudgePredictions {
  const byKey = recordsByKey(dataset, records, recordsPath);
  return columns(
    dataset.items.map((item) => byKey.get(item.key)?.scores),
    aspects,
  );
}
