/** A measurement in one line, for the CodeLens above a template (the panel shows it as a table). */
import { formatCount, formatEstimate, formatPValue, formatScore, plural } from '../webview/numberFormat';
import type { Measurement } from './measurementHistory';

type Figure = Measurement['candidate'];

const signed = (x: number | null) => (x === null ? '—' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${formatScore(Math.abs(x))}`);

/** A difference with its interval, signed: "+0.03 [−0.10, +0.15]". */
function differenceText(f: Figure): string {
  return `${signed(f.correlation)} [${signed(f.low)}, ${signed(f.high)}]`;
}

/** The CodeLens line: this template's correlation with people beside the built-in one's. */
export function measurementLine(m: Measurement): string {
  return `ρ with people ${formatEstimate(m.candidate.correlation, m.candidate.low, m.candidate.high)} · built-in ${formatScore(m.baseline.correlation)} · Δ ${differenceText(m.difference)}, p ${formatPValue(m.pValue)} · ${m.items} items, ${plural(m.calls, 'call')}, ${formatCount(m.tokens)} tokens`;
}
