/**
 * `sumlens review create|status|import|export`: people rating items in the workspace. A review
 * is a folder (.sumlens/reviews/NAME/): review.json, items.jsonl, one append-only ratings file
 * per rater (src/core/review/). `create` deals a data file's items to the raters; `status`
 * prints each rater's progress and the agreement so far; `import` appends scores given in a
 * spreadsheet as one rater's; `export` writes the ratings file `agreement`, `calibrate` and
 * `align --ratings` read. See docs/review.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, parse, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { SumLensError } from '../../core/errors';
import type { AspectTask } from '../../core/prompts';
import { createPairReview, createReview } from '../../core/review/createReview';
import { sharedItems } from '../../core/review/dealItems';
import { exportLines, preferenceLines } from '../../core/review/exportRatings';
import { pairsOfFiles, pairsOfTable, type PairText } from '../../core/review/pairItems';
import type { ReviewFile } from '../../core/review/reviewSchema';
import { DEFAULT_SEED } from '../../core/stats/random';
import { importRatings } from '../../core/review/importRatings';
import { readJudgeRun, type JudgeRun } from '../../core/review/judgeRun';
import type { Review } from '../../core/review/readReview';
import { reviewStatus } from '../../core/review/reviewStatus';
import { writeFileAtomically } from '../../core/writeAtomically';
import { parseAspects, wholeNumber } from '../optionParsers';
import { stderrNotice } from '../datasetRun';
import { reviewStatusText } from '../format/reviewStatus';
import { reviewWithNotices } from '../reviewFolder';
import { cliIo } from '../io';
import { addResamplingOptions } from './meta';
import { RUN_TASKS } from '../../core/methodsAndTasks';

interface CreateFlags {
  data?: string;
  pairwise?: boolean;
  a?: string;
  b?: string;
  group?: string;
  system?: string;
  pairsPerDoc?: number;
  seed: number;
  raters: string;
  perItem: number;
  aspects?: string[];
  name?: string;
  dir: string;
  task: AspectTask;
  prompts?: string;
}

interface JudgeFlags {
  run?: string;
  judgeName: string;
}

const raterList = (text: string) => text.split(',').map((r) => r.trim());

export function registerReview(program: Command): void {
  const review = program
    .command('review')
    .description('people rate items in the workspace: create a review, its status and agreement, import and export ratings');
  review
    .command('create')
    .description('deal the items of a data file to raters (each item to --per-item of them, every pair of raters sharing items)')
    .option('--data <file>', 'the items, as for eval --data (JSONL, JSON, CSV, TSV: id, source, summary); with --pairwise a table of systems')
    .option('--pairwise', 'pairwise items (two summaries of one source; A, B or tie): --data with --group and --system columns, or --a and --b')
    .option('--a <file>', "with --pairwise: the first system's data file (id, source, summary), matched by id with --b")
    .option('--b <file>', "with --pairwise: the second system's data file")
    .option('--group <column>', 'with --pairwise --data: the column naming the document (default id)')
    .option('--system <column>', 'with --pairwise --data: the column naming the system (default system)')
    .option('--pairs-per-doc <k>', 'with --pairwise --data: K pairs a document (default: all), the comparison graph kept connected', wholeNumber(1, 1000))
    .option('--seed <n>', 'with --pairs-per-doc: the seed of the pairs drawn', wholeNumber(0, 2 ** 32 - 1), DEFAULT_SEED)
    .requiredOption('--raters <names>', 'the raters, comma-separated: ann,bob,cy')
    .option('--per-item <k>', 'raters per item', wholeNumber(1, 100), 2)
    .option(
      '--aspects <list>',
      'aspects to rate, comma-separated (default: every aspect of the task; with --pairwise the questions, default overall)',
      parseAspects,
    )
    .option('--name <name>', "the review's name and folder (default: the data file's name)")
    .option('--dir <folder>', 'where reviews are kept', join('.sumlens', 'reviews'))
    .addOption(new Option('--task <task>', 'which templates give the scales and criteria').choices(RUN_TASKS).default('summarization'))
    .option('--prompts <dir>', 'your template folder: its scales and criteria instead of the built-in ones')
    .action(runCreate);
  addResamplingOptions(
    addJudgeOptions(
      review
        .command('status <dir>')
        .description("each rater's progress and the agreement so far (alpha among raters, each rater against the others, the judge with --run)")
        .option('--data <file>', 'the data file the review was made from: items whose texts differ there are marked changed')
        .option('--json', 'print the status as JSON'),
    ),
  ).action(runStatus);
  review
    .command('import <dir> <file>')
    .description(
      "append scores given elsewhere as one rater's (CSV, TSV, JSONL or JSON: item or id, aspect, score[, comment]; a review of pairs: item, a, b, preference[, margin, aspect]); all rows or none",
    )
    .requiredOption('--rater <name>', 'whose scores these are')
    .action(runImport);
  addJudgeOptions(
    review
      .command('export <dir>')
      .description("write the ratings file agreement, calibrate and align --ratings read (aspect, person, item, rater, the texts' hashes; judge with --run)")
      .requiredOption('--out <file>', 'where the ratings are written (JSONL)')
      .option('--texts <folder>', "also write each item's source and summary as files there, for align --ratings --texts"),
  ).action(runExport);
}

function addJudgeOptions(command: Command): Command {
  return command
    .option('--run <file>', "a run file of the review's items (sumlens eval --data on its data file): the judge's scores")
    .option('--judge-name <name>', 'what to call the judge of --run', 'judge');
}

async function judgeOf(flags: JudgeFlags): Promise<JudgeRun | undefined> {
  return flags.run === undefined ? undefined : readJudgeRun(flags.run, flags.judgeName);
}

async function createOf(flags: CreateFlags, raters: string[], bad: string[]): Promise<{ dir: string; review: ReviewFile }> {
  const onBadRow = (where: string, problem: string) => bad.push(`${where}: ${problem}`);
  if (!flags.pairwise) {
    if (flags.data === undefined) throw new SumLensError('usage', 'review create needs --data FILE (or --pairwise with --a and --b)');
    if (flags.a !== undefined || flags.b !== undefined) throw new SumLensError('usage', '--a and --b go with --pairwise');
    return createReview({
      ...{ data: flags.data, raters, perItem: flags.perItem, name: flags.name ?? parse(flags.data).name, reviewsDir: flags.dir },
      ...{ task: flags.task, aspects: flags.aspects, promptDir: flags.prompts, onBadRow },
    });
  }
  let pairs: PairText[];
  let dataFiles: string[];
  if (flags.data !== undefined) {
    if (flags.a !== undefined || flags.b !== undefined) throw new SumLensError('usage', 'give --data, or --a and --b, not both');
    pairs = await pairsOfTable({ data: flags.data, group: flags.group, system: flags.system, pairsPerDoc: flags.pairsPerDoc, seed: flags.seed, onBadRow });
    dataFiles = [flags.data];
  } else {
    if (flags.a === undefined || flags.b === undefined)
      throw new SumLensError('usage', '--pairwise needs --data FILE (a table of systems), or --a FILE and --b FILE');
    const matched = await pairsOfFiles(flags.a, flags.b, onBadRow);
    if (matched.unmatched > 0) stderrNotice(`${matched.unmatched} item(s) are in only one of --a and --b: left out`);
    [pairs, dataFiles] = [matched.pairs, [flags.a, flags.b]];
  }
  const name = flags.name ?? parse(dataFiles[0]).name;
  return createPairReview({
    pairs,
    dataFiles,
    raters,
    perItem: flags.perItem,
    name,
    reviewsDir: flags.dir,
    questions: flags.aspects,
    promptDir: flags.prompts,
  });
}

async function runCreate(flags: CreateFlags): Promise<void> {
  const raters = raterList(flags.raters);
  const bad: string[] = [];
  const { dir, review } = await createOf(flags, raters, bad);
  for (const line of bad.slice(0, 5)) stderrNotice(`skipped bad row ${line}`);
  if (bad.length > 5) stderrNotice(`… and ${bad.length - 5} more bad row(s) skipped`);
  const dealt = review.pairs ?? review.items;
  const shared = sharedItems(
    dealt.map((item) => item.raters.map((r) => raters.indexOf(r))),
    raters.length,
  );
  const pairs = raters.flatMap((a, i) => raters.slice(i + 1).map((b, k) => ({ a, b, n: shared[i][i + 1 + k] })));
  const what = review.pairs
    ? `${review.pairs.length} pairs, each to ${review.perItem} of ${raters.length} raters; questions ${review.questions!.map((q) => q.name).join(', ')}`
    : `${review.items.length} items, each to ${review.perItem} of ${raters.length} raters; aspects ${review.aspects.map((a) => a.name).join(', ')}`;
  const out = [
    `review ${review.name}: ${what}`,
    `${review.pairs ? 'pairs' : 'items'} per rater: ${raters.map((r) => `${r} ${dealt.filter((item) => item.raters.includes(r)).length}`).join(', ')}`,
  ];
  if (pairs.length > 0) {
    const fewest = Math.min(...pairs.map((p) => p.n));
    const apart = pairs.filter((p) => p.n === 0);
    out.push(
      apart.length === 0
        ? `every pair of raters shares at least ${fewest} item(s)`
        : `warning: ${apart.map((p) => `${p.a} and ${p.b}`).join(', ')} share no item (add items or raise --per-item): their agreement cannot be measured`,
    );
  }
  cliIo().stdout.write(out.join('\n') + '\n');
  stderrNotice(`wrote ${dir}`);
}

async function runStatus(dir: string, flags: JudgeFlags & { data?: string; json?: boolean; resamples: number; seed: number }): Promise<void> {
  const review = await reviewWithNotices(dir, flags.data);
  const status = reviewStatus(review, { resamples: flags.resamples, seed: flags.seed }, await judgeOf(flags));
  if (flags.json) {
    cliIo().stdout.write(JSON.stringify({ resamples: flags.resamples, seed: flags.seed, ...status }, null, 2) + '\n');
    return;
  }
  const intervals =
    flags.resamples === 0 ? 'no intervals (--resamples 0)' : `95% percentile bootstrap intervals over items: ${flags.resamples} resamples, seed ${flags.seed}`;
  cliIo().stdout.write(reviewStatusText(status, intervals) + '\n');
}

async function runImport(dir: string, file: string, flags: { rater: string }): Promise<void> {
  const review = await reviewWithNotices(dir);
  const count = await importRatings(review, flags.rater, file);
  const what = review.definition.questions ? 'preference(s)' : 'score(s)';
  cliIo().stdout.write(`imported ${count} ${what} as ${flags.rater}'s into ${join(dir, 'ratings', `${flags.rater}.jsonl`)}\n`);
}

/** Each item's texts as files (`<n>-<id>.source.txt`, `.summary.txt`), which align --ratings finds by their hashes. */
function writeTexts(review: Review, folder: string): void {
  mkdirSync(folder, { recursive: true });
  review.items.forEach((item, n) => {
    if (item.changed) return;
    const base = join(folder, `${n + 1}-${item.id.replace(/[^\w.-]+/g, '_').slice(0, 80)}`);
    writeFileSync(`${base}.source.txt`, item.source);
    writeFileSync(`${base}.summary.txt`, item.summary);
  });
}

