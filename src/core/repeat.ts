/**
 * `eval --repeat N`: N independent evaluations of one summary (each in its own cache slot, so
 * a re-run costs nothing), and per aspect the spread of the scores: mean, standard deviation
 * (n − 1), range; with a threshold, the share of runs at or above it and whether the runs fall
 * on both sides of it (a verdict that a single run would have decided by chance).
 */
import { evaluate, type EvaluateHooks, type EvaluateOptions, type EvaluationInput } from './evaluate';
import { inCacheSlot } from './llm/cacheSlot';
import type { AspectSpread, EvaluationResult, FineResult, ThresholdReport } from './result';

export type { AspectSpread, ThresholdReport };

export interface RepeatedEvaluation {
  runs: EvaluationResult[];
  spread: AspectSpread[];
  cancelled?: boolean;
}

const FINE_METRICS = ['completeness', 'correctness', 'alignment', 'readability'] as const;

/** Every named score of one run: the holistic aspects, then the fine-grained metrics (1–5). */
function namedScores(result: EvaluationResult): Map<string, number | null> {
  const scores = new Map<string, number | null>(result.aspects.map((a) => [a.name, a.score]));
  const fine: FineResult | undefined = result.fine;
  if (fine) for (const metric of FINE_METRICS) scores.set(`fine ${metric}`, fine[metric]?.score ?? null);
  return scores;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

export function spreadOf(name: string, scores: (number | null)[], threshold?: number): AspectSpread {
  const values = scores.filter((s): s is number => s !== null);
  const n = values.length;
  const mean = n > 0 ? values.reduce((s, v) => s + v, 0) / n : null;
  const sd = n > 1 && mean !== null ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : null;
  const spread: AspectSpread = {
    name,
    scores,
    scored: n,
    mean,
    sd,
    min: n > 0 ? Math.min(...values) : null,
    max: n > 0 ? Math.max(...values) : null,
  };
  if (threshold !== undefined && n > 0) {
    const passed = values.filter((v) => v >= threshold).length;
    spread.threshold = { threshold, passed, passRate: passed / n, straddles: passed > 0 && passed < n };
  }
  return spread;
}

/** The spread of every named score over the runs, in the order of the first run. */
export function spreadOverRuns(runs: readonly EvaluationResult[], threshold?: number): AspectSpread[] {
  const perRun = runs.map(namedScores);
  const names = [...new Set(perRun.flatMap((scores) => [...scores.keys()]))];
  return names.map((name) =>
    spreadOf(
      name,
      perRun.map((scores) => scores.get(name) ?? null),
      threshold,
    ),
  );
}

export async function evaluateRepeated(
  input: EvaluationInput,
  options: EvaluateOptions,
  { runs, threshold }: { runs: number; threshold: number | undefined },
  hooks: EvaluateHooks = {},
): Promise<RepeatedEvaluation> {
  // Progress is the runs' steps added up; the aspects as they come are the first run's.
  const steps = Array.from({ length: runs }, () => ({ done: 0, total: 0 }));
  const runHooks = (slot: number): EvaluateHooks => ({
    signal: hooks.signal,
    onProgress: (p) => {
      steps[slot] = { done: p.done, total: p.total };
      hooks.onProgress?.({ done: sum(steps.map((s) => s.done)), total: sum(steps.map((s) => s.total)), label: p.label });
    },
    onAspect: slot === 0 ? hooks.onAspect : undefined,
  });
  // All runs at once: the session's concurrency limit paces the calls.
  const results = await Promise.all(
    Array.from({ length: runs }, (_, slot) => evaluate(input, { ...options, session: inCacheSlot(options.session, slot) }, runHooks(slot))),
  );
  const cancelled = results.some((r) => r.cancelled);
  return { runs: results, spread: spreadOverRuns(results, threshold), ...(cancelled ? { cancelled } : {}) };
}
