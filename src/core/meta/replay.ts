/**
 * Replay: score recorded judge answers (G-Eval's results format, items with `all_responses`)
 * through our sampling estimator and parser, without calling a model, then meta-evaluate.
 */
import { SumLensError } from '../errors';
import type { ParseRule } from '../geval/parseScore';
import { estimateFromSamples } from '../geval/samplingEstimate';
import type { ScoreScale } from '../prompts/scoreScale';
import type { Dataset, Level } from '../datasets/dataset';
import type { ScoredItem } from './metaEvaluate';
import { metaEvaluateWithIntervals, type MetaResultWithIntervals } from './metaIntervals';
import type { BootstrapOptions } from '../stats/correlationBootstrap';

export type ReplayResult = MetaResultWithIntervals & ReplayCounts;

interface ReplayCounts {
  /** Recorded answers the parser could not read (under 'geval' they were scored 0). */
  unparsed: number;
  rule: ParseRule;
  /** Recorded answers read in all. */
  samples: number;
}

/** Each item's recorded answers scored with `rule`: the judge's predictions, in item order. */
export function replayedScores(dataset: Dataset, scale: ScoreScale, rule: ParseRule): ReplayCounts & { predicted: (number | null)[] } {
  let unparsed = 0;
  let samples = 0;
  const predicted = dataset.items.map((item) => {
    if (item.all_responses === undefined) {
      throw new SumLensError('bad-input', `${dataset.path}: item ${item.index} has no "all_responses" (not a G-Eval results file?)`);
    }
    const estimate = estimateFromSamples(item.all_responses, scale, rule);
    unparsed += estimate.unparsed;
    samples += estimate.samples;
    return estimate.score;
  });
  return { predicted, unparsed, rule, samples };
}

/** Recorded answers scored with `rule`, correlated with the human scores (with intervals when `resampling` is given). */
/** `reading`: the parse rule the recorded answers are read by, the level correlated at, and the resampling of the intervals. */
export function replay(
  dataset: Dataset,
  aspect: string,
  scale: ScoreScale,
  { rule, level, resampling }: { rule: ParseRule; level?: Level; resampling?: BootstrapOptions },
): ReplayResult {
  const { predicted, ...counts } = replayedScores(dataset, scale, rule);
  const scored = dataset.items.map((item, i): ScoredItem => {
    const human = item.scores[aspect];
    if (human === undefined) {
      throw new SumLensError('bad-input', `${dataset.path}: item ${item.index} has no human score for "${aspect}"`);
    }
    return { group: item.group, system: String(item.system_id), human, predicted: predicted[i] };
  });
  return { ...metaEvaluateWithIntervals(aspect, level ?? dataset.defaultLevel, scored, resampling), ...counts };
}

/** "1-5" → { min: 1, max: 5 }. */
export function parseScaleRange(text: string): ScoreScale {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  const min = match ? Number(match[1]) : NaN;
  const max = match ? Number(match[2]) : NaN;
  if (!(min < max)) throw new SumLensError('usage', `--scale wants MIN-MAX with MIN < MAX, e.g. 1-5 (got "${text}")`);
  return { min, max };
}
