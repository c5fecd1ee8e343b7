/**
 * The answer of a training triple as Tanaka's thesis writes it: each human aspect's score moved to
 * 1–5 (SummEval is 1–5 already; Topical-Chat's 1–3 aspects and 0/1 groundedness stretched
 * linearly), the annotators' mean rounded to an integer, one "aspect: Score: N" line each, the
 * form the choice's scoring prompt asks for.
 */
import { SumLensError } from '../errors';
import type { DatasetItem, DatasetKind } from '../datasets/dataset';

const SCALES: Partial<Record<DatasetKind, Record<string, [number, number]>>> = {
  summeval: { coherence: [1, 5], consistency: [1, 5], fluency: [1, 5], relevance: [1, 5] },
  topical_chat: { naturalness: [1, 3], coherence: [1, 3], engagingness: [1, 3], groundedness: [0, 1] },
};

export function distillAspects(kind: DatasetKind): string[] {
  const scales = SCALES[kind];
  if (!scales) throw new SumLensError('usage', `distill knows the human scales of SummEval and Topical-Chat only (this dataset is ${kind})`);
  return Object.keys(scales);
}

/** Half up, as the thesis's "rounded" reads (JavaScript's Math.round rounds 2.5 to 3 too). */
export function toFivePoint(value: number, [min, max]: [number, number]): number {
  return Math.round(1 + ((value - min) * 4) / (max - min));
}

export function humanAnswer(item: DatasetItem, kind: DatasetKind): string {
  const scales = SCALES[kind] ?? {};
  return distillAspects(kind)
    .map((aspect) => {
      const value = item.scores[aspect];
      if (value === undefined) throw new SumLensError('bad-input', `item ${item.index} has no human score for ${aspect}`);
      return `${aspect}: Score: ${toFivePoint(value, scales[aspect])}`;
    })
    .join('\n');
}
