/**
 * The JSON form of an evaluation result (`sumlens eval --json`, exported results): the
 * result as it is, except that every failed part carries `{ "error": { "code", "message" } }`
 * in place of a score, so no reader can take a missing score for a number.
 */
import type { Failure } from './errors';
import type { AspectResult, EvaluationResult, FineResult } from './result';
import { FINE_METRICS } from './outcome';

export function resultJson(result: EvaluationResult): unknown {
  return {
    ...result,
    aspects: result.aspects.map(aspectJson),
    ...(result.fine ? { fine: fineJson(result.fine) } : {}),
    ...(result.choice?.ownTemplate ? { choice: { ...result.choice, ownTemplate: result.choice.ownTemplate.map(aspectJson) } } : {}),
  };
}

function aspectJson(aspect: AspectResult): unknown {
  const { error, errorCode, ...rest } = aspect;
  if (error === undefined) return rest;
  const { score: _score, distribution: _distribution, validMass: _validMass, ...described } = rest;
  const failure: Failure = { code: errorCode ?? 'internal', message: error };
  return { ...described, error: failure };
}

function fineJson(fine: FineResult): unknown {
  const { failures, ...rest } = fine;
  const failedMetrics = FINE_METRICS.filter((m) => failures?.[m]).map((m) => [m, { error: failures?.[m] }]);
  return { ...rest, ...Object.fromEntries(failedMetrics) };
}
