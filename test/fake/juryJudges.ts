/**
 * A constructed jury for the tests: items with a hidden true score, and judges (told apart by
 * the model they are asked for) that report it with their own seeded noise; `copy-of-a`
 * repeats judge-a exactly (errors correlated 1), so the jury has fewer independent judges
 * than members. Answers are log-probability distributions whose mean is the judge's score.
 */
import { seededRandom } from '../../src/core/stats/random';
import type { FakeReply, RecordedRequest } from './openaiServer';
import { scoreReply } from './openaiServer';

export const JURY_MODELS = ['judge-a', 'judge-b', 'judge-c', 'copy-of-a'];

/** The hidden true score (1-5) of item k, and a judge's noisy view of it. */
export function trueScore(k: number): number {
  return 1 + 4 * seededRandom(1000 + k)();
}

function noise(model: string, k: number): number {
  const source = model === 'copy-of-a' ? 'judge-a' : model;
  const random = seededRandom(k * 7919 + [...source].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 0));
  // Box–Muller: a normal draw with sd 0.6.
  return 0.6 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export function juryItems(count: number): { id: string; source: string; summary: string; truth: number }[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `item${k}`,
    source: `Article number ${k} about the city budget.`,
    summary: `Summary ${k} of the budget.`,
    truth: trueScore(k),
  }));
}

export function juryJudge(request: RecordedRequest): FakeReply {
  const prompt = JSON.stringify(request.body.messages);
  const k = Number(/Summary (\d+) of the budget/.exec(prompt)?.[1] ?? 0);
  const score = Math.min(5, Math.max(1, trueScore(k) + noise(String(request.body.model), k)));
  const low = Math.floor(score);
  const probabilities: Record<string, number> = { [String(low)]: 1 - (score - low) };
  if (score > low) probabilities[String(low + 1)] = score - low;
  return scoreReply(Object.entries(probabilities).sort((a, b) => b[1] - a[1])[0][0], probabilities);
}
