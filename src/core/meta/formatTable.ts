/** Plain-text tables and JSON for meta-evaluation figures (CLI output and benchmark reports). */
import type { MetaResult } from './metaEvaluate';
import type { PaperTable } from './paperFigures';

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

/** The meta-evaluation figures as a table, one row per aspect. */
export function metaTable(results: readonly MetaResult[]): string {
  return renderTable(
    ['aspect', 'level', 'pearson', 'spearman', 'kendall', 'items', 'documents', 'skipped', 'missing'],
    results.map((r) => [
      r.aspect,
      r.level,
      formatFigure(r.pearson),
      formatFigure(r.spearman),
      formatFigure(r.kendall),
      String(r.items),
      r.systems !== undefined ? `${r.documents} (${r.systems} systems)` : String(r.documents),
      String(r.skipped),
      String(r.missing),
    ]),
  );
}

/** JSON for `--json`: one object for one aspect, else an array (NaN becomes null). */
export function metaJson(results: readonly object[]): string {
  return JSON.stringify(results.length === 1 ? results[0] : results, null, 2);
}

/** Ours beside the paper's published figures. */
export function paperComparisonTable(results: readonly MetaResult[], paper: PaperTable): string {
  const published = (aspect: string, coefficient: 'pearson' | 'spearman' | 'kendall'): string => {
    const value = paper.figures.find((f) => f.aspect === aspect)?.[coefficient];
    return value === undefined ? '' : value.toFixed(3);
  };
  const table = renderTable(
    ['aspect', 'r ours', 'r paper', 'ρ ours', 'ρ paper', 'τ ours', 'τ paper', 'items'],
    results.map((r) => [
      r.aspect,
      formatFigure(r.pearson),
      published(r.aspect, 'pearson'),
      formatFigure(r.spearman),
      published(r.aspect, 'spearman'),
      formatFigure(r.kendall),
      published(r.aspect, 'kendall'),
      String(r.items),
    ]),
  );
  return `${table}\npaper: ${paper.source}`;
}
