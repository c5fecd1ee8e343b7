/**
 * `sumlens distill --dataset FILE --out train.jsonl`: the training triples of reason-grounded
 * evaluation (Tanaka, advised by Kobayashi): question, reason, answer, for fine-tuning a small
 * judge elsewhere, split by document into train and validation. Resumable: a stopped run started again continues with the items not written.
 */
import { Command, Option } from 'commander';
import { DEFAULT_REASONS_K } from '../../core/choose/reasonsDefault';
import { distillEstimate, distillTask } from '../../core/distill/distillRun';
import { distillReasons } from '../../core/operations/distillReasons';
import { buildSpec } from '../../core/runSpec/buildSpec';
import { datasetFolders, resolveDatasetArgument } from '../../core/datasets/locate';
import { readDataset } from '../../core/datasets/dataset';
import { defaultModel } from '../../core/llm/openaiSession';
import { estimateCost, formatCost } from '../../core/llm/pricing';
import type { ReasonExamples } from '../../core/result';
import { wholeNumber } from '../optionParsers';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { addSpendLimitOptions } from '../spendLimitOptions';
import { cancelOnInterrupt } from '../terminal';
import { stderrNotice } from '../datasetRun';
import { cliIo, setExitCode } from '../io';

interface DistillFlags extends SessionFlags {
  dataset: string;
  out: string;
  reasons: ReasonExamples;
  reasonsK: number;
  limit?: number;
  prompts?: string;
  dryRun?: boolean;
}

export function registerDistill(program: Command): void {
  const command = program
    .command('distill')
    .description(
      'write the training triples of reason-grounded evaluation (Tanaka, advised by Kobayashi): question, reason, answer from the human scores, split by document into train and validation',
    )
    .requiredOption('--dataset <name|file>', 'summeval or topical-chat (by name or file)', (value: string) =>
      resolveDatasetArgument(value, datasetFolders(cliIo().env)),
    )
    .requiredOption('--out <file>', 'the triples (JSONL, one per reason, each with its split); appended per item, so a rerun resumes')
    .addOption(new Option('--reasons <set>', 'the few-shot examples the reasons are written from').choices(['fsv1', 'fsv2']).default('fsv2'))
    .option('--reasons-k <k>', `reasons per item (the thesis drew ${DEFAULT_REASONS_K})`, wholeNumber(1, 100), DEFAULT_REASONS_K)
    .option('--limit <n>', 'only the first N items', positiveInt)
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones (prompts/choose/)')
    .option('--dry-run', 'estimate calls, tokens and cost without sending anything');
  addSpendLimitOptions(addSessionOptions(command)).action(runDistill);
}

async function runDistill(flags: DistillFlags): Promise<void> {
  const dataset = readDataset(flags.dataset);
  const options = { dataset, examples: flags.reasons, reasonsK: flags.reasonsK, limit: flags.limit, promptOverrideDir: flags.prompts };
  if (flags.dryRun) {
    const estimate = distillEstimate(options);
    const model = flags.model || defaultModel;
    cliIo().stdout.write(
      `dry run: ${estimate.calls} requests (n=${flags.reasonsK} reasons each), ~${estimate.promptTokens} prompt + at most ${estimate.completionTokens} completion tokens; ` +
        `cost for ${model}: ${formatCost(estimateCost(model, estimate))}; nothing was sent\n`,
    );
    return;
  }
  const session = sessionFrom(flags);
  const cancellation = cancelOnInterrupt();
  try {
    const spec = buildSpec({
      judge: { baseUrl: flags.baseUrl, model: flags.model },
      method: 'choose',
      task: distillTask(dataset),
      reasons: flags.reasons,
      reasonsK: flags.reasonsK,
      prompts: flags.prompts,
      concurrency: flags.concurrency,
    });
    const { summary, failure, exitCode } = await distillReasons(
      { spec: { ...spec, reasons: flags.reasons, reasonsK: flags.reasonsK }, dataset, out: flags.out, limit: flags.limit },
      {
        session,
        signal: cancellation.signal,
        onProgress: (done, total) => cliIo().stderr.isTTY && cliIo().stderr.write(`\r${done}/${total} items\x1b[K`),
      },
    );
    if (cliIo().stderr.isTTY) cliIo().stderr.write('\n');
    const u = session.usage();
    cliIo().stdout.write(
      `${summary.written} items written to ${flags.out} (${summary.alreadyDone} already there): ${summary.triples.train} train and ${summary.triples.validation} validation triples\n` +
        `split by document: ${summary.itemsBySplit.train} train and ${summary.itemsBySplit.validation} validation items (Tanaka's thesis: 1,196 / 239 for SummEval, 266 / 53 for Topical-Chat)\n` +
        `calls ${u.calls} (cache hits ${u.cacheHits}), tokens ${u.promptTokens} prompt + ${u.completionTokens} completion\n`,
    );
    if (failure) throw failure;
    setExitCode(exitCode);
    if (summary.cancelled) stderrNotice('cancelled: the items written are kept; run the same command again to continue');
    else if (summary.failed.length > 0) {
      const first = summary.failed[0];
      stderrNotice(`partial: ${summary.failed.length} item(s) failed (first ${first.key}: ${first.message}); run the same command again to retry them`);
    }
  } finally {
    cancellation.dispose();
  }
}
