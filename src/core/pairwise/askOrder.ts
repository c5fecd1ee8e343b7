/**
 * One order of one pairwise question: the template filled with the two summaries in the order
 * asked, sent through the G-Eval routes (geval/scoreRoutes.ts), the answer read as P(A), P(B),
 * P(tie) in the pair's own terms with the route that gave it.
 */
import { SumLensError } from '../errors';
import { scorePromptText, type RouteOptions } from '../geval/scoreRoutes';
import type { LlmSession } from '../llm/types';
import { renderTemplate, resolveTemplate } from '../prompts';
import type { ScoreProvenance } from '../result';
import { bySystem, positionProbabilities, PREFERENCE_SCALE, verdictOf, type PairProbabilities } from './preference';
import type { Verdict } from './stats/outcome';

export interface PairTexts {
  source: string;
  a: string;
  b: string;
}

export interface OrderAnswer extends PairProbabilities {
  /** Which of the pair's summaries was shown first. */
  first: 'A' | 'B';
  verdict: Verdict;
  margin: number;
  provenance: ScoreProvenance;
  /** Sampling route: the answers as written (the reasons a judge gave, when it gave any). */
  answers?: string[];
}

/** The template of an aspect, or of the overall question: pairwise/<aspect> or pairwise/overall, the workspace's copy first. */
export function pairwiseTemplateId(aspect: string): string {
  return `pairwise/${aspect}`;
}

/** One order of one aspect's question: the aspect, and which of the pair's summaries is shown first. */
export async function askOrder(
  session: LlmSession,
  texts: PairTexts,
  { aspect, first }: { aspect: string; first: 'A' | 'B' },
  options: RouteOptions & { promptOverrideDir?: string },
): Promise<OrderAnswer> {
  const template = resolveTemplate(pairwiseTemplateId(aspect), { overrideDir: options.promptOverrideDir });
  const [shownFirst, shownSecond] = first === 'A' ? [texts.a, texts.b] : [texts.b, texts.a];
  const prompt = renderTemplate(template, { document: texts.source, first: shownFirst, second: shownSecond });
  const reading = await scorePromptText(session, prompt, { scale: PREFERENCE_SCALE, purpose: `pairwise:${aspect}:${first === 'A' ? 'AB' : 'BA'}` }, options);
  if (reading.score === null) throw new SumLensError('invalid-reply', `pairwise ${aspect}: ${reading.failure ?? 'no answer A, B or tie could be read'}`);
  const probabilities = bySystem(positionProbabilities(reading.distribution), first);
  return { first, ...probabilities, ...verdictOf(probabilities), provenance: reading.provenance, ...(reading.answers ? { answers: reading.answers } : {}) };
}
