/**
 * `sumlens agreement FILE`: how well a judge agrees with people, in chance-corrected terms.
 * FILE is a ratings file (JSONL: aspect, person, judge[, judgeName], as the editor keeps them)
 * or, with --human and --judge, a table of items holding human and judge scores in columns.
 * Per aspect and judge: Krippendorff's alpha (interval, ordinal), quadratic-weighted kappa,
 * Spearman and the mean absolute difference, each with a bootstrap 95% interval.
 */
import { Command, InvalidArgumentError } from 'commander';
import { agreementRows, FEW_ITEMS, type AgreementRow, type Estimate } from '../../core/agreement/agreementTable';
import { parseColumnMap, readRatings, readScoredTable, type RatedPair } from '../../core/agreement/ratedPairs';
import { SumLensError } from '../../core/errors';
import { stderrNotice } from '../datasetRun';
import { alignColumns } from '../format/columns';
import { addResamplingOptions } from './meta';

interface AgreementFlags {
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
    .argument('<file>', 'ratings (JSONL: aspect, person, judge[, judgeName]) or, with --human and --judge, a table of items')
    .option('--human <pairs>', 'the human score columns of a table, e.g. consistency=expert_consistency (a.b for nested fields)')
    .option('--judge <pairs>', 'the judge score columns, e.g. consistency=pred_consistency')
    .option('--judge-name <name>', 'what to call the judge of --judge columns', 'judge')
    .option('--scale <low-high>', "the scores' whole-number range, for kappa's categories", scale, [1, 5] as [number, number])
    .option('--json', 'print the table as JSON');
  addResamplingOptions(command).action(runAgreement);
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3).replace(/^-(0\.0+)$/, '$1') : '—');
const cell = (e: Estimate) => `${fmt(e.value)} [${fmt(e.interval.low)}, ${fmt(e.interval.high)}]`;

function table(rows: AgreementRow[]): string {
  const head = ['aspect', 'judge', 'n', 'alpha (interval)', 'alpha (ordinal)', 'kappa (quadratic)', 'spearman', 'mean |diff|'];
  const body = rows.map((r) => [r.aspect, r.judge, String(r.n), cell(r.alphaInterval), cell(r.alphaOrdinal), cell(r.kappa), cell(r.spearman), cell(r.meanAbsoluteDifference)]);
  return alignColumns([head, ...body]).join('\n');
}

async function runAgreement(file: string, flags: AgreementFlags): Promise<void> {
  if ((flags.human === undefined) !== (flags.judge === undefined)) throw new SumLensError('usage', 'give --human and --judge together (a table), or neither (a ratings file)');
  const pairs: RatedPair[] =
    flags.human !== undefined ? await readScoredTable(file, parseColumnMap(flags.human, '--human'), parseColumnMap(flags.judge!, '--judge'), flags.judgeName) : await readRatings(file);
  if (pairs.length === 0) throw new SumLensError('bad-input', `${file} holds no rating`);
  const rows = agreementRows(pairs, { scale: flags.scale, resamples: flags.resamples, seed: flags.seed });
  for (const row of rows) if (row.n < FEW_ITEMS) stderrNotice(`warning: ${row.aspect} (${row.judge}) rests on ${row.n} item(s), fewer than ${FEW_ITEMS}: its intervals are wide`);
  if (flags.json) {
    process.stdout.write(JSON.stringify({ resamples: flags.resamples, seed: flags.seed, scale: flags.scale, rows }, null, 2) + '\n');
    return;
  }
  process.stdout.write(`${table(rows)}\n95% percentile bootstrap intervals over items: ${flags.resamples} resamples, seed ${flags.seed}; kappa on scores rounded to ${flags.scale[0]}-${flags.scale[1]}\n`);
}
