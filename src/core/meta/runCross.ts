/**
 * `sumlens meta --cross` and `replay --cross` without the command line: a judge's predictions
 * for a dataset (a per-item field, a run file, or recorded answers replayed) crossed with
 * every human aspect of the dataset.
 */
import { SumLensError } from '../errors';
import { readWholeRunFile } from '../runFile/runRecord';
import { readDataset, type Dataset, type Level } from '../datasets/dataset';
import { crossAspects, type CrossResult } from './crossAspects';
import { crossColumns } from './crossColumns';
import { runPredictions, fieldPredictions, type JudgePredictions } from './predictions';
import { resampling, type ResamplingFlags, type ScoreSource } from './runMeta';

/** What `--cross --json` prints and `report --cross FILE` reads back. */
export interface CrossRun extends CrossResult {
  dataset: string;
  /** Where the judge's scores came from: the field, run file or recorded answers. */
  source: string;
  /** Dataset items left out for lacking a prediction of some judge aspect. */
  missing: number;
}

export interface CrossRunOptions extends ResamplingFlags {
  dataset: string;
  subset?: string;
  source: ScoreSource;
  /** Judge aspects; by default every aspect the predictions name. */
  aspects?: string[];
  level?: Level;
}

/** The matrix of a judge's predictions against the dataset's human aspects. */
/** `judged`: where the predictions came from (for the report), and the predictions. */
export function crossOfPredictions(
  dataset: Dataset,
  { source, judge }: { source: string; judge: JudgePredictions },
  level: Level | undefined,
  flags: ResamplingFlags,
): CrossRun {
  const settings = resampling(flags);
  if (settings.resamples === 0) throw new SumLensError('usage', '--cross needs --resamples of at least 1');
  const { columns, missing } = crossColumns(dataset, judge);
  const result = crossAspects(level ?? dataset.defaultLevel, columns, settings);
  return { dataset: dataset.path, source, ...result, missing };
}

export function runCross(options: CrossRunOptions): CrossRun {
  const { source } = options;
  if ('baseline' in source) throw new SumLensError('usage', "--cross crosses a judge's several aspects; --baseline gives one score");
  const dataset = readDataset(options.dataset, options.subset);
  if ('field' in source) {
    return crossOfPredictions(dataset, { source: source.field, judge: fieldPredictions(dataset, source.field, options.aspects) }, options.level, options);
  }
  const records = readWholeRunFile(source.predictions).records;
  const judge = runPredictions(dataset, records, source.predictions, options.aspects);
  return crossOfPredictions(dataset, { source: source.predictions, judge }, options.level, options);
}
