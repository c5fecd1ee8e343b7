/**
 * One summary before a jury: every judge evaluates it on its own session (its endpoint, model,
 * route, cache slot, provenance and failures), all at once; per aspect the jury's score is the
 * judges' scores pooled, with their spread. A judge that failed is left out of the pool and
 * named with its error; the others still count.
 */
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import { isSumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import type { EvaluationResult } from '../result';
import type { JudgeSpec } from './judgesFile';
import type { PoolRule } from '../methodsAndTasks';
import { pool, type Pooled } from './pool';

export type Evaluator = (input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks) => Promise<EvaluationResult>;

export interface Juror {
  spec: JudgeSpec;
  session: LlmSession;
}

export interface JudgeVerdict {
  name: string;
  model: string;
  endpoint: string;
  result?: EvaluationResult;
  error?: { code: string; message: string };
}

export interface JuryAspect extends Pooled {
  name: string;
  /** Judges whose score for this aspect is missing (failed or unreadable). */
  leftOut: string[];
}

export interface JuryResult {
  pool: PoolRule;
  judges: JudgeVerdict[];
  jury: { aspects: JuryAspect[] };
}

export async function evaluateJury(
  input: EvaluationInput,
  jurors: Juror[],
  /** The evaluation every juror runs (on its own session), how their scores are pooled, and the evaluate() that runs it. */
  { options, rule, evaluate }: { options: Omit<EvaluateOptions, 'session'>; rule: PoolRule; evaluate: Evaluator },
  hooks: EvaluateHooks = {},
): Promise<JuryResult> {
  const settled = await Promise.allSettled(
    jurors.map((j) =>
      evaluate(
        input,
        { ...options, session: j.session, ...(j.spec.route ? { route: j.spec.route } : {}), ...(j.spec.samples ? { samples: j.spec.samples } : {}) },
        { signal: hooks.signal },
      ),
    ),
  );
  const judges: JudgeVerdict[] = settled.map((s, i) => {
    const { spec, session } = jurors[i];
    const base = { name: spec.name, model: session.model, endpoint: session.endpoint };
    if (s.status === 'fulfilled') {
      // A judge none of whose aspects could be scored failed, with the first aspect's reason.
      const failed = s.value.aspects.length > 0 && s.value.aspects.every((a) => a.score === null);
      const first = s.value.aspects[0];
      return {
        ...base,
        result: s.value,
        ...(failed ? { error: { code: first.errorCode ?? 'server-error', message: first.error ?? 'no aspect could be scored' } } : {}),
      };
    }
    if (!isSumLensError(s.reason)) throw s.reason;
    const error = s.reason;
    return { ...base, error: { code: error.code, message: error.message } };
  });
  const names = [...new Set(judges.flatMap((j) => j.result?.aspects.map((a) => a.name) ?? []))];
  const aspects = names.flatMap((name): JuryAspect[] => {
    const scored = judges.map((j) => ({ judge: j.name, score: j.result?.aspects.find((a) => a.name === name)?.score ?? null }));
    const pooled = pool(
      scored.flatMap((s) => (s.score === null ? [] : [s.score])),
      rule,
    );
    return pooled ? [{ name, ...pooled, leftOut: scored.filter((s) => s.score === null).map((s) => s.judge) }] : [];
  });
  return { pool: rule, judges, jury: { aspects } };
}
