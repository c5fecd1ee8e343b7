/** One line for people: the held-out agreement before and after an alignment, and what it decided. */
import type { AspectAlignment } from '../../core/align/alignJudge';
import type { CandidateName } from '../../core/align/crossValidate';

const f = (e: { value: number; interval: { low: number; high: number } }) =>
  `${e.value.toFixed(2)} [${e.interval.low.toFixed(2)}, ${e.interval.high.toFixed(2)}]`;

export function alignmentSummary({ verdict }: AspectAlignment, labels: Record<CandidateName, string>): string {
  const adopted = verdict.candidates.find((c) => c.name === verdict.adopted);
  const before = `${verdict.aspect} on ${verdict.n} held-out items: mean |judge − people| ${f(verdict.original.meanAbsoluteDifference)}, alpha ${f(verdict.original.alphaInterval)}`;
  if (!adopted) return `${before}. No candidate did significantly better: keep your template (nothing was changed).`;
  const after = `${f(adopted.agreement.meanAbsoluteDifference)}, alpha ${f(adopted.agreement.alphaInterval)}`;
  if (adopted.name === 'calibration')
    return `${before}; calibrated: ${after}. The calibration did best (no template changes): it maps the judge's scores to your people's scale.`;
  return `${before}; ${labels[adopted.name]}: ${after} (Holm p ${adopted.adjustedP.toFixed(4)}).`;
}
