/**
 * `sumlens agreement FILE`: how well a judge agrees with people, in chance-corrected terms.
 * FILE is a ratings file (JSONL: aspect, person[, judge, judgeName, item, rater], as the editor
 * keeps them), a review folder (`sumlens review`; the judge from --run) or, with --human and --judge, a table of items holding human and judge scores in
 * columns (an aspect named twice in --human: one rater per column). Per aspect, judge and
 * person: Krippendorff's alpha (interval, ordinal), quadratic-weighted kappa, Spearman and the
 * mean absolute difference, each with a bootstrap 95% interval; with several people, alpha over
 * all of them and the judge, and among the people alone. A figure not defined says why.
 */
import { Command, InvalidArgumentError } from 'commander';
import { agreementOf, FEW_ITEMS, MIN_RESAMPLES, type Agreement, type AgreementRow, type AllRatersRow } from '../../core/agreement/agreementTable';
import { readRatedSets } from '../../core/agreement/ratedSets';
import { SumLensError } from '../../core/errors';
import { stderrNotice } from '../datasetRun';
import { alignColumns } from '../format/columns';
import { cell } from '../format/estimateCell';
import { addResamplingOptions } from './meta';
import { cliIo } from '../io';
import { isReviewFolder, refuseRunWithoutReview, reviewRatedSets } from '../reviewFolder';

interface AgreementFlags {
  run?: string;
  human?: string;
  judge?: string;
  judgeName: string;
  scale: [number, number];
  resamples: number;
  seed: number;
  json?: boolean;
}

function scale(text: string): [number, number] {
  const m = /^(-?\d+)-(-?\d+)$/.exec(text.trim());
  if (!m || Number(m[1]) >= Number(m[2])) throw new InvalidArgumentError(`expected LOW-HIGH whole numbers, e.g. 1-5 (got "${text}")`);
  return [Number(m[1]), Number(m[2])];
}

export function registerAgreement(program: Command): void {
  const command = program
    .command('agreement')
    .description("how well a judge agrees with people: Krippendorff's alpha, weighted kappa, Spearman, mean absolute difference, with intervals")
    .argument(
      '<file>',
      'ratings (JSONL: aspect, person[, judge, judgeName, item, rater]), a review folder (sumlens review), or, with --human and --judge, a table of items',
    )
    .option('--run <file>', "with a review folder: a run file of its items, the judge's scores")
    .option(
      '--human <pairs>',
      'the human score columns of a table, e.g. consistency=expert_consistency (a.b for nested fields; an aspect twice for several raters: x=h1,x=h2)',
    )
    .option('--judge <pairs>', 'the judge score columns, e.g. consistency=pred_consistency')
    .option('--judge-name <name>', 'what to call the judge of --judge columns', 'judge')
    .option('--scale <low-high>', "the scores' whole-number range, for kappa's categories", scale, [1, 5] as [number, number])
    .option('--json', 'print the table as JSON');
  addResamplingOptions(command).action(runAgreement);
}

function pairwiseTable(rows: AgreementRow[], byRater: boolean): string {
  const head = ['aspect', 'judge', ...(byRater ? ['rater'] : []), 'n', 'alpha (interval)', 'alpha (ordinal)', 'kappa (quadratic)', 'spearman', 'mean |diff|'];
  const body = rows.map((r) => [
    r.aspect,
    r.judge,
    ...(byRater ? [r.rater] : []),
    String(r.n),
    cell(r.alphaInterval),
    cell(r.alphaOrdinal),
    cell(r.kappa),
    cell(r.spearman),
    cell(r.meanAbsoluteDifference),
  ]);
  return alignColumns([head, ...body]).join('\n');
}

function allRatersTable(rows: AllRatersRow[]): string {
  const head = ['aspect', 'judge', 'raters', 'items', 'alpha, all (interval)', 'alpha, all (ordinal)', 'alpha, people only (interval)'];
  const body = rows.map((r) => [
    r.aspect,
    r.judge,
    r.raters.join(', '),
    String(r.items),
    cell(r.alphaInterval),
    cell(r.alphaOrdinal),
    cell(r.peopleAlphaInterval),
  ]);
  return alignColumns([head, ...body]).join('\n');
}

function text(agreement: Agreement, flags: AgreementFlags): string {
  const parts = [pairwiseTable(agreement.rows, agreement.allRaters.length > 0)];
  if (agreement.allRaters.length > 0) {
    parts.push(
      '',
      'several people: alpha over all of them and the judge (missing scores allowed), and among the people alone',
      allRatersTable(agreement.allRaters),
    );
  }
  const intervals =
    flags.resamples === 0 ? 'no intervals (--resamples 0)' : `95% percentile bootstrap intervals over items: ${flags.resamples} resamples, seed ${flags.seed}`;
  parts.push(`${intervals}; kappa on scores rounded to ${flags.scale[0]}-${flags.scale[1]}`);
  return parts.join('\n');
}

async function runAgreement(file: string, flags: AgreementFlags): Promise<void> {
  if (flags.resamples !== 0 && flags.resamples < MIN_RESAMPLES) {
    throw new SumLensError('usage', `--resamples ${flags.resamples}: a 95% interval needs at least ${MIN_RESAMPLES} resamples (0 for no intervals)`);
  }
  refuseRunWithoutReview(file, flags.run);
  const sets = isReviewFolder(file) ? await reviewRatedSets(file, flags) : await readRatedSets(file, flags);
  const agreement = agreementOf(sets, { scale: flags.scale, resamples: flags.resamples, seed: flags.seed });
  for (const row of agreement.rows) {
    if (row.n < FEW_ITEMS)
      stderrNotice(
        `warning: ${row.aspect} (${row.judge}${agreement.allRaters.length > 0 ? ` vs ${row.rater}` : ''}) rests on ${row.n} item(s), fewer than ${FEW_ITEMS}: its intervals are wide`,
      );
  }
  if (flags.json) {
    cliIo().stdout.write(JSON.stringify({ resamples: flags.resamples, seed: flags.seed, scale: flags.scale, ...agreement }, null, 2) + '\n');
    return;
  }
  cliIo().stdout.write(`${text(agreement, flags)}\n`);
}
