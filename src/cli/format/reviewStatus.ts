/** `sumlens review status` as text: progress per rater, then agreement per aspect (among raters, each rater against the others, the judge). */
import type { ReviewStatus } from '../../core/review/reviewStatus';
import { alignColumns } from './columns';
import { cell } from './estimateCell';

const none = '—';

/** A review's pairwise items: progress per rater, then per question the answers, alpha (nominal) among raters and Cohen's kappa of each two raters. */
function pairsText(pairs: NonNullable<ReviewStatus['pairs']>): string[] {
  const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : none);
  const parts = [
    `${pairs.count} pairs (A, B or tie), questions ${pairs.questions.join(', ')}`,
    '',
    ...alignColumns([
      ['rater', 'pairs done', 'answers', 'skips'],
      ...pairs.raters.map((r) => [r.rater, `${r.done} of ${r.assigned}`, String(r.answers), String(r.skips)]),
    ]),
    '',
    ...alignColumns([
      ['question', 'raters', 'A / B / tie', 'pairs answered twice', 'alpha (nominal)'],
      ...pairs.agreement.map((q) => [
        q.question,
        String(q.raters.length),
        `${q.counts.A} / ${q.counts.B} / ${q.counts.tie}`,
        String(q.pairedItems),
        cell(q.alphaNominal),
      ]),
    ]),
  ];
  const kappas = pairs.agreement.flatMap((q) =>
    q.byRaters.map((k) => [q.question, `${k.raters[0]} and ${k.raters[1]}`, String(k.n), fixed(k.agreement), fixed(k.kappa)]),
  );
  if (kappas.length > 0)
    parts.push('', 'each two raters on the pairs both answered', ...alignColumns([['question', 'raters', 'n', 'same answer', "Cohen's kappa"], ...kappas]));
  return parts;
}

export function reviewStatusText(status: ReviewStatus, intervals: string): string {
  if (status.aspects.length === 0 && status.pairs)
    return [`review ${status.name}: ${pairsText(status.pairs)[0]}`, ...pairsText(status.pairs).slice(1), intervals].join('\n');
  const parts = [`review ${status.name}: ${status.items} items, aspects ${status.aspects.join(', ')}`];
  if (status.changed.length > 0) parts.push(`${status.changed.length} item(s) changed since the review began, left out of every figure`);
  parts.push(
    '',
    ...alignColumns([
      ['rater', 'items done', 'scores', 'skips', 'adjudications'],
      ...status.raters.map((r) => [r.rater, `${r.done} of ${r.assigned}`, String(r.scores), String(r.skips), String(r.adjudications)]),
    ]),
  );
  parts.push(
    '',
    ...alignColumns([
      ['aspect', 'raters', 'items scored twice', 'alpha (interval)', 'alpha (ordinal)'],
      ...status.agreement.map((a) => [
        a.aspect,
        String(a.raters.length),
        String(a.pairedItems),
        a.alphaInterval ? cell(a.alphaInterval) : `${none} (fewer than two raters)`,
        a.alphaOrdinal ? cell(a.alphaOrdinal) : none,
      ]),
    ]),
  );
  const byRater = status.agreement.flatMap((a) =>
    a.byRater.map((row) => [a.aspect, row.rater, String(row.n), cell(row.alphaInterval), cell(row.meanAbsoluteDifference)]),
  );
  if (byRater.length > 0)
    parts.push('', 'each rater against the mean of the others', ...alignColumns([['aspect', 'rater', 'n', 'alpha (interval)', 'mean |diff|'], ...byRater]));
  const judged = status.agreement.flatMap((a) =>
    a.judge ? [[a.aspect, a.judge.mean.judge, String(a.judge.mean.n), cell(a.judge.mean.alphaInterval), cell(a.judge.mean.meanAbsoluteDifference)]] : [],
  );
  if (judged.length > 0)
    parts.push('', "the judge against the raters' mean", ...alignColumns([['aspect', 'judge', 'n', 'alpha (interval)', 'mean |diff|'], ...judged]));
  if (status.pairs) parts.push('', ...pairsText(status.pairs));
  parts.push(intervals);
  return parts.join('\n');
}
