/**
 * What a stop rule for adaptive sampling costs and loses, measured on recorded answers:
 * each item's recorded answers are drawn in a random order (seeded), the rule decides after
 * each batch whether to stop, and the item's score is the mean of what was drawn. The
 * result is the mean number of answers drawn per item and Spearman's ρ with the human
 * scores (pooled over items), averaged over several orders, beside ρ with every answer.
 * `npm run bench` prints the curve; a unit test pins the default rule's property.
 */
import { nextBatch, type StopRule } from '../geval/adaptiveSampling';
import { readScore, type ParseRule } from '../geval/parseScore';
import type { ScoreScale } from '../prompts/scoreScale';
import { seededRandom, type Random } from '../stats/random';
import { spearman } from '../stats/correlation';
import { readDataset } from '../datasets/dataset';

/** The recorded answers of one aspect, already read: one row of values (null: unreadable) per item. */
export interface RecordedAspect {
  scale: ScoreScale;
  answers: (number | null)[][];
  human: number[];
}

export interface StopRuleOutcome {
  /** Mean answers drawn per item. */
  meanDrawn: number;
  /** Mean requests per item (one per batch). */
  meanRequests: number;
  /** Spearman's ρ with people, mean over the orders. */
  rho: number;
  /** The lowest ρ over the orders. */
  worstRho: number;
}

export function readRecordedAspect(path: string, humanAspect: string, scale: ScoreScale, rule: ParseRule): RecordedAspect {
  const dataset = readDataset(path);
  const items = dataset.items.filter((item) => item.all_responses && item.scores[humanAspect] !== undefined);
  return {
    scale,
    answers: items.map((item) => (item.all_responses ?? []).map((answer) => readScore(answer, scale, rule))),
    human: items.map((item) => item.scores[humanAspect]),
  };
}

/** ρ with every recorded answer of each item. */
export function allAnswersRho(aspect: RecordedAspect): number {
  return spearman(
    aspect.answers.map((row) => meanOf(row.filter(isRead), aspect.scale)),
    aspect.human,
  );
}

export function replayStopRule(aspect: RecordedAspect, rule: StopRule, orders: number, seed: number): StopRuleOutcome {
  const random = seededRandom(seed);
  let drawn = 0;
  let requests = 0;
  const rhos: number[] = [];
  for (let order = 0; order < orders; order++) {
    const predicted = aspect.answers.map((row) => {
      const shuffled = shuffle(row, random);
      const read: number[] = [];
      let taken = 0;
      for (let n = nextBatch(rule, read, taken, aspect.scale); n > 0; n = nextBatch(rule, read, taken, aspect.scale)) {
        read.push(...shuffled.slice(taken, taken + n).filter(isRead));
        taken += n;
        requests++;
      }
      drawn += taken;
      return meanOf(read, aspect.scale);
    });
    rhos.push(spearman(predicted, aspect.human));
  }
  const perItem = orders * aspect.answers.length;
  return { meanDrawn: drawn / perItem, meanRequests: requests / perItem, rho: rhos.reduce((a, b) => a + b, 0) / orders, worstRho: Math.min(...rhos) };
}

function isRead(value: number | null): value is number {
  return value !== null;
}

/** The mean of the values read; the scale's middle when none was (rare: under 0.2% of answers are unreadable). */
function meanOf(values: readonly number[], scale: ScoreScale): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : (scale.min + scale.max) / 2;
}

/** Fisher–Yates on a copy. */
function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
