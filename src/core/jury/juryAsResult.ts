/**
 * A jury's verdict on one summary as an EvaluationResult, for the editor: each aspect is the
 * jury's (the judges' mean score, their distributions averaged, so the distribution's mean is
 * the score), its provenance names the jury, and `jury` keeps every judge's score. Usage is
 * every judge's calls together.
 */
import type { AspectResult, EvaluationResult, Method, Task } from '../result';
import type { JuryResult } from './evaluateJury';

function averaged(distributions: Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const d of distributions) for (const [value, p] of Object.entries(d)) sum[value] = (sum[value] ?? 0) + p / distributions.length;
  return sum;
}

export function juryAsResult(jury: JuryResult, context: { method: Method; task: Task; durationMs: number; cancelled?: boolean }): EvaluationResult {
  const judged = jury.judges.filter((j) => j.result);
  const aspects: AspectResult[] = jury.jury.aspects.map((pooled) => {
    const own = judged.map((j) => j.result!.aspects.find((a) => a.name === pooled.name)).filter((a): a is AspectResult => a !== undefined && a.score !== null);
    const first = own[0];
    const names = judged.filter((j) => j.result!.aspects.some((a) => a.name === pooled.name && a.score !== null)).map((j) => j.name);
    return {
      ...first,
      score: pooled.score,
      distribution: averaged(own.map((a) => a.distribution)),
      provenance: {
        route: first.provenance?.route ?? first.method,
        why: `jury of ${names.length} (${names.join(', ')}): their mean`,
        validMass: first.validMass,
      },
      ...(pooled.leftOut.length ? { warnings: [`left out of the jury: ${pooled.leftOut.join(', ')}`] } : {}),
    };
  });
  const usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  for (const j of judged) for (const key of Object.keys(usage) as (keyof typeof usage)[]) usage[key] += j.result!.usage[key];
  return {
    aspects,
    usage,
    model: `jury of ${jury.judges.length}`,
    endpoint: 'jury',
    method: context.method,
    task: context.task,
    durationMs: context.durationMs,
    ...(context.cancelled ? { cancelled: true } : {}),
    jury: {
      pool: 'mean',
      judges: jury.judges.map((j) => ({
        name: j.name,
        model: j.model,
        endpoint: j.endpoint,
        scores: Object.fromEntries(jury.jury.aspects.map((a) => [a.name, j.result?.aspects.find((x) => x.name === a.name)?.score ?? null])),
        ...(j.error ? { error: j.error.message } : {}),
      })),
      aspects: jury.jury.aspects.map(({ name, score, sd, min, max, leftOut }) => ({ name, score, sd, min, max, leftOut })),
    },
  };
}
