/**
 * `sumlens bench`: run an evaluator over a whole human-annotated dataset into a run file
 * (--out; a killed run resumed with the same command continues where it stopped, failed items
 * are evaluated again), report calls, tokens and an estimated cost, then print the meta table
 * beside the paper's figures. --dry-run estimates without sending; --batch goes through the
 * OpenAI Batch API. The run itself is src/core/run/.
 */
import { Command, Option } from 'commander';
import { datasetFolders, resolveDatasetArgument } from '../../core/datasets/locate';
import { evaluate } from '../../core/evaluate';
import { jurySpecs } from '../../core/jury/jurySpecs';
import { DEFAULT_SAMPLES, POOL_RULES, RUN_METHODS } from '../../core/methodsAndTasks';
import { estimateSpec } from '../../core/run/specRun';
import { readDataset, type Dataset, type Level } from '../../core/datasets/dataset';
import { metaTable, paperSection } from '../../core/meta/formatTable';
import { defaultReferencesPath, readSummEvalReferences, withSummEvalReferences } from '../../core/datasets/summevalReferences';
import { runMeta } from '../../core/meta/runMeta';
import { repeatBench } from '../../core/operations/repeatBench';
import { correlationSpread, correlationSpreadTable } from '../../core/meta/repeatSpread';
import { SUCCESS_EXIT_CODE, SumLensError } from '../../core/errors';
import type { Method, ReasonExamples } from '../../core/result';
import { BatchClient } from '../../core/run/batch/batchClient';
import { benchPlan } from '../../core/run/benchPlan';
import { benchItems, runBatchBench, runBench, type BenchRunOptions, type RunSummary, type Evaluator } from '../../core/operations/runBench';
import type { DatasetRunOutcome } from '../../core/operations/runDataset';
import { readWholeRunFile } from '../../core/runFile/runRecord';
import { addScoringOptions, type ScoringFlags } from '../scoringOptions';
import { batchBaseUrl, specFromFlags } from '../runSpecFromFlags';
import { addChooseOptions, checkChooseUsage } from '../chooseOptions';
import { reasonGroundedSection } from '../../core/meta/reasonGroundedFigures';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { addSpendLimitOptions, spendLimitOf, spendLine } from '../spendLimitOptions';
import { cancelOnInterrupt } from '../terminal';
import { parseAspects, wholeNumber } from '../optionParsers';
import { finishRun, runProgress, runReport, stderrNotice } from '../datasetRun';
import { printDryRun } from '../format/dryRunReport';
import { levelOption, subsetOption } from './meta';
import { runBenchJury } from '../benchJury';
import { defaultBenchRunFile, judgeRunFile } from '../../core/operations/runFileNames';
import { readJudgesFile } from '../../core/jury/judgesFile';
import type { PoolRule } from '../../core/methodsAndTasks';
import { cliIo, setExitCode } from '../io';

interface BenchFlags extends SessionFlags, ScoringFlags {
  dataset: string;
  subset?: string;
  method: Exclude<Method, 'all'>;
  aspects?: string[];
  limit?: number;
  out?: string;
  restart?: boolean;
  samples: number;
  parse: 'robust' | 'geval';
  prompts?: string;
  level?: Level;
  dryRun?: boolean;
  batch?: boolean;
  pollSeconds: number;
  progressEvery: number;
  json?: boolean;
  references?: string;
  repeat?: number;
  judges?: string;
  pool: PoolRule;
  reasons?: ReasonExamples;
  reasonsK?: number;
  preset?: ScoringFlags['preset'];
}

