/**
 * `sumlens meta` without the command line: read a dataset, take predictions from a field of
 * its items or from a bench JSONL file, and correlate them with the human scores.
 */
import { SumLensError } from '../errors';
import { readBenchFile } from '../run/benchRecord';
import { readDataset, type Dataset, type Level } from './datasets';
import { metaEvaluate, type MetaResult } from './metaEvaluate';
import { fromBenchRecords, fromField } from './predictions';

export interface MetaOptions {
  dataset: string;
  aspects: string[];
  /** A `sumlens bench` JSONL file; else `field`. */
  predictions?: string;
  /** A per-item record of predicted scores, e.g. UniEval's `predict_scores`. */
  field?: string;
  level?: Level;
}

export function runMeta(options: MetaOptions): { dataset: Dataset; results: MetaResult[] } {
  if ((options.predictions === undefined) === (options.field === undefined)) {
    throw new SumLensError('usage', 'give exactly one of --predictions FILE or --field NAME');
  }
  const dataset = readDataset(options.dataset);
  const level = options.level ?? dataset.defaultLevel;
  const records = options.predictions !== undefined ? readBenchFile(options.predictions).records : undefined;
  const results = options.aspects.map((aspect) => {
    const scored =
      records !== undefined
        ? fromBenchRecords(dataset, aspect, records, options.predictions as string)
        : fromField(dataset, aspect, options.field as string);
    return metaEvaluate(aspect, level, scored);
  });
  return { dataset, results };
}
