/**
 * `sumlens align --data FILE --human COLUMN`: can the judge agree better with your people?
 * Scored examples from your ratings written into the aspect's template, and an isotonic
 * calibration of its scores, each measured by cross-validation grouped by source document
 * against the template as it is; the adopted template, or the adopted calibration's map, is written
 * to --out only when it lowers the judge's error on held-out documents significantly. See
 * docs/datasets.md#aligning-the-judge-to-your-people-sumlens-align.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { FEW_ITEMS, MIN_RESAMPLES } from '../../core/agreement/agreementTable';
import { alignEstimate } from '../../core/align/alignEstimate';
import { readAlignItems, sha256File } from '../../core/align/alignItems';
import type { AlignSet } from '../../core/align/alignJudge';
import { alignToPeople } from '../../core/operations/alignToPeople';
import { readRatingsItems } from '../../core/align/ratingsItems';
import type { AlignmentFile } from '../../core/align/alignmentFile';
import { alignmentText } from '../../core/align/alignmentText';
import type { Strategy } from '../../core/align/crossValidate';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from '../../core/align/criteriaRounds';
import { SumLensError } from '../../core/errors';
import { aspectsOf } from '../../core/geval/evaluateAspects';
import { tableContextWindow } from '../../core/llm/contextTable';
import { defaultModel } from '../../core/llm/openaiSession';
import { parseFieldMap } from '../../core/run/data/dataItems';
import { estimateCost, formatCost } from '../../core/llm/pricing';
import type { Task } from '../../core/result';
import { stderrNotice, usageLine } from '../datasetRun';
import { wholeNumber } from '../optionParsers';
import { addScoringOptions, type ScoringFlags } from '../scoringOptions';
import { specFromFlags } from '../runSpecFromFlags';
import { addSessionOptions, contextTokensOf, sessionFrom, type SessionFlags } from '../sessionOptions';
import { addSpendLimitOptions } from '../spendLimitOptions';
import { cliIo } from '../io';
import { isReviewFolder, reviewWithNotices } from '../reviewFolder';
import { alignItemsOf } from '../../core/review/exportRatings';
import { cancelOnInterrupt } from '../terminal';
import { addResamplingOptions } from './meta';
import { DEFAULT_SAMPLES, RUN_TASKS } from '../../core/methodsAndTasks';

interface AlignFlags extends SessionFlags, ScoringFlags {
  data?: string;
  human?: string;
  ratings?: string;
  texts?: string;
  aspect?: string[];
  task: Task;
  folds: number;
  examples: number;
  strategy: Strategy;
  rounds: number;
  optimizerModel?: string;
  samples: number;
  prompts?: string;
  out: string;
  force?: boolean;
  map?: string;
  json?: boolean;
  dryRun?: boolean;
  resamples: number;
  seed: number;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function registerAlign(program: Command): void {
  const command = program
    .command('align')
    .description(
      'teach the judge your scores: scored examples in its template (and a calibration), measured on documents it never saw; adopted only when significantly better',
    )
    .option('--data <file>', "a table of rated items as for eval --data (JSONL, JSON, CSV, TSV): source, summary, id and the people's score")
    .option('--human <column>', "with --data: the column holding the people's score")
    .option(
      '--ratings <file>',
      "instead of --data: the editor's Your score file (.sumlens/ratings.jsonl) or a review export, whose texts are found by their hashes among the files of --texts; or a review folder (sumlens review), which holds its texts",
    )
    .option('--texts <dir>', 'with --ratings: the folder whose files are the rated sources and summaries (default: the current folder)')
    .option('--aspect <aspect>', 'an aspect to align (repeat for several; default: every aspect of the task)', collect)
    .addOption(new Option('--task <task>', 'which templates').choices(RUN_TASKS).default('summarization'))
    .option('--folds <k>', 'cross-validation folds, grouped by source document', wholeNumber(2, 20), 5)
    .option('--examples <k>', 'scored examples written into the template', wholeNumber(1, 20), 6)
    .addOption(
      new Option(
        '--strategy <s>',
        'examples: scored examples in the template; criteria: criteria and steps rewritten from the disagreements; both: each and the two together (a calibration is always measured)',
      )
        .choices(['examples', 'criteria', 'both'])
        .default('both'),
    )
    .option(
      '--rounds <n>',
      "rounds of criteria rewriting (1-3): each round after the first rewrites the last round's criteria from the training items they still disagree with most, judging those items again",
      wholeNumber(1, MAX_ROUNDS),
      DEFAULT_ROUNDS,
    )
    .option('--optimizer-model <model>', 'the model that rewrites the criteria (default: the judge), on the same endpoint')
    .option('--samples <n>', 'sampling route: the most answers drawn per request (1-100)', wholeNumber(1, 100), DEFAULT_SAMPLES)
    .option('--prompts <dir>', "your template folder: its copy of the aspect's template is the one aligned")
    .option(
      '--out <dir>',
      "where an adopted template is written, in the layout --prompts reads, or an adopted calibration's map (<task>/calibration.json, which eval --prompts applies)",
      join('.sumlens', 'prompts'),
    )
    .option('--force', "replace a template already in --out, or the aspect's map in its calibration file")
    .option('--map <pairs>', 'field names from other columns, e.g. summary=output,source=article')
    .option('--json', 'print the verdicts as JSON (sumlens report --alignment reads it)')
    .option('--dry-run', 'count the requests and tokens of the alignment; send nothing');
  addSpendLimitOptions(addScoringOptions(addResamplingOptions(addSessionOptions(command)))).action(runAlign);
}

async function runAlign(flags: AlignFlags): Promise<void> {
  // No intervals, no verdict: a candidate is adopted on its intervals.
  if (flags.resamples < MIN_RESAMPLES)
    throw new SumLensError('usage', `--resamples ${flags.resamples}: align decides on 95% intervals, which need at least ${MIN_RESAMPLES} resamples`);
  const { sets, file } = await ratedSets(flags);
  for (const set of sets) {
    if (set.items.length < FEW_ITEMS)
      stderrNotice(
        `warning: ${set.aspect}: ${set.items.length} rated item(s), fewer than ${FEW_ITEMS}: the held-out intervals are wide and a real gain may not show`,
      );
  }
  if (flags.dryRun) {
    const estimate = alignEstimate(sets, {
      task: flags.task,
      examples: flags.examples,
      folds: flags.folds,
      strategy: flags.strategy,
      rounds: flags.rounds,
      promptDir: flags.prompts,
      windowTokens: (contextTokensOf(flags) ?? tableContextWindow(flags.model || defaultModel))?.tokens,
    });
    const model = flags.model || defaultModel;
    const items = sets.map((set) => `${set.items.length} ${set.aspect}`).join(' + ');
    const rounds = estimate.roundJudgeCalls > 0 ? ` + ${estimate.roundJudgeCalls} judgements of training items in rounds 2-${flags.rounds}` : '';
    cliIo().stdout.write(
      `dry run: ${estimate.judgeCalls} judge requests (${items} items × ${estimate.templates} templates${rounds}) and ${estimate.optimizerCalls} criteria rewrites` +
        `${flags.rounds > 1 && estimate.optimizerCalls > 0 ? ` (${flags.rounds} rounds)` : ''}, ` +
        `~${estimate.promptTokens} prompt + ~${estimate.completionTokens} completion tokens; cost for ${model}: ${formatCost(estimateCost(model, estimate))}; nothing was sent\n`,
    );
    return;
  }
  const session = sessionFrom(flags);
  const cancellation = cancelOnInterrupt();
  const dataSha256 = sha256File(file);
  try {
    const spec = specFromFlags({ ...flags, method: 'geval' }, () => false, { task: flags.task });
    const alignments = await alignToPeople(
      {
        spec,
        sets,
        folds: flags.folds,
        examples: flags.examples,
        strategy: flags.strategy,
        rounds: flags.rounds,
        outDir: flags.out,
        force: flags.force === true,
        // The call's temporary folder (its TMPDIR), as every path a call uses comes from the call's environment.
        workDir: join(cliIo().env.TMPDIR || tmpdir(), 'sumlens-align'),
        resamples: flags.resamples,
        seed: flags.seed,
        provenance: { dataFile: file, dataSha256, folds: flags.folds, date: new Date().toISOString().slice(0, 10) },
      },
      {
        session,
        optimizer: flags.optimizerModel ? sessionFrom({ ...flags, model: flags.optimizerModel }) : undefined,
        signal: cancellation.signal,
      },
    );
    if (flags.json) {
      const report: AlignmentFile = {
        sumlens: 'alignment',
        version: 1,
        data: file,
        folds: flags.folds,
        examples: flags.examples,
        strategy: flags.strategy,
        rounds: flags.rounds,
        resamples: flags.resamples,
        seed: flags.seed,
        usage: session.usage(),
        aspects: alignments,
      };
      cliIo().stdout.write(JSON.stringify(report, null, 2) + '\n');
    } else cliIo().stdout.write(`${alignments.map((a) => alignmentText(a)).join('\n\n')}\n${usageLine(session.usage())}\n`);
  } finally {
    cancellation.dispose();
  }
}

/** The rated items of each aspect, from a table (--data, --human) or the editor's ratings (--ratings). */
async function ratedSets(flags: AlignFlags): Promise<{ sets: AlignSet[]; file: string }> {
  if ((flags.data === undefined) === (flags.ratings === undefined))
    throw new SumLensError('usage', 'give either --data FILE with --human COLUMN, or --ratings FILE');
  if (flags.ratings !== undefined && isReviewFolder(flags.ratings)) {
    const byAspect = alignItemsOf(await reviewWithNotices(flags.ratings), flags.task);
    const sets = [...byAspect].filter(([aspect]) => !flags.aspect || flags.aspect.includes(aspect)).map(([aspect, items]) => ({ aspect, items }));
    if (sets.length === 0) throw new SumLensError('bad-input', `${flags.ratings}: no score${flags.aspect ? ` of ${flags.aspect.join(', ')}` : ''} yet`);
    return { sets, file: join(flags.ratings, 'review.json') };
  }
  if (flags.ratings !== undefined) {
    const texts = resolve(flags.texts ?? '.');
    const found = await readRatingsItems(flags.ratings, texts, flags.task);
    for (const line of found.skipped.slice(0, 5)) stderrNotice(`skipped ${line}`);
    if (found.skipped.length > 5) stderrNotice(`… and ${found.skipped.length - 5} more rating(s) skipped`);
    const sets = [...found.byAspect].filter(([aspect]) => !flags.aspect || flags.aspect.includes(aspect)).map(([aspect, items]) => ({ aspect, items }));
    if (sets.length === 0)
      throw new SumLensError(
        'bad-input',
        `${flags.ratings}: no rating${flags.aspect ? ` of ${flags.aspect.join(', ')}` : ''} whose source and summary are files under ${texts}`,
      );
    return { sets, file: flags.ratings };
  }
  if (flags.human === undefined) throw new SumLensError('usage', "--data needs --human COLUMN, the column of the people's scores");
  const data = await readAlignItems(flags.data!, flags.human, flags.task, parseFieldMap(flags.map ?? ''));
  for (const line of data.badRows.slice(0, 5)) stderrNotice(`skipped bad row ${line}`);
  if (data.unrated > 0) stderrNotice(`${data.unrated} row(s) without a score in ${flags.human} left out`);
  if (data.items.length === 0) throw new SumLensError('bad-input', `--data ${flags.data} has no rated row`);
  return { sets: aspectsOf(flags.task, flags.aspect).map((aspect) => ({ aspect, items: data.items })), file: flags.data! };
}
