/**
 * `sumlens calibrate RATINGS --out map.json`: per aspect and judge, a monotone map from the
 * judge's scores to the people's (isotonic), and the agreement it buys under 5-fold
 * cross-validation, before and after. `sumlens eval --calibration map.json` then prints the
 * mapped scores beside the raw ones.
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { calibrate } from '../../core/agreement/calibration';
import { pairsOf, readRatedSets } from '../../core/agreement/ratedSets';
import { SumLensError } from '../../core/errors';
import { DEFAULT_SEED } from '../../core/stats/random';
import { writeFileAtomically } from '../../core/writeAtomically';
import { stderrNotice } from '../datasetRun';
import { alignColumns } from '../format/columns';
import { cliIo } from '../io';
import { isReviewFolder, refuseRunWithoutReview, reviewRatedSets } from '../reviewFolder';

interface CalibrateFlags {
  out: string;
  run?: string;
  human?: string;
  judge?: string;
  judgeName: string;
  seed: number;
  json?: boolean;
}

export function registerCalibrate(program: Command): void {
  program
    .command('calibrate')
    .description("fit a monotone map from a judge's scores to your people's (isotonic), with its cross-validated agreement before and after")
    .argument('<ratings>', 'ratings (JSONL: aspect, person, judge[, judgeName]), a review folder with --run, or, with --human and --judge, a table of items')
    .option('--run <file>', "with a review folder: a run file of its items, the judge's scores")
    .requiredOption('--out <file>', 'where the map is written (JSON, for eval --calibration)')
    .option('--human <pairs>', 'the human score columns of a table, e.g. consistency=expert_consistency')
    .option('--judge <pairs>', 'the judge score columns, e.g. consistency=pred_consistency')
    .option('--judge-name <name>', 'what to call the judge of --judge columns', 'judge')
    .option('--seed <n>', 'seed of the folds', (text: string) => Number(text), DEFAULT_SEED)
    .option('--json', 'print the maps and figures as JSON')
    .action(runCalibrate);
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');

async function runCalibrate(ratings: string, flags: CalibrateFlags): Promise<void> {
  // Several people's scores of an item are averaged: the map goes to their common scale.
  refuseRunWithoutReview(ratings, flags.run);
  const review = isReviewFolder(ratings);
  if (review && flags.run === undefined)
    throw new SumLensError('usage', `${ratings} is a review folder: give --run, a run file of its items, for the judge's scores`);
  const pairs = (review ? await reviewRatedSets(ratings, flags) : await readRatedSets(ratings, flags)).flatMap(pairsOf);
  if (pairs.length === 0) throw new SumLensError('bad-input', `${ratings} holds no item scored by the judge and a person`);
  const file = calibrate(pairs, flags.seed);
  writeFileAtomically(resolve(flags.out), JSON.stringify(file, null, 2) + '\n');
  if (flags.json) {
    cliIo().stdout.write(JSON.stringify(file, null, 2) + '\n');
  } else {
    const rows = [['aspect', 'judge', 'n', 'alpha before → after', 'spearman before → after', 'mean |diff| before → after']];
    for (const m of file.maps) {
      rows.push([
        m.aspect,
        m.judge,
        String(m.items),
        `${f(m.before.alphaInterval)} → ${f(m.after.alphaInterval)}`,
        `${f(m.before.spearman)} → ${f(m.after.spearman)}`,
        `${f(m.before.meanAbsoluteDifference)} → ${f(m.after.meanAbsoluteDifference)}`,
      ]);
    }
    const lines = alignColumns(rows);
    lines.push(`5-fold cross-validated (folds seeded by ${flags.seed}): each item mapped by a fit on the other folds`);
    cliIo().stdout.write(lines.join('\n') + '\n');
  }
  stderrNotice(`wrote ${flags.out}`);
}
