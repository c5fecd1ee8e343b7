/**
 * A judge for the provider profiles: every scoring prompt gets the same answers, so the score
 * each route must give is known. Log-probability route: the first token's alternatives
 * (default 3: 0.6, 2: 0.4, so 2.6). Sampling route: each prompt's answers cycle through
 * 3, 2, 3, 3, 2 in the order they are drawn (20 draws: twelve 3s and eight 2s, so 2.6), however
 * the draws are split into requests.
 */
import type { ChatHandler, FakeChoice } from '../openaiServer';

export const SAMPLED_ANSWERS = ['3', '2', '3', '3', '2'];
export const DEFAULT_ALTERNATIVES: Record<string, number> = { '3': 0.6, '2': 0.4 };

/** The score the served answers imply: Σ p·s over the alternatives whose text is a score, renormalised. */
export function impliedScore(alternatives: Record<string, number>): number {
  let mass = 0;
  let sum = 0;
  const seen = new Set<string>();
  for (const [token, p] of Object.entries(alternatives)) {
    if (seen.has(token.trim())) continue; // one value per text, as servers that merge them send it
    seen.add(token.trim());
    mass += p;
    sum += p * Number(token.trim());
  }
  return sum / mass;
}

export function scoreJudge(alternatives: Record<string, number> = DEFAULT_ALTERNATIVES): ChatHandler {
  const drawn = new Map<string, number>();
  return ({ body }) => {
    const n = Number(body.n ?? 1);
    const prompt = JSON.stringify(body.messages);
    const choices: FakeChoice[] = Array.from({ length: n }, () => {
      if (body.logprobs) {
        const top = Object.fromEntries(Object.entries(alternatives).map(([t, p]) => [t, Math.log(p)]));
        // The generated token is the likeliest alternative (integer-like keys do not keep their order).
        const first = Object.entries(alternatives).sort((a, b) => b[1] - a[1])[0][0];
        return { text: first, tokens: [{ token: first, logprob: top[first], top }] };
      }
      const k = drawn.get(prompt) ?? 0;
      drawn.set(prompt, k + 1);
      return { text: SAMPLED_ANSWERS[k % SAMPLED_ANSWERS.length] };
    });
    return { choices };
  };
}
