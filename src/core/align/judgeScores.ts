/**
 * The judge's score of one aspect on each of a set of items, under one template folder (none:
 * the templates as the user has them). Items go through evaluate() like any run's, so every
 * answer is cached by its prompt: an alignment stopped half-way, started again, pays only for
 * what it had not asked. A failure is never a score: the first one ends the alignment with its
 * own error (and exit code), after the requests in flight have finished.
 */
import { setMaxListeners } from 'node:events';
import { SumLensError } from '../errors';
import type { EvaluateOptions, EvaluationInput } from '../evaluate';
import type { Evaluator } from '../run/runItems';

export interface JudgedItem {
  key: string;
  input: EvaluationInput;
}

export interface JudgeScoring {
  evaluate: Evaluator;
  /** Options shared by every call: session, route, samples, parse rule… */
  options: Omit<EvaluateOptions, 'aspects' | 'promptOverrideDir' | 'method'>;
  /** Items judged at once. */
  concurrency: number;
  signal?: AbortSignal;
  onItem?(): void;
}

export async function judgeScores(items: readonly JudgedItem[], aspect: string, promptDir: string | undefined, scoring: JudgeScoring): Promise<number[]> {
  // Every request in flight listens to the signal; `concurrency` bounds how many there are.
  if (scoring.signal) setMaxListeners(0, scoring.signal);
  const scores = new Array<number>(items.length);
  let next = 0;
  // The first error a worker met, boxed: a thrown value may be anything, even undefined.
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const i = next++;
      try {
        scores[i] = await scoreOne(items[i], aspect, promptDir, scoring);
        scoring.onItem?.();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(scoring.concurrency, items.length)) }, worker));
  if (failure !== undefined) throw failure.error;
  return scores;
}

async function scoreOne(item: JudgedItem, aspect: string, promptDir: string | undefined, scoring: JudgeScoring): Promise<number> {
  const result = await scoring.evaluate(
    item.input,
    { ...scoring.options, method: 'geval', aspects: [aspect], promptOverrideDir: promptDir },
    { signal: scoring.signal },
  );
  if (result.cancelled) throw new SumLensError('cancelled', 'the alignment was cancelled');
  const scored = result.aspects.find((a) => a.name === aspect);
  if (!scored || scored.score === null) {
    throw new SumLensError(scored?.errorCode ?? 'invalid-reply', `item ${item.key}, ${aspect}: ${scored?.error ?? 'no score could be read from the judge'}`);
  }
  return scored.score;
}
