/** `--cross` as text: the matrix of ρ with intervals, how it was made, and the confused aspects. */
import type { CrossTest } from './crossAspects';
import { bootstrapNote, renderTable } from './formatTable';
import type { CrossRun } from './runCross';

const two = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));
const signed = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${x >= 0 ? '+' : ''}${x.toFixed(3)}`);

/** Why a matrix has no test (one human aspect only, or no judge aspect named after a human one). */
export const NO_TEST = 'no test: a test needs a judge aspect with a human aspect of its own name, and another human aspect';

/** "0.52 [0.47, 0.57]". */
export function crossCell(spearman: number, interval: { low: number; high: number }): string {
  return `${two(spearman)} [${two(interval.low)}, ${two(interval.high)}]`;
}

/**
 * A bootstrap p-value; 0 (no resampled difference on the other side of 0) is printed as below
 * the smallest value R resamples can give, 2/R, not as a p of zero.
 */
export function formatBootstrapP(p: number, resamples: number): string {
  if (Number.isNaN(p)) return 'n/a';
  return p === 0 ? `< ${String(2 / resamples)}` : p.toFixed(3);
}

function testLine(t: CrossTest, resamples: number): string {
  return (
    `  ${t.judge} ~ human ${t.other}: ρ ${signed(t.difference)} over its own, 95% CI [${signed(t.interval.low)}, ${signed(t.interval.high)}], ` +
    `p ${formatBootstrapP(t.pValue, resamples)}, Holm p ${formatBootstrapP(t.pHolm, resamples)}`
  );
}

/** The rows of the matrix: judge aspects down, human aspects across, the own-aspect cell marked "*". */
export function crossMatrixTable(run: CrossRun): string {
  return renderTable(
    ['judge \\ human', ...run.humanAspects],
    run.rows.map((row) => [row.judge, ...row.cells.map((c) => (c.human === row.judge ? '*' : '') + crossCell(c.spearman, c.interval))]),
  );
}

export function crossTable(run: CrossRun): string {
  const { resamples } = run.bootstrap;
  const confused = run.tests.filter((t) => t.confused);
  // Above its own on this sample but not once the number of tests is accounted for: shown, not flagged.
  const notSignificant = run.tests.filter((t) => !t.confused && t.interval.low > 0);
  const mostSkipped = Math.max(0, ...run.rows.flatMap((r) => r.cells.map((c) => c.skipped)));
  const lines = [
    run.dataset,
    `judge: ${run.source}; ${run.level} level; ${run.items} items, ${run.documents} documents` +
      (run.missing > 0 ? `; ${run.missing} items without every judge aspect left out` : ''),
    `Spearman ρ of each judge aspect (row) with each human aspect (column); * = its own aspect`,
    crossMatrixTable(run),
    `${bootstrapNote(run.bootstrap)}, the same resamples for every cell`,
    ...(mostSkipped > 0 ? [`documents with constant judge or human scores left out per cell, at most ${mostSkipped}`] : []),
    run.tests.length === 0
      ? NO_TEST
      : `confused (ρ with another human aspect above ρ with its own: interval above 0, Holm p < ${run.alpha}, ${run.tests.length} tests):` +
        (confused.length === 0 ? ' none' : ''),
    ...confused.map((t) => testLine(t, resamples)),
    ...(notSignificant.length > 0 ? ['above its own, not significant after Holm:', ...notSignificant.map((t) => testLine(t, resamples))] : []),
  ];
  return lines.join('\n');
}
