/**
 * Scripted pairwise judges for the tests: each reads the two summaries out of a
 * prompts/pairwise/ question (the one shown first, the one shown second) and answers "A", "B"
 * or "tie" with log-probabilities. `preferringJudge` prefers the summary of higher quality
 * (a score the test gives it, e.g. people's) plus noise drawn per pair, so both orders get the
 * same answer; `firstSayingJudge` answers "the first" (A) on a share of pairs, chosen per pair
 * whatever the content, and otherwise lets another judge answer.
 */
import { seededRandom } from '../../src/core/stats/random';
import type { FakeReply, RecordedRequest } from './openaiServer';
import { scoreReply } from './openaiServer';

/** The two summaries of a pairwise prompt, in the order shown. */
export function shownSummaries(request: RecordedRequest): { first: string; second: string } {
  const prompt: string = request.body.messages.map((m: { content: string }) => m.content).join('\n');
  const first = /Summary A:\n\n([\s\S]*?)\n\nSummary B:/.exec(prompt)?.[1];
  const second = /Summary B:\n\n([\s\S]*?)\n\nWhich summary/.exec(prompt)?.[1];
  if (first === undefined || second === undefined) throw new Error('not a pairwise prompt');
  return { first, second };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A number in [0, 1) per unordered pair of texts and salt: the same in both orders. */
export function pairDraw(x: string, y: string, salt: string): number {
  return seededRandom(hash([x, y].sort().join('\u0000') + salt))();
}

/** A confident answer: the token with 0.9, the other two 0.05 each. */
function answer(token: 'A' | 'B' | 'tie'): FakeReply {
  const probabilities: Record<string, number> = { A: 0.05, B: 0.05, tie: 0.05 };
  probabilities[token] = 0.9;
  return scoreReply(token, probabilities);
}

/** Prefers the higher quality plus normal noise of sd `noise` on the difference; a difference under `tieBelow` is a tie. */
export function preferringJudge(quality: (summary: string) => number, noise = 0.5, tieBelow = 0.1): (request: RecordedRequest) => FakeReply {
  return (request) => {
    const { first, second } = shownSummaries(request);
    const u = pairDraw(first, second, 'noise');
    const v = pairDraw(first, second, 'noise2');
    const z = Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    // The noise belongs to the unordered pair, signed towards the alphabetically first text: both orders see the same.
    const towardsFirst = first < second ? noise * z : -noise * z;
    const d = quality(first) - quality(second) + towardsFirst;
    return answer(Math.abs(d) < tieBelow ? 'tie' : d > 0 ? 'A' : 'B');
  };
}

/** "The first" on `share` of the pairs (chosen per pair, whatever the order), else `otherwise`. */
export function firstSayingJudge(share: number, otherwise: (request: RecordedRequest) => FakeReply): (request: RecordedRequest) => FakeReply {
  return (request) => {
    const { first, second } = shownSummaries(request);
    return pairDraw(first, second, 'first') < share ? answer('A') : otherwise(request);
  };
}
