/**
 * The items of a `--cross` matrix: a dataset's items with a prediction for every judge aspect,
 * each beside every human aspect the dataset scores on all of its items. One set of items for
 * the whole matrix, so that any two cells are over the same items and can be compared.
 */
import { SumLensError } from '../errors';
import type { Dataset } from '../datasets/dataset';
import type { CrossColumns } from './crossAspects';
import type { JudgePredictions } from './predictions';

export function crossColumns(dataset: Dataset, judge: JudgePredictions): { columns: CrossColumns; missing: number } {
  const aspects = Object.keys(judge);
  if (aspects.length === 0) throw new SumLensError('bad-input', `${dataset.path}: the predictions name no aspect to cross with the human ones`);
  if (dataset.aspects.length === 0) throw new SumLensError('bad-input', `${dataset.path}: no human aspect is scored on every item`);
  const keptIndices = dataset.items.flatMap((_, i) => (aspects.every((a) => judge[a][i] !== null) ? [i] : []));
  if (keptIndices.length === 0) {
    throw new SumLensError('bad-input', `${dataset.path}: no item has a prediction for every judge aspect (${aspects.join(', ')})`);
  }
  const kept = keptIndices.map((i) => dataset.items[i]);
  const columns: CrossColumns = {
    group: kept.map((item) => item.group),
    system: kept.map((item) => String(item.system_id)),
    judge: Object.fromEntries(aspects.map((a) => [a, keptIndices.map((i) => judge[a][i] as number)])),
    human: Object.fromEntries(dataset.aspects.map((h) => [h, kept.map((item) => item.scores[h])])),
  };
  return { columns, missing: dataset.items.length - kept.length };
}