export function registerBench(program: Command): void {
  const command = program
    .command('bench')
    .description('run an evaluator over a human-annotated dataset, then correlate with the human scores')
    .requiredOption(
      '--dataset <name|file>',
      'a set by name (summeval, topical-chat, qags-cnndm, qags-xsum, longeval, longsciverify; see sumlens datasets list) or a dataset file',
      (value: string) => resolveDatasetArgument(value, datasetFolders(cliIo().env)),
    )
    .addOption(subsetOption())
    .addOption(
      new Option('--method <method>', 'evaluator (choose: the judge chooses the aspects, after Tanaka (advised by Kobayashi); its protocol pools the items)')
        .choices(RUN_METHODS.filter((method) => method !== 'all'))
        .default('geval'),
    )
    .option('--aspects <list>', "comma-separated judge aspects (default: the paper's aspects for the dataset)", parseAspects)
    .option('--limit <n>', 'only the first N items', positiveInt)
    .option('--out <file>', 'run file (JSONL), appended per item (default: bench-<dataset>-<method>.jsonl)')
    .option('--restart', 'start the run file over, even when it was made with other settings')
    .option('--samples <n>', 'answers drawn where the endpoint gives no log-probabilities', positiveInt, DEFAULT_SAMPLES)
    .addOption(new Option('--parse <rule>', 'how sampled answers are read').choices(['robust', 'geval']).default('robust'))
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones')
    .addOption(levelOption())
    .option('--dry-run', 'estimate calls, tokens and cost without sending anything')
    .option('--batch', 'send through the OpenAI Batch API (half price, results within 24 h)')
    .option('--poll-seconds <n>', 'with --batch: seconds between status polls', positiveInt, 30)
    .option('--progress-every <n>', 'when stderr is not a terminal: a progress line every N items', positiveInt, 10)
    .option('--json', 'print the run summary and the meta figures as JSON')
    .option('--references <file>', 'with --method fine on SummEval: the 11 references per article (default: bartscore/data.from_pkl.json beside the dataset)')
    .option(
      '--repeat <n>',
      'N independent runs, each in its own cache slot and run file (<out>.repeatK.jsonl): the spread of the agreement with people',
      wholeNumber(1, 100),
    )
    .option(
      '--judges <file>',
      'a jury (YAML or JSON: name, baseUrl, model, apiKeyEnv per judge): each judge and the jury against people, the jury against its best judge',
    )
    .addOption(new Option('--pool <rule>', "with --judges: how the judges' scores are pooled").choices(POOL_RULES).default('mean'));
  addScoringOptions(command);
  addChooseOptions(command);
  addSpendLimitOptions(addSessionOptions(command)).action((flags: BenchFlags) =>
    runBenchCommand(flags, (option) => command.getOptionValueSource(option) === 'cli'),
  );
}

/** Fine-grained on SummEval follows the paper's §4.3: a rubric from the 11 references per article. */
function evaluatorFor(dataset: Dataset, flags: BenchFlags): Evaluator {
  if (flags.method !== 'fine' || dataset.kind !== 'summeval') return evaluate;
  const path = flags.references ?? defaultReferencesPath(flags.dataset);
  return withSummEvalReferences(evaluate, readSummEvalReferences(path), path);
}

function outPath(flags: BenchFlags): string {
  return flags.out ?? defaultBenchRunFile(flags.dataset, flags.subset, flags.method);
}

async function runBenchCommand(flags: BenchFlags, given: (option: string) => boolean): Promise<void> {
  // Options that cannot go together are refused before any file is read.
  if (flags.repeat !== undefined && flags.batch) throw new SumLensError('usage', '--repeat runs against the endpoint directly, not with --batch');
  checkChooseUsage(flags);
  // Tanaka's thesis correlates the pooled items; a chosen --level still wins.
  if (flags.method === 'choose') flags.level ??= 'sample';
  const dataset = readDataset(flags.dataset, flags.subset);
  const plan = benchPlan(dataset, flags.aspects);
  if (flags.method === 'choose' && plan.task === 'consistency') {
    throw new SumLensError(
      'usage',
      "--method choose asks the aspect-choice question about summaries or dialogue responses; QAGS's yes/no consistency is not among its aspects (use --method geval)",
    );
  }
  const out = outPath(flags);
  const spec = specFromFlags(flags, given, { task: plan.task, aspects: plan.aspects.map((a) => a.judge) });
  const evaluator = evaluatorFor(dataset, flags);
  const judges = flags.judges !== undefined ? readJudgesFile(flags.judges) : undefined;
  if (judges && (flags.repeat !== undefined || flags.batch)) throw new SumLensError('usage', '--judges runs with neither --repeat nor --batch');
  const specs = judges ? jurySpecs(spec, judges) : [spec];

  if (flags.dryRun) {
    const items = benchItems(dataset, plan, flags.limit);
    // A jury: each judge's own estimate, against its own run file.
    for (const judge of specs) {
      const judgeOut = judge.judge.name !== undefined ? judgeRunFile(out, judge.judge.name) : out;
      const estimate = await estimateSpec({ spec: judge, items: () => items, out: judgeOut, evaluate: evaluator });
      if (judge.judge.name !== undefined && !flags.json) cliIo().stdout.write(`judge ${judge.judge.name}:\n`);
      printDryRun(estimate, judgeOut, judge.judge.model, flags);
    }
    return;
  }

  const common = { dataset, plan, out, evaluate: evaluator, limit: flags.limit, spec, restart: flags.restart };
  if (judges) return runBenchJury(judges, specs, { ...common, flags });
  if (flags.repeat !== undefined && flags.repeat > 1) return runRepeatedBench(flags, common);
  const cancellation = cancelOnInterrupt();
  const progress = runProgress(flags.progressEvery);
  let outcome: DatasetRunOutcome;
  try {
    outcome = flags.batch
      ? await runBatchBench({
          ...common,
          client: new BatchClient({ baseURL: batchBaseUrl(flags), apiKey: cliIo().env.OPENAI_API_KEY, timeoutMs: flags.timeout * 1000 }),
          pollMs: flags.pollSeconds * 1000,
          spendLimit: spendLimitOf(flags),
          signal: cancellation.signal,
          onProgress: progress.onProgress,
          onNotice: stderrNotice,
          onBatch: (b) => cliIo().stderr.write(`\rbatch ${b.id}: ${b.status} ${b.completed + b.failed}/${b.total}\x1b[K`),
        })
      : await runBench({
          ...common,
          session: sessionFrom(flags),
          signal: cancellation.signal,
          onProgress: progress.onProgress,
          onNotice: stderrNotice,
        });
  } finally {
    progress.finish();
    cancellation.dispose();
  }
  const { summary } = outcome;
  cliIo().stderr.write(runReport(summary, out, spec.judge.model, { batch: flags.batch === true, spend: spendLine(flags) }) + '\n');
  finishRun(outcome);
  // Fine-grained scores read as human aspects only on SummEval (paper §4.3); elsewhere there is nothing to correlate.
  if (summary.written + summary.alreadyDone > 0 && (flags.method !== 'fine' || dataset.kind === 'summeval')) {
    printMeta(dataset, flags, { aspects: plan.aspects.map((a) => a.human), out, summary });
  } else if (flags.json) {
    cliIo().stdout.write(JSON.stringify({ run: summary }, null, 2) + '\n');
  }
}

