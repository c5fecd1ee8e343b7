/**
 * An alignment's figures for people: per aspect, the original template and each candidate on
 * the held-out items (alpha, kappa, Spearman, mean absolute difference with intervals; the
 * change in error, its Holm p and the alpha gain), the candidates dropped, and the verdict.
 * The CLI prints it; `report --alignment` puts it into Markdown and HTML.
 */
import { dirname } from 'node:path';
import type { AgreementRow, Estimate } from '../agreement/agreementTable';
import type { AspectAlignment } from './alignJudge';
import { CANDIDATE_LABELS } from './candidateLabels';

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3).replace(/^-(0\.0+)$/, '$1') : '—');

function cell(e: Estimate): string {
  if (!Number.isFinite(e.value)) return `— (${e.reason ?? 'not defined'})`;
  return Number.isFinite(e.interval.low) ? `${fmt(e.value)} [${fmt(e.interval.low)}, ${fmt(e.interval.high)}]` : fmt(e.value);
}

const withInterval = (e: { value: number; interval: { low: number; high: number } }) => `${fmt(e.value)} [${fmt(e.interval.low)}, ${fmt(e.interval.high)}]`;

function row(name: string, agreement: AgreementRow, vsOriginal: string[]): string[] {
  return [name, cell(agreement.alphaInterval), cell(agreement.kappa), cell(agreement.spearman), cell(agreement.meanAbsoluteDifference), ...vsOriginal];
}

export interface AlignmentFigures {
  title: string;
  head: string[];
  rows: string[][];
  /** Candidates that could not be made, and why; then the verdict. */
  notes: string[];
}

export function alignmentFigures({ verdict, written, dropped, adoptedExamples, exampleSources }: AspectAlignment): AlignmentFigures {
  const head = ['template', 'alpha (interval)', 'kappa', 'spearman', 'mean |diff|', 'change in |diff|', 'Holm p', 'alpha gain'];
  const rows = [
    row('yours (original)', verdict.original, ['', '', '']),
    ...verdict.candidates.map((c) =>
      row(CANDIDATE_LABELS[c.name], c.agreement, [
        withInterval({ value: c.errorChange.meanDifference, interval: c.errorChange.interval }),
        Number.isFinite(c.adjustedP) ? c.adjustedP.toFixed(4) : '—',
        withInterval(c.alphaGain),
      ]),
    ),
  ];
  const best = [...verdict.candidates].sort((a, b) => a.errorChange.meanDifference - b.errorChange.meanDifference)[0];
  const outcome =
    verdict.adopted === 'calibration' && written !== undefined
      ? calibrationOutcome(verdict.n, written)
      : written !== undefined
        ? `adopted: ${CANDIDATE_LABELS[verdict.adopted!]}, learned again on all ${verdict.n} items and written to ${written}${adoptedExamples?.length ? ` (its examples: ${adoptedExamples.join(', ')})` : ''}`
        : `keep your template: no candidate both lowers the judge's error significantly (Holm p < 0.05) and raises alpha (its interval above 0)${best ? `; closest: ${best.name}` : ''}; nothing was written`;
  return {
    title: `${verdict.aspect}: ${verdict.n} rated items, each scored by the candidates learned without its document`,
    head,
    rows,
    notes: [...dropped.map((d) => `dropped: ${CANDIDATE_LABELS[d.name]}: ${d.reason}`), ...(exampleSources ? [exampleSources] : []), outcome],
  };
}

/** The map's file, and the two ways to apply it: by name, or as the calibration of the prompts folder it is in (`<out>/<task>/calibration.json`). */
function calibrationOutcome(n: number, written: string): string {
  const folder = dirname(dirname(written));
  return (
    `adopted: the calibration (no template changes), fitted again on all ${n} items; its map was written to ${written}; ` +
    `apply it with eval --calibration ${written}, or eval --prompts ${folder}, which applies the calibration of the folder`
  );
}

/** Every column as wide as its widest cell. */
export function alignmentText(alignment: AspectAlignment): string {
  const { title, head, rows, notes } = alignmentFigures(alignment);
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((text, c) => text.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [title, line(head), ...rows.map(line), ...notes].join('\n');
}
