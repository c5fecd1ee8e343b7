/** An agreement figure with its interval as a table cell, shared by `agreement` and `review status`. */
import type { Estimate } from '../../core/agreement/agreementTable';

const fmt = (x: number) => x.toFixed(3).replace(/^-(0\.0+)$/, '$1');

/** "0.512 [0.301, 0.688]"; "— (one item)" for a figure that is not defined; no brackets without resamples. */
export function cell(e: Estimate): string {
  if (!Number.isFinite(e.value)) return `— (${e.reason})`;
  if (Number.isFinite(e.interval.low)) return `${fmt(e.value)} [${fmt(e.interval.low)}, ${fmt(e.interval.high)}]`;
  return e.interval.reason === 'no resamples (--resamples 0)' ? fmt(e.value) : `${fmt(e.value)} [— (${e.interval.reason})]`;
}