async function runExport(dir: string, flags: JudgeFlags & { out: string; texts?: string }): Promise<void> {
  const review = await reviewWithNotices(dir);
  if (review.definition.questions) return exportPreferences(review, flags);
  const lines = exportLines(review, await judgeOf(flags));
  if (lines.length === 0) throw new SumLensError('bad-input', `${dir}: no score to export yet`);
  writeFileAtomically(resolve(flags.out), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  if (flags.texts !== undefined) writeTexts(review, flags.texts);
  cliIo().stdout.write(`exported ${lines.length} score(s) of ${new Set(lines.map((l) => l.rater)).size} rater(s) to ${flags.out}\n`);
}

/** A review of pairs: the preferences file `sumlens pairwise --preferences` reads. */
function exportPreferences(review: Review, flags: JudgeFlags & { out: string; texts?: string }): void {
  if (flags.run !== undefined || flags.texts !== undefined) throw new SumLensError('usage', '--run and --texts go with a review of scores, not of pairs');
  const lines = preferenceLines(review);
  if (lines.length === 0) throw new SumLensError('bad-input', `${review.dir}: no pairwise answer to export yet`);
  writeFileAtomically(resolve(flags.out), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  cliIo().stdout.write(
    `exported ${lines.length} preference(s) of ${new Set(lines.map((l) => l.rater)).size} rater(s) to ${flags.out} (sumlens pairwise --preferences reads it)\n`,
  );
}
