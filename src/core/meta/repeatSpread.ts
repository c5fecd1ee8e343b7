/**
 * `bench --repeat N`: how much a judge's agreement with people moves from one run to the next.
 * Per aspect and correlation, the mean, standard deviation (n − 1) and range over the N runs.
 */
import { spreadOf, type AspectSpread } from '../repeat';
import type { MetaResult } from './metaEvaluate';

export interface CorrelationSpread {
  aspect: string;
  level: string;
  pearson: AspectSpread;
  spearman: AspectSpread;
  kendall: AspectSpread;
}

const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** `runs[k]` is run k's meta results (one per aspect, in the same order for every run). */
export function correlationSpread(runs: readonly (readonly MetaResult[])[]): CorrelationSpread[] {
  return (runs[0] ?? []).map((first, i) => {
    const of = (name: 'pearson' | 'spearman' | 'kendall') =>
      spreadOf(
        `${first.aspect} ${name}`,
        runs.map((results) => defined(results[i][name])),
      );
    return { aspect: first.aspect, level: first.level, pearson: of('pearson'), spearman: of('spearman'), kendall: of('kendall') };
  });
}

const f = (x: number | null) => (x === null ? '—' : x.toFixed(4));

/** The spread as a table: each correlation as "mean ± sd [min, max]". */
export function correlationSpreadTable(spreads: readonly CorrelationSpread[], runs: number): string {
  const cell = (s: AspectSpread) => `${f(s.mean)} ± ${f(s.sd)} [${f(s.min)}, ${f(s.max)}]`;
  const rows = [
    ['aspect', 'level', 'pearson', 'spearman', 'kendall'],
    ...spreads.map((s) => [s.aspect, s.level, cell(s.pearson), cell(s.spearman), cell(s.kendall)]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) =>
    r
      .map((cellText, c) => cellText.padEnd(widths[c]))
      .join('  ')
      .trimEnd(),
  );
  return `agreement with people over ${runs} runs (mean ± sd [min, max]):\n${lines.join('\n')}\n`;
}
