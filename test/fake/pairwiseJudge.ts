/**
 * A scripted pairwise judge for the fixture's Lakeford summaries: it prefers the summary with
 * the right cost (12 million euros) wherever it is shown, except on fluency, where it answers
 * "the first" whatever it is shown (a position bias: its verdict flips when the order does).
 */
import { scoreReply, type FakeReply, type RecordedRequest } from './openaiServer';

export const RIGHT_SUMMARY = 'Lakeford approved a bridge costing 12 million euros. It opens in 2027.';
export const WRONG_SUMMARY = 'Lakeford approved a bridge costing 40 million euros. It opens in 2027.';

/** Is this one of SumLens's pairwise questions (prompts/pairwise/)? */
export function isPairwisePrompt(request: RecordedRequest): boolean {
  return promptOf(request).includes('Answer with one word: A, B, or tie.');
}

function promptOf(request: RecordedRequest): string {
  return (request.body?.messages ?? []).map((m: { content: string }) => m.content).join('\n');
}

export function pairwiseAnswer(request: RecordedRequest): FakeReply {
  const prompt = promptOf(request);
  if (prompt.includes('better on fluency')) return scoreReply('A', { A: 0.8, tie: 0.1, B: 0.1 });
  const rightFirst = prompt.indexOf(RIGHT_SUMMARY) < prompt.indexOf(WRONG_SUMMARY);
  return rightFirst ? scoreReply('A', { A: 0.75, tie: 0.15, B: 0.1 }) : scoreReply('B', { B: 0.75, tie: 0.15, A: 0.1 });
}
