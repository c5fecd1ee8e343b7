/** Plain-text tables and JSON for meta-evaluation figures (CLI output and benchmark reports). */
import type { Interval } from '../stats/percentile';
import type { CompareResult } from './metaCompare';
import type { Dataset } from '../datasets/dataset';
import type { MetaResult } from './metaEvaluate';
import { COEFFICIENTS, type BootstrapInfo, type MetaResultWithIntervals } from './metaIntervals';
import { paperBeside, paperLabel } from './paperBeside';
import type { PaperFigure, PaperTable } from './paperFigures';

/** A correlation to 4 decimals, or "n/a" when undefined (constant input, no data). */
export function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(4);
}

/** Left-aligned first column, right-aligned others, two spaces between columns. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** "[0.3560, 0.5225]", or "n/a" when the interval is undefined. */
export function formatInterval(interval: Interval | undefined): string {
  if (!interval || Number.isNaN(interval.low) || Number.isNaN(interval.high)) return 'n/a';
  return `[${interval.low.toFixed(4)}, ${interval.high.toFixed(4)}]`;
}

/** A p-value to 4 decimals, "< 0.0001" below that. */
export function formatPValue(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  return p < 0.0001 ? '< 0.0001' : p.toFixed(4);
}

/** The line printed under every table of intervals: how they were made, so they can be reproduced. */
export function bootstrapNote(info: BootstrapInfo): string {
  const left = Object.entries(info.undefinedResamples ?? {}).map(([c, n]) => `${c} ${n}`);
  return (
    `${Math.round(info.confidence * 100)}% percentile bootstrap intervals: ${info.resamples} resamples of ${info.unit}, ` +
    `seed ${info.seed}` +
    (left.length > 0 ? `; resamples with an undefined correlation, left out: ${left.join(', ')}` : '')
  );
}

/** Figure columns (with an interval column after each when there are intervals), then counts. */
export function figureColumns(results: readonly MetaResultWithIntervals[]): { header: string[]; cells: (r: MetaResultWithIntervals) => string[] } {
  const withIntervals = results.some((r) => r.intervals !== undefined);
  const header = COEFFICIENTS.flatMap((c) => (withIntervals ? [c, '95% CI'] : [c]));
  const cells = (r: MetaResultWithIntervals): string[] =>
    COEFFICIENTS.flatMap((c) => (withIntervals ? [formatFigure(r[c]), formatInterval(r.intervals?.[c])] : [formatFigure(r[c])]));
  return { header, cells };
}

/** The meta-evaluation figures as a table, one row per aspect, with how intervals were made under it. */
export function metaTable(results: readonly MetaResultWithIntervals[]): string {
  const figures = figureColumns(results);
  const table = renderTable(
    ['aspect', 'level', ...figures.header, 'items', 'documents', 'skipped', 'missing'],
    results.map((r) => [
      r.aspect,
      r.level,
      ...figures.cells(r),
      String(r.items),
      r.systems !== undefined ? `${r.documents} (${r.systems} systems)` : String(r.documents),
      String(r.skipped),
      String(r.missing),
    ]),
  );
  const info = results.find((r) => r.bootstrap)?.bootstrap;
  return info ? `${table}\n${bootstrapNote(info)}` : table;
}

/** `meta --compare`: per aspect and coefficient, A, B, A − B with its interval and p-value. */
export function compareTable(results: readonly CompareResult[]): string {
  if (results.length === 0) return '';
  const { labels, bootstrap, permutations } = results[0];
  const table = renderTable(
    ['aspect', 'level', 'coefficient', 'A', 'B', 'A − B', '95% CI', 'p', 'items'],
    results.flatMap((r) =>
      COEFFICIENTS.map((c) => [
        r.aspect,
        r.level,
        c,
        formatFigure(r.a[c]),
        formatFigure(r.b[c]),
        formatFigure(r.difference[c]),
        formatInterval(r.intervals[c]),
        formatPValue(r.pValues[c]),
        String(r.items),
      ]),
    ),
  );
  return [
    `A = ${labels.a}`,
    `B = ${labels.b}`,
    table,
    bootstrapNote(bootstrap),
    `p: two-sided paired permutation test, A and B swapped within each ${bootstrap.unit === 'documents' ? 'document' : 'item'}, ` +
      `${permutations} permutations, seed ${bootstrap.seed}`,
  ].join('\n');
}

/** JSON for `--json`: one object for one aspect, else an array (NaN becomes null). */
export function metaJson(results: readonly object[]): string {
  return JSON.stringify(results.length === 1 ? results[0] : results, null, 2);
}

/** Ours beside the paper's published figures, under the paper's label (paper, model, table, level); a row per setting the paper ran its judge in. */
export function paperComparisonTable(results: readonly MetaResult[], paper: PaperTable): string {
  const published = (figure: PaperFigure | undefined, coefficient: 'pearson' | 'spearman' | 'kendall'): string => {
    const value = figure?.[coefficient];
    return value === undefined ? '' : value.toFixed(3);
  };
  const rows = results.flatMap((r) => {
    const figures = paper.figures.filter((f) => f.aspect === r.aspect);
    return (figures.length > 0 ? figures : [undefined]).map((f) => [
      f?.setting !== undefined ? `${r.aspect} (paper: ${f.setting})` : r.aspect,
      formatFigure(r.pearson),
      published(f, 'pearson'),
      formatFigure(r.spearman),
      published(f, 'spearman'),
      formatFigure(r.kendall),
      published(f, 'kendall'),
      String(r.items),
    ]);
  });
  const table = renderTable(['aspect', 'r ours', 'r paper', 'ρ ours', 'ρ paper', 'τ ours', 'τ paper', 'items'], rows);
  return `${paperLabel(paper)}\n${table}`;
}

/**
 * What follows a run's meta table: the published table when the run is on the paper's dataset
 * and protocol, else the one-line reason it is not shown (nothing for datasets no paper measured).
 */
export function paperSection(dataset: Dataset, results: readonly MetaResult[]): string {
  const decision = paperBeside(dataset, results);
  if (decision === undefined) return '';
  return 'table' in decision ? `\n${paperComparisonTable(results, decision.table)}\n` : `${decision.notShown}\n`;
}
