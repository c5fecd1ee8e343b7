/** `sumlens eval`: score one summary against its source document. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { evaluate, type EvaluateOptions, type EvaluationInput } from '../../core/evaluate';
import { evaluateRepeated } from '../../core/repeat';
import { formatRepeatReport } from '../format/repeatReport';
import type { Method, Task } from '../../core/result';
import { readTextFile } from '../../core/textInput';
import { formatEvalReport } from '../format/evalReport';
import { parseAspects } from './meta';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { cancelOnInterrupt, progressLine } from '../terminal';

interface EvalFlags extends SessionFlags {
  source: string;
  summary: string;
  reference?: string;
  method: Method;
  task: Task;
  aspects?: string[];
  samples: number;
  topLogprobs: number;
  parse: 'robust' | 'geval';
  prompts?: string;
  repeat?: number;
  threshold?: number;
  json?: boolean;
}

function finiteNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError(`expected a number, got "${text}"`);
  return value;
}

export function registerEval(program: Command): void {
  const command = program
    .command('eval')
    .description('score a summary against its source, aspect by aspect')
    .requiredOption('--source <file>', 'the source document (for dialogue: the conversation so far)')
    .requiredOption('--summary <file>', 'the summary to judge (for dialogue: the response)')
    .option('--reference <file>', 'a reference summary (fine-grained completeness; for dialogue: the knowledge fact)')
    .addOption(new Option('--method <method>', 'how to judge').choices(['geval', 'rationale', 'fine', 'all']).default('geval'))
    .addOption(new Option('--task <task>', 'which aspects and prompts').choices(['summarization', 'dialogue', 'consistency']).default('summarization'))
    .option('--aspects <list>', 'comma-separated aspects (default: all of the task)', parseAspects)
    .option('--samples <n>', 'answers drawn where the endpoint gives no log-probabilities', positiveInt, 20)
    .option('--top-logprobs <n>', 'alternatives asked per token on the log-probability route', positiveInt, 20)
    .addOption(new Option('--parse <rule>', "how sampled answers are read: robust, or G-Eval's own rule (leading number, else 0)").choices(['robust', 'geval']).default('robust'))
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones (same relative paths)')
    .option('--repeat <n>', 'N independent runs (each in its own cache slot): per-aspect mean, sd and range', positiveInt)
    .option('--threshold <score>', 'with --repeat: share of runs scoring at least this, and aspects whose runs straddle it', finiteNumber)
    .option('--json', 'print the result as JSON');
  addSessionOptions(command).action(runEval);
}

async function runEval(flags: EvalFlags): Promise<void> {
  const input: EvaluationInput = {
    source: readTextFile(flags.source, `--source ${flags.source}`),
    summary: readTextFile(flags.summary, `--summary ${flags.summary}`),
    reference: flags.reference ? readTextFile(flags.reference, `--reference ${flags.reference}`) : undefined,
    task: flags.task,
  };
  const session = sessionFrom(flags);
  const options: EvaluateOptions = {
    method: flags.method,
    aspects: flags.aspects,
    samples: flags.samples,
    topLogprobs: flags.topLogprobs,
    parseRule: flags.parse,
    promptOverrideDir: flags.prompts,
    session,
  };
  const cancellation = cancelOnInterrupt();
  try {
    if (flags.repeat !== undefined || flags.threshold !== undefined) {
      const repeated = await evaluateRepeated(input, options, flags.repeat ?? 1, flags.threshold, { signal: cancellation.signal });
      const usage = session.usage();
      process.stdout.write(
        flags.json ? JSON.stringify({ ...repeated, threshold: flags.threshold, usage }, null, 2) + '\n' : formatRepeatReport(repeated, usage, flags.threshold),
      );
      if (repeated.cancelled) process.exitCode = 130;
      return;
    }
    const result = await evaluate(input, options, { signal: cancellation.signal, onProgress: progressLine() });
    const notes = { source: input.source, target: input.summary, reference: input.reference };
    process.stdout.write(flags.json ? JSON.stringify(result, null, 2) + '\n' : formatEvalReport(result, notes));
    if (result.cancelled) process.exitCode = 130;
  } finally {
    cancellation.dispose();
  }
}
