/**
 * SumAutoEval's metrics read as SummEval's human aspects, as the paper's §4.3 does, each
 * on SummEval's 1–5 scale (1 + 4 × ratio):
 * - consistency ← correctness (the "incorrect" metric);
 * - relevance   ← the mean of the completeness and alignment ratios (missing and
 *                 irrelevant entities, which the experts weighed together);
 * - coherence   ← 1 − sentences with awkward flow ÷ sentences;
 * - fluency     ← 1 − sentences with a grammar or spelling error ÷ sentences.
 * An aspect whose metrics are not all scored is null, with the reason. The long sets' and
 * JaFaithSum's "faithfulness" (to the source) is read as consistency.
 */
import type { FineResult } from '../result';
import { ratioToScore } from './scoring';

export const SUMMEVAL_ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'] as const;
export type SummEvalAspect = (typeof SUMMEVAL_ASPECTS)[number];

export const SUMMEVAL_MAPPING: Record<SummEvalAspect, string> = {
  coherence: '1 + 4 × (1 − sentences with awkward flow ÷ sentences)',
  consistency: 'correctness score',
  fluency: '1 + 4 × (1 − sentences with a grammar or spelling error ÷ sentences)',
  relevance: '1 + 4 × mean(completeness ratio, alignment ratio)',
};

export type AspectReading = { score: number } | { score: null; why: string };

function sentenceScore(fine: FineResult, withIssues: string): AspectReading {
  const sentences = fine.stats?.sentences ?? 0;
  if (fine.readability === null || sentences === 0) return { score: null, why: 'readability not scored' };
  return { score: ratioToScore(1 - Math.min(fine.stats?.[withIssues] ?? 0, sentences) / sentences) };
}

export function summevalAspects(fine: FineResult): Record<SummEvalAspect, AspectReading> {
  const { completeness, correctness, alignment } = fine;
  return {
    coherence: sentenceScore(fine, 'sentencesWithFlowIssues'),
    consistency: correctness ? { score: correctness.score } : { score: null, why: 'correctness not scored' },
    fluency: sentenceScore(fine, 'sentencesWithGrammarOrSpelling'),
    relevance:
      completeness && alignment
        ? { score: ratioToScore((completeness.ratio + alignment.ratio) / 2) }
        : { score: null, why: `${completeness ? 'alignment' : 'completeness'} not scored` },
  };
}

/** Human aspects of other sets that are SummEval's under another name: the long sets' and JaFaithSum's faithfulness to the source. */
const SAME_AS: Partial<Record<string, SummEvalAspect>> = { faithfulness: 'consistency' };

/** The reading for one human aspect (undefined when the fine-grained result has none for it). */
export function fineAspectReading(fine: FineResult | undefined, human: string): AspectReading | undefined {
  const aspect = SAME_AS[human] ?? human;
  if (!fine || !(SUMMEVAL_ASPECTS as readonly string[]).includes(aspect)) return undefined;
  return summevalAspects(fine)[aspect as SummEvalAspect];
}
