/**
 * The scripted judge behind the README's sample output: each SummEval aspect gets its own
 * score distribution over 20 log-probability alternatives (as a real endpoint returns them),
 * so the table the README shows is exactly what `sumlens eval` prints on the shipped sample.
 * The README says these figures come from the tests' scripted judge, not from a real model.
 */
import type { ChatHandler } from './openaiServer';

/** Probabilities of the score tokens per aspect; the rest of the 20 alternatives share what is left. */
const SCORES: Record<string, Record<string, number>> = {
  Coherence: { '4': 0.62, '3': 0.24, '5': 0.1, '2': 0.03 },
  Consistency: { '2': 0.55, '3': 0.3, '1': 0.1, '4': 0.04 },
  Fluency: { '3': 0.85, '2': 0.14 },
  Relevance: { '3': 0.5, '4': 0.38, '2': 0.08, '5': 0.03 },
};
const FILLERS = ['The', 'Based', '**', ':', '\n', 'I', 'A', 'In', 'Overall', 'This', 'Given', '#', '-', 'After', 'Score', 'Rating', 'Let', 'We'];

export function readmeJudge(): ChatHandler {
  return ({ body }) => {
    const prompt = JSON.stringify(body.messages);
    const aspect = Object.keys(SCORES).find((name) => prompt.includes(`${name} (1-`));
    if (!aspect) return { status: 400, error: { message: 'the README judge scores only the four SummEval aspects' } };
    const scores = SCORES[aspect];
    const left = 1 - Object.values(scores).reduce((a, b) => a + b, 0);
    const fillers = FILLERS.slice(0, 20 - Object.keys(scores).length);
    const probabilities = { ...scores, ...Object.fromEntries(fillers.map((t) => [t, left / fillers.length])) };
    const top = Object.fromEntries(Object.entries(probabilities).map(([t, p]) => [t, Math.log(p)]));
    const first = Object.entries(scores).sort((a, b) => b[1] - a[1])[0][0];
    return { choices: [{ text: first, tokens: [{ token: first, logprob: top[first], top }] }] };
  };
}
