/**
 * `sumlens meta` without the command line: read a dataset, take predictions from a field of
 * its items or from a bench JSONL file, and correlate them with the human scores, each
 * correlation with a bootstrap interval; or compare two such score sets (`--compare`).
 */
import { SumLensError } from '../errors';
import { readBenchFile } from '../runFile/benchRecord';
import { DEFAULT_SEED } from '../stats/random';
import { readDataset, type Dataset, type Level } from '../datasets/dataset';
import { compareMeta, type CompareResult } from './metaCompare';
import type { ScoredItem } from './metaEvaluate';
import { metaEvaluateWithIntervals, type MetaResultWithIntervals } from './metaIntervals';
import { fromBenchRecords, fromField } from './predictions';

/** Resamples behind every interval unless told otherwise. */
export const DEFAULT_RESAMPLES = 1000;

export interface ResamplingFlags {
  /** Bootstrap resamples (and permutations with --compare); 0 = no intervals. */
  resamples?: number;
  seed?: number;
}

/** Where one score set comes from: a bench JSONL file, or a per-item field such as UniEval's `predict_scores`. */
export type ScoreSource = { predictions: string } | { field: string };

interface MetaCommon extends ResamplingFlags {
  dataset: string;
  aspects: string[];
  level?: Level;
}

export interface MetaOptions extends MetaCommon {
  /** A `sumlens bench` JSONL file; else `field`. */
  predictions?: string;
  /** A per-item record of predicted scores, e.g. UniEval's `predict_scores`. */
  field?: string;
}

export interface CompareOptions extends MetaCommon {
  /** The two score sets: A, then B. */
  sources: ScoreSource[];
}

interface ScoreSet {
  label: string;
  scored(aspect: string): ScoredItem[];
}

function scoreSet(dataset: Dataset, source: ScoreSource): ScoreSet {
  if ('field' in source) return { label: source.field, scored: (aspect) => fromField(dataset, aspect, source.field) };
  const records = readBenchFile(source.predictions).records;
  return { label: source.predictions, scored: (aspect) => fromBenchRecords(dataset, aspect, records, source.predictions) };
}

export function resampling(options: ResamplingFlags): { resamples: number; seed: number } {
  return { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED };
}

export function runMeta(options: MetaOptions): { dataset: Dataset; results: MetaResultWithIntervals[] } {
  if ((options.predictions === undefined) === (options.field === undefined)) {
    throw new SumLensError('usage', 'give exactly one of --predictions FILE or --field NAME (two with --compare)');
  }
  const dataset = readDataset(options.dataset);
  const level = options.level ?? dataset.defaultLevel;
  const set = scoreSet(dataset, options.field !== undefined ? { field: options.field } : { predictions: options.predictions as string });
  const results = options.aspects.map((aspect) =>
    metaEvaluateWithIntervals(aspect, level, set.scored(aspect), resampling(options)),
  );
  return { dataset, results };
}

export function runCompare(options: CompareOptions): { dataset: Dataset; results: CompareResult[] } {
  if (options.sources.length !== 2) {
    throw new SumLensError('usage', '--compare wants two score sets: two of --predictions FILE and --field NAME in all');
  }
  const settings = resampling(options);
  if (settings.resamples === 0) throw new SumLensError('usage', '--compare needs --resamples of at least 1');
  const dataset = readDataset(options.dataset);
  const level = options.level ?? dataset.defaultLevel;
  const [a, b] = options.sources.map((source) => scoreSet(dataset, source));
  const labels = { a: a.label, b: b.label };
  const results = options.aspects.map((aspect) =>
    compareMeta(aspect, level, labels, a.scored(aspect), b.scored(aspect), settings),
  );
  return { dataset, results };
}
