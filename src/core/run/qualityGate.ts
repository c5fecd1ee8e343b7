/**
 * `--fail-under consistency=4,relevance=3.5`: a run fails its quality gate when an aspect's
 * mean (or, with --strict-ci, the lower bound of its 95% interval) is below the threshold,
 * for the run or for any of its systems. Each failure is one line for people.
 */
import { SumLensError } from '../errors';
import type { AspectRow } from './aspectTable';

export function parseThresholds(text: string): Record<string, number> {
  const thresholds: Record<string, number> = {};
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [aspect, value] = pair.split('=').map((s) => s.trim());
    const threshold = Number(value);
    if (!aspect || value === undefined || value === '' || !Number.isFinite(threshold)) {
      throw new SumLensError('usage', `--fail-under wants ASPECT=NUMBER pairs, e.g. consistency=4,relevance=3.5 (got "${pair}")`);
    }
    thresholds[aspect] = threshold;
  }
  return thresholds;
}

export function gateFailures(rows: readonly AspectRow[], thresholds: Record<string, number>, strictCi = false): string[] {
  const failures: string[] = [];
  for (const [aspect, threshold] of Object.entries(thresholds)) {
    const matching = rows.filter((r) => r.aspect === aspect);
    if (matching.length === 0) {
      const known = [...new Set(rows.map((r) => r.aspect))].join(', ');
      throw new SumLensError('usage', `--fail-under names "${aspect}", which this run has no scores for (it has: ${known})`);
    }
    for (const row of matching) {
      const figure = strictCi ? row.interval.low : row.mean;
      if (Number.isNaN(figure) || figure < threshold) {
        const what = strictCi ? 'lower 95% bound' : 'mean';
        failures.push(
          `quality gate: ${aspect}${row.system !== undefined ? ` (system ${row.system})` : ''} ${what} ${Number.isNaN(figure) ? 'unknown (no scores)' : figure.toFixed(3)} < ${threshold}`,
        );
      }
    }
  }
  return failures;
}
