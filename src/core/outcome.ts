/**
 * What a finished evaluation amounts to for whoever ran it: which requested parts (aspects,
 * fine-grained metrics) failed and why, and the one error code the whole run ends with —
 * none when everything asked for was computed, the shared cause when nothing was, 'partial'
 * in between. The CLI turns the code into its exit code (README table).
 */
import type { ErrorCode, Failure } from './errors';
import type { EvaluationResult, FineMetricName } from './result';

export const FINE_METRICS: readonly FineMetricName[] = ['completeness', 'correctness', 'alignment', 'readability'];

export interface FailedPart {
  /** "coherence", or "fine-grained correctness". */
  part: string;
  failure: Failure;
}

export function failedParts(result: EvaluationResult): FailedPart[] {
  const aspects = result.aspects
    .filter((a) => a.error !== undefined)
    .map((a) => ({ part: a.name, failure: { code: a.errorCode ?? 'internal', message: a.error ?? '' } }));
  const failures = result.fine?.failures ?? {};
  const metrics = FINE_METRICS.flatMap((m) => {
    const failure = failures[m];
    return failure ? [{ part: `fine-grained ${m}`, failure }] : [];
  });
  const ownTemplate = (result.choice?.ownTemplate ?? [])
    .filter((a) => a.error !== undefined)
    .map((a) => ({ part: `${a.name} by its own template`, failure: { code: a.errorCode ?? 'internal', message: a.error ?? '' } }));
  return [...aspects, ...metrics, ...ownTemplate];
}

/** Parts the run was asked for: every aspect, the four fine-grained metrics when that part ran, the own-template scores beside a choice. */
function requestedCount(result: EvaluationResult): number {
  return result.aspects.length + (result.fine ? FINE_METRICS.length : 0) + (result.choice?.ownTemplate?.length ?? 0);
}

/**
 * The error code the run ends with, or undefined when nothing failed. A cancelled run is
 * 'cancelled' whatever finished; when every part failed, the most frequent cause stands for
 * the run (the first one seen on a tie).
 */
export function runOutcome(result: EvaluationResult): ErrorCode | undefined {
  if (result.cancelled) return 'cancelled';
  const failed = failedParts(result);
  if (failed.length === 0) return undefined;
  if (failed.length < requestedCount(result)) return 'partial';
  const counts = new Map<ErrorCode, number>();
  for (const { failure } of failed) counts.set(failure.code, (counts.get(failure.code) ?? 0) + 1);
  return [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** Failed parts grouped by cause, so one fault shared by four aspects reads as one line. */
export function failuresByCause(failed: FailedPart[]): Array<{ parts: string[]; failure: Failure }> {
  const groups = new Map<string, { parts: string[]; failure: Failure }>();
  for (const { part, failure } of failed) {
    const key = `${failure.code}\u0000${failure.message}`;
    const group = groups.get(key) ?? { parts: [], failure };
    group.parts.push(part);
    groups.set(key, group);
  }
  return [...groups.values()];
}
