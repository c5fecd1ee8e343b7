/**
 * `sumlens meta` without the command line: read a dataset (or one subset of it), take
 * predictions from a field of its items, from a run file or from an offline baseline,
 * and correlate them with the human scores, each correlation with a bootstrap interval; or
 * compare two such score sets (`--compare`).
 */
import { SumLensError } from '../errors';
import { readWholeRunFile } from '../runFile/runRecord';
import { DEFAULT_SEED } from '../stats/random';
import { readDataset, type Dataset, type Level } from '../datasets/dataset';
import { compareMeta, type CompareResult } from './metaCompare';
import type { ScoredItem } from './metaEvaluate';
import { metaEvaluateWithIntervals, type MetaResultWithIntervals } from './metaIntervals';
import { BASELINES, fromBaseline, fromRunRecords, fromField, type BaselineName } from './predictions';
import { sentenceVerdicts, type SentenceVerdictReport } from './sentenceVerdicts';

/** Resamples behind every interval unless told otherwise. */
export const DEFAULT_RESAMPLES = 1000;

export interface ResamplingFlags {
  /** Bootstrap resamples (and permutations with --compare); 0 = no intervals. */
  resamples?: number;
  seed?: number;
}

/** Where one score set comes from: a bench JSONL file, a per-item field such as UniEval's `predict_scores`, or an offline baseline. */
export type ScoreSource = { predictions: string } | { field: string } | { baseline: BaselineName };

interface MetaCommon extends ResamplingFlags {
  dataset: string;
  /** One part of a set that has parts (LongEval: pubmed, squality). */
  subset?: string;
  aspects: string[];
  level?: Level;
}

export interface MetaOptions extends MetaCommon {
  /** A `sumlens bench` JSONL file; else `field` or `baseline`. */
  predictions?: string;
  /** A per-item record of predicted scores, e.g. UniEval's `predict_scores`. */
  field?: string;
  /** A baseline computed from the items' text, no LLM. */
  baseline?: BaselineName;
}

export interface CompareOptions extends MetaCommon {
  /** The two score sets: A, then B. */
  sources: ScoreSource[];
}

interface ScoreSet {
  label: string;
  scored(aspect: string): ScoredItem[];
}

/** What a score source is, as the output names it. */
export function sourceLabel(source: ScoreSource): string {
  if ('baseline' in source) return BASELINES[source.baseline].describe;
  return 'field' in source ? source.field : source.predictions;
}

function scoreSet(dataset: Dataset, source: ScoreSource): ScoreSet {
  if ('baseline' in source) return { label: sourceLabel(source), scored: (aspect) => fromBaseline(dataset, aspect, source.baseline) };
  if ('field' in source) return { label: source.field, scored: (aspect) => fromField(dataset, aspect, source.field) };
  const records = readWholeRunFile(source.predictions).records;
  return { label: source.predictions, scored: (aspect) => fromRunRecords(dataset, aspect, records, source.predictions) };
}

export function resampling(options: ResamplingFlags): { resamples: number; seed: number } {
  return { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED };
}

/** The one score source among the options; none or several is a usage error. */
function oneSource(options: MetaOptions): ScoreSource {
  const given: ScoreSource[] = [
    ...(options.predictions !== undefined ? [{ predictions: options.predictions }] : []),
    ...(options.field !== undefined ? [{ field: options.field }] : []),
    ...(options.baseline !== undefined ? [{ baseline: options.baseline }] : []),
  ];
  if (given.length !== 1) {
    throw new SumLensError('usage', 'give exactly one of --predictions FILE, --field NAME or --baseline NAME (two with --compare)');
  }
  return given[0];
}

export interface MetaRun {
  dataset: Dataset;
  results: MetaResultWithIntervals[];
  /** JaFaithSum with a fine-grained run: its sentence verdicts against the annotators' labels. */
  sentences?: SentenceVerdictReport;
}

export function runMeta(options: MetaOptions): MetaRun {
  const source = oneSource(options);
  const dataset = readDataset(options.dataset, options.subset);
  const level = options.level ?? dataset.defaultLevel;
  const set = scoreSet(dataset, source);
  const results = options.aspects.map((aspect) => metaEvaluateWithIntervals(aspect, level, set.scored(aspect), resampling(options)));
  const sentences =
    dataset.kind === 'jafaithsum' && 'predictions' in source
      ? sentenceVerdicts(dataset, readWholeRunFile(source.predictions).records, source.predictions)
      : undefined;
  return { dataset, results, ...(sentences ? { sentences } : {}) };
}

export function runCompare(options: CompareOptions): { dataset: Dataset; results: CompareResult[] } {
  if (options.sources.length !== 2) {
    throw new SumLensError('usage', '--compare wants two score sets: two of --predictions FILE, --field NAME and --baseline NAME in all');
  }
  const settings = resampling(options);
  if (settings.resamples === 0) throw new SumLensError('usage', '--compare needs --resamples of at least 1');
  const dataset = readDataset(options.dataset, options.subset);
  const level = options.level ?? dataset.defaultLevel;
  const [a, b] = options.sources.map((source) => scoreSet(dataset, source));
  const labels = { a: a.label, b: b.label };
  const results = options.aspects.map((aspect) => compareMeta(aspect, level, { labels, a: a.scored(aspect), b: b.scored(aspect) }, settings));
  return { dataset, results };
}
