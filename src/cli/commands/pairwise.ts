/**
 * `sumlens pairwise`: which of two summaries is better, asked of the judge in both orders by
 * default (src/core/pairwise/). Two summaries of one source, two data files matched by id, or
 * a table of many systems ranked by Bradley–Terry; every run reports the flip rate and the
 * first-position win rate. Exit 14 when some pairs failed (the others are reported).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { errorExitCodes, SumLensError } from '../../core/errors';
import { ROUTES, type RoutePreference } from '../../core/geval/scoreRoutes';
import { readJudgesFile } from '../../core/jury/judgesFile';
import { DEFAULT_ADAPTIVE_MARGIN, ORDER_MODES, type OrderMode } from '../../core/pairwise/comparePair';
import { pairwiseInputs, type PairwiseInputFlags } from '../../core/pairwise/pairwiseInputs';
import type { PairRecord } from '../../core/pairwise/pairwiseRunFile';
import { askPairwise, pairwiseFigures } from '../../core/pairwise/pairwiseStudy';
import { parsePreferences, preferencesOn } from '../../core/pairwise/preferencesFile';
import type { PairJudge } from '../../core/pairwise/runPairs';
import { listTemplates } from '../../core/prompts/resolveTemplate';
import { DEFAULT_SEED } from '../../core/stats/random';
import { readDataFile } from '../../core/textInput';
import { parseAspects, wholeNumber } from '../optionParsers';
import { pairwiseDryRun } from '../format/pairwiseDryRun';
import { pairwiseJson, pairwiseText, usageOf, type TieFlag } from '../format/pairwiseText';
import { cliIo, setExitCode } from '../io';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { addSpendLimitOptions, spendLine } from '../spendLimitOptions';
import { printError, printNotice, printWarning } from '../stderr';
import { cancelOnInterrupt, progressLine } from '../terminal';
import { judgeSession } from '../judgeSession';

export interface PairwiseFlags extends SessionFlags, PairwiseInputFlags {
  aspects?: string[];
  orders: OrderMode;
  adaptiveMargin: number;
  route: RoutePreference;
  samples: number;
  prompts?: string;
  resamples: number;
  preferences?: string;
  ties: TieFlag;
  json?: boolean;
  out?: string;
  dryRun?: boolean;
  judges?: string;
}

function share(text: string): number {
  const value = Number(text);
  if (!(value > 0 && value <= 1)) throw new InvalidArgumentError(`expected a number above 0 and at most 1, got "${text}"`);
  return value;
}

export function registerPairwise(program: Command): void {
  const command = program
    .command('pairwise')
    .description('which summary is better? the judge asked in both orders, ties allowed; position and length bias, win rate or a Bradley–Terry ranking')
    .option('--source <file>', 'the source both summaries are of (with --a and --b as text files)')
    .option('--a <file>', 'summary A (a text file with --source; else a data file: id, source, summary)')
    .option('--b <file>', 'summary B, as --a')
    .option('--data <file>', 'a table of many systems: JSONL, JSON array, CSV or TSV')
    .option('--group <column>', 'with --data: the column naming the document (e.g. doc_id)')
    .option('--system <column>', 'with --data: the column naming the system (e.g. system_id)')
    .option('--map <pairs>', 'field names from other columns, e.g. summary=system_output')
    .option('--pairs-per-doc <k>', 'with --data: K pairs a document (default: all), the comparison graph kept connected', positiveInt)
    .option('--human <column>', "with --data: people's score of each summary (scores.coherence reads inside a column): Kendall's tau of the ranking")
    .option('--preferences <file>', "people's pairwise preferences (JSONL: item, a, b, preference A|B|tie[, margin, rater, aspect]): accuracy and kappa")
    .option('--aspects <list>', 'comma-separated aspects, each its own question (default: one overall question)', parseAspects)
    .addOption(new Option('--orders <mode>', 'both orders, one (random per pair, recorded), or adaptive').choices([...ORDER_MODES]).default('both'))
    .option('--adaptive-margin <p>', "with --orders adaptive: ask the second order when the first verdict's lead is under this", share, DEFAULT_ADAPTIVE_MARGIN)
    .addOption(
      new Option('--route <route>', 'how P(A), P(B), P(tie) are read: log-probabilities where given, else samples').choices([...ROUTES]).default('auto'),
    )
    .option('--samples <n>', 'sampling route: answers drawn per question (1-100)', wholeNumber(1, 100), 10)
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones (pairwise/<aspect>.md)')
    .option('--seed <n>', 'seed of the pair design, the orders and the bootstrap', positiveInt, DEFAULT_SEED)
    .addOption(
      new Option('--ties <rule>', "ties in the Bradley–Terry fit: half (half a win to each side) or davidson (Davidson's tie model)")
        .choices(['half', 'davidson'])
        .default('half'),
    )
    .option('--resamples <n>', 'bootstrap resamples of the intervals', wholeNumber(100, 100_000), 1000)
    .option('--json', 'print the result as JSON')
    .option('--out <file>', 'a run file (JSONL): every pair as asked; the same command goes on where it stopped')
    .option('--dry-run', 'count the calls and estimate tokens and cost; nothing is sent')
    .option('--judges <file>', 'a jury (YAML or JSON: name, baseUrl, model, apiKeyEnv): each judge votes, the majority decides, agreement shown');
  addSpendLimitOptions(addSessionOptions(command)).action(runPairwise);
}

function checkAspects(aspects: readonly string[], prompts: string | undefined): void {
  const known = listTemplates({ overrideDir: prompts })
    .filter((t) => t.id.startsWith('pairwise/'))
    .map((t) => t.id.slice('pairwise/'.length));
  const unknown = aspects.filter((a) => !known.includes(a));
  if (unknown.length > 0) throw new SumLensError('usage', `no pairwise question for ${unknown.map((a) => `"${a}"`).join(', ')}; valid: ${known.join(', ')}`);
}

function judgesOf(flags: PairwiseFlags): PairJudge[] {
  if (flags.judges === undefined) {
    const session = sessionFrom(flags);
    return [{ name: session.model, session }];
  }
  return readJudgesFile(flags.judges).map((judge) => ({ name: judge.name, session: judgeSession(flags, judge) }));
}

async function runPairwise(flags: PairwiseFlags): Promise<void> {
  const aspects = flags.aspects ?? ['overall'];
  checkAspects(aspects, flags.prompts);
  const inputs = await pairwiseInputs(flags, printWarning);
  const preferences = flags.preferences
    ? parsePreferences(readDataFile(flags.preferences, `--preferences ${flags.preferences}`), `--preferences ${flags.preferences}`)
    : undefined;
  if (inputs.added > 0) printNotice(`${inputs.added} pair(s) added beyond --pairs-per-doc so every system is compared with the others`);
  if (flags.dryRun) return pairwiseDryRun(inputs.items, aspects, flags);
  const judges = judgesOf(flags);
  const cancellation = cancelOnInterrupt();
  const progress = progressLine();
  let records: PairRecord[];
  try {
    records = await askPairwise({
      items: inputs.items,
      judges,
      settings: {
        ...{ aspects, orders: flags.orders, adaptiveMargin: flags.adaptiveMargin, seed: flags.seed },
        ...{ route: flags.route, samples: flags.samples, promptOverrideDir: flags.prompts },
      },
      out: flags.out,
      signal: cancellation.signal,
      onNotice: printNotice,
      onProgress: (done, total) => progress?.({ done, total, label: 'pairs' }),
    });
  } finally {
    cancellation.dispose();
  }
  const figures = pairwiseFigures(records, aspects, {
    resamples: flags.resamples,
    ties: flags.ties === 'davidson' ? 'davidson' : 'half wins',
    seed: flags.seed,
    human: inputs.human,
    preferences: preferences ? (a) => preferencesOn(preferences, a === 'overall' ? undefined : a) : undefined,
  });
  const usage = usageOf(judges);
  cliIo().stdout.write(flags.json ? JSON.stringify(pairwiseJson(figures, usage, flags), null, 2) + '\n' : pairwiseText(figures, usage));
  const failed = records.filter((r) => r.failure);
  for (const record of failed.slice(0, 3)) printError(`pair ${record.doc} ${record.a}/${record.b} (${record.judge}) failed: ${record.failure!.message}`);
  const spent = spendLine(flags);
  if (spent) printNotice(spent);
  if (failed.length > 0) {
    printError(
      `${failed.length} of ${records.length} pair(s) failed; the figures are of the others${flags.out ? ` (run again with --out ${flags.out} to ask them again)` : ''}`,
    );
    setExitCode(errorExitCodes.partial);
  }
}
