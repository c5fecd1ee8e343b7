/**
 * `sumlens bench`: run an evaluator over a whole human-annotated dataset, append one JSONL
 * record per finished item to --out (a killed run resumed with the same command continues
 * where it stopped), report calls, tokens and an estimated cost, then print the meta table
 * beside the paper's figures. --dry-run estimates without sending; --batch goes through the
 * OpenAI Batch API.
 */
import { basename } from 'node:path';
import { Command, Option } from 'commander';
import { evaluate, type EvaluateOptions } from '../../core/evaluate';
import { defaultBaseUrl, defaultModel } from '../../core/llm/openaiSession';
import type { Usage } from '../../core/llm/types';
import { BatchClient } from '../../core/meta/batch/batchClient';
import { runBatchBench } from '../../core/meta/batch/runBatchBench';
import { benchPlan } from '../../core/meta/benchPlan';
import { readDataset, type Dataset, type Level } from '../../core/meta/datasets';
import { estimateBench } from '../../core/meta/dryRun';
import { metaTable, paperSection } from '../../core/meta/formatTable';
import { estimateCost, formatCost } from '../../core/meta/pricing';
import { ProgressBar } from '../../core/meta/progressBar';
import { runBench, type BenchRunSummary } from '../../core/meta/runBench';
import { runMeta } from '../../core/meta/runMeta';
import type { Method } from '../../core/result';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { cancelOnInterrupt } from '../terminal';
import { levelOption, parseAspects } from './meta';

interface BenchFlags extends SessionFlags {
  dataset: string;
  method: Exclude<Method, 'all'>;
  aspects?: string[];
  limit?: number;
  out?: string;
  samples: number;
  parse: 'robust' | 'geval';
  prompts?: string;
  level?: Level;
  dryRun?: boolean;
  batch?: boolean;
  pollSeconds: number;
  json?: boolean;
}

export function registerBench(program: Command): void {
  const command = program
    .command('bench')
    .description('run an evaluator over a human-annotated dataset, then correlate with the human scores')
    .requiredOption('--dataset <file>', 'dataset JSON (SummEval, Topical-Chat, QAGS)')
    .addOption(new Option('--method <method>', 'evaluator').choices(['geval', 'rationale', 'fine']).default('geval'))
    .option('--aspects <list>', "comma-separated judge aspects (default: the paper's aspects for the dataset)", parseAspects)
    .option('--limit <n>', 'only the first N items', positiveInt)
    .option('--out <file>', 'JSONL output, appended per item (default: bench-<dataset>-<method>.jsonl)')
    .option('--samples <n>', 'answers drawn where the endpoint gives no log-probabilities', positiveInt, 20)
    .addOption(new Option('--parse <rule>', 'how sampled answers are read').choices(['robust', 'geval']).default('robust'))
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones')
    .addOption(levelOption())
    .option('--dry-run', 'estimate calls, tokens and cost without sending anything')
    .option('--batch', 'send through the OpenAI Batch API (half price, results within 24 h)')
    .option('--poll-seconds <n>', 'with --batch: seconds between status polls', positiveInt, 30)
    .option('--json', 'print the run summary and the meta figures as JSON');
  addSessionOptions(command).action(runBenchCommand);
}

function outPath(flags: BenchFlags): string {
  return flags.out ?? `bench-${basename(flags.dataset).replace(/\.json$/i, '')}-${flags.method}.jsonl`;
}