/** `--repeat N` (src/core/operations/repeatBench.ts): N runs, then each correlation's spread over them. */
async function runRepeatedBench(flags: BenchFlags, common: Omit<BenchRunOptions, 'session'>): Promise<void> {
  const session = sessionFrom(flags);
  const cancellation = cancelOnInterrupt();
  let result;
  try {
    result = await repeatBench({
      ...common,
      repeat: flags.repeat ?? 1,
      session,
      level: flags.level,
      signal: cancellation.signal,
      onNotice: stderrNotice,
      progressFor: () => runProgress(flags.progressEvery),
      onRunDone: (k, summary, out) => cliIo().stderr.write(`run ${k + 1} of ${flags.repeat}: ${runReport(summary, out, session.model, { batch: false })}\n`),
    });
  } finally {
    cancellation.dispose();
  }
  if (result.stopped) return finishRun({ summary: result.stopped, exitCode: result.exitCode });
  const spread = correlationSpread(result.runs);
  cliIo().stdout.write(flags.json ? JSON.stringify({ runs: result.outs, spread }, null, 2) + '\n' : correlationSpreadTable(spread, result.runs.length));
  if (result.exitCode !== SUCCESS_EXIT_CODE) {
    setExitCode(result.exitCode);
    stderrNotice('partial: some items failed in some runs (recorded; a rerun evaluates them again)');
  }
}

/** Per aspect: the run's finished items, and in how many the judge did not choose it. */
function notChosenCounts(out: string, aspects: string[]): Record<string, { items: number; notChosen: number }> {
  const finished = readWholeRunFile(out).records.filter((r) => r.status !== 'failed');
  return Object.fromEntries(aspects.map((a) => [a, { items: finished.length, notChosen: finished.filter((r) => r.scores[a] === undefined).length }]));
}

/** The run against people's scores: the meta-evaluation table and the published figures beside it. */
function printMeta(dataset: Dataset, flags: BenchFlags, run: { aspects: string[]; out: string; summary: RunSummary }): void {
  const { aspects, out, summary } = run;
  const { results } = runMeta({ dataset: dataset.path, subset: flags.subset, aspects, predictions: out, level: flags.level });
  if (flags.json) {
    cliIo().stdout.write(JSON.stringify({ run: summary, meta: results }, null, 2) + '\n');
    return;
  }
  const published =
    flags.method === 'choose' ? `\n${reasonGroundedSection(dataset.kind, results, notChosenCounts(out, aspects))}` : paperSection(dataset, results);
  cliIo().stdout.write(`${metaTable(results)}\n${published}`);
}