async function runBenchCommand(flags: BenchFlags): Promise<void> {
  const dataset = readDataset(flags.dataset);
  const plan = benchPlan(dataset, flags.aspects);
  const out = outPath(flags);
  const endpoint = (flags.baseUrl || defaultBaseUrl).replace(/\/+$/, '');
  const model = flags.model || defaultModel;
  const extra: Partial<EvaluateOptions> = { samples: flags.samples, parseRule: flags.parse, promptOverrideDir: flags.prompts };
  const common = { dataset, plan, method: flags.method, out, evaluate, limit: flags.limit, extra };

  if (flags.dryRun) {
    const estimate = await estimateBench({ ...common, endpoint, model });
    const lines = [
      `dry run: ${estimate.items} item(s) to evaluate (${estimate.alreadyDone} already in ${out}), nothing sent`,
      `  calls: ${estimate.usage.calls}`,
      `  prompt tokens: ~${estimate.usage.promptTokens} (4 characters per token)`,
      `  completion tokens: at most ${estimate.usage.completionTokens} (max_tokens × n)`,
      `  cost for ${model}: ${formatCost(estimateCost(model, estimate.usage, flags.batch))}${flags.batch ? ' at Batch API prices' : ''}`,
    ];
    process.stdout.write((flags.json ? JSON.stringify({ dryRun: true, ...estimate, out }, null, 2) : lines.join('\n')) + '\n');
    return;
  }

  const cancellation = cancelOnInterrupt();
  let bar: ProgressBar | undefined;
  const onProgress = (done: number, total: number, usage: Usage): void => {
    bar ??= new ProgressBar(process.stderr, total);
    bar.update(done, `${usage.calls} calls`);
  };
  let summary: BenchRunSummary;
  try {
    summary = flags.batch
      ? await runBatchBench({
          ...common,
          client: new BatchClient({ baseURL: endpoint, apiKey: process.env.OPENAI_API_KEY, timeoutMs: flags.timeout * 1000 }),
          endpoint,
          model,
          pollMs: flags.pollSeconds * 1000,
          signal: cancellation.signal,
          onProgress,
          onBatch: (b) => process.stderr.write(`\rbatch ${b.id}: ${b.status} ${b.completed + b.failed}/${b.total}\x1b[K`),
        })
      : await runBench({
          ...common,
          session: sessionFrom(flags),
          itemConcurrency: flags.concurrency * 2,
          signal: cancellation.signal,
          onProgress,
        });
  } finally {
    bar?.finish();
    cancellation.dispose();
  }
  process.stderr.write(runReport(summary, out, model, flags.batch === true) + '\n');
  if (summary.cancelled) process.exitCode = 130;
  printMeta(dataset, plan.aspects.map((a) => a.human), out, flags, summary);
}

function runReport(s: BenchRunSummary, out: string, model: string, batch: boolean): string {
  const lines = [
    `${s.written} item(s) written to ${out}${s.alreadyDone ? `, ${s.alreadyDone} already there` : ''}` +
      `${s.failed ? `, ${s.failed} failed (a rerun retries them)` : ''}` +
      `${s.aspectErrors ? `, ${s.aspectErrors} aspect score(s) missing after errors` : ''}${s.cancelled ? ', cancelled' : ''}` +
      ` in ${(s.durationMs / 1000).toFixed(1)} s`,
    ...s.errors.map((e) => `  ${e}`),
    `calls ${s.usage.calls} (cache hits ${s.usage.cacheHits}, retries ${s.usage.retries}), ` +
      `tokens ${s.usage.promptTokens} prompt + ${s.usage.completionTokens} completion`,
    `cost for ${model}: ${formatCost(estimateCost(model, s.usage, batch))}`,
  ];
  if (s.truncatedBytes) lines.unshift(`cut a torn last line (${s.truncatedBytes} bytes) off ${out} before resuming`);
  return lines.join('\n');
}

function printMeta(dataset: Dataset, aspects: string[], out: string, flags: BenchFlags, summary: BenchRunSummary): void {
  const { results } = runMeta({ dataset: dataset.path, aspects, predictions: out, level: flags.level });
  if (flags.json) {
    process.stdout.write(JSON.stringify({ run: summary, meta: results }, null, 2) + '\n');
    return;
  }
  process.stdout.write(`${metaTable(results)}\n${paperSection(dataset, results)}`);
}
