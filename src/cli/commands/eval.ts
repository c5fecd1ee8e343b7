/**
 * `sumlens eval`: its flags, and which way it runs: one summary (evalOne.ts) or a dataset
 * (evalData.ts), each loaded when asked (as --dry-run, --judges and --repeat load theirs):
 * a run parses only what it runs, and sends its first request sooner (scripts/bench/startup.ts).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { parseAspects, wholeNumber } from '../optionParsers';
import { addSessionOptions } from '../sessionOptions';
import { addSpendLimitOptions } from '../spendLimitOptions';
import { evalCalibration } from '../evalCalibration';
import { addDataOptions } from '../evalDataOptions';
import type { DataEvalFlags, EvalFlags } from '../evalFlags';
import { DEFAULT_TOP_LOGPROBS } from '../../core/geval/scoreRoutes';
import { DEFAULT_SAMPLES, POOL_RULES, RUN_METHODS, RUN_TASKS } from '../../core/methodsAndTasks';
import { addScoringOptions } from '../scoringOptions';
import { addChooseOptions } from '../chooseOptions';

function finiteNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError(`expected a number, got "${text}"`);
  return value;
}

export function registerEval(program: Command): void {
  const command = program
    .command('eval')
    .description('score a summary against its source, aspect by aspect')
    .option('--source <file>', 'the source document (for dialogue: the conversation so far)')
    .option('--summary <file>', 'the summary to judge (for dialogue: the response)')
    .option('--reference <file>', 'a reference summary (fine-grained completeness; for dialogue: the knowledge fact)')
    .addOption(new Option('--method <method>', 'how to judge').choices(RUN_METHODS).default('geval'))
    .addOption(new Option('--task <task>', 'which aspects and prompts').choices(RUN_TASKS).default('summarization'))
    .option('--aspects <list>', 'comma-separated aspects (default: all of the task)', parseAspects)
    .option('--samples <n>', 'sampling route: the most answers drawn per aspect (1-100)', wholeNumber(1, 100), DEFAULT_SAMPLES)
    .option('--top-logprobs <n>', 'alternatives asked per token on the log-probability route (1-20)', wholeNumber(1, 20), DEFAULT_TOP_LOGPROBS)
    .addOption(
      new Option('--parse <rule>', "how sampled answers are read: robust, or G-Eval's own rule (leading number, else 0)")
        .choices(['robust', 'geval'])
        .default('robust'),
    )
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones (same relative paths)')
    .option('--repeat <n>', 'N independent runs (each in its own cache slot): per-aspect mean, sd and range', wholeNumber(1))
    .option('--threshold <score>', 'with --repeat: share of runs scoring at least this, and aspects whose runs straddle it', finiteNumber)
    .option('--json', 'print the result as JSON')
    .option('--judges <file>', 'a jury: a YAML or JSON file listing judges (name, baseUrl, model, apiKeyEnv[, route, samples]); each scores on its own')
    .addOption(new Option('--pool <rule>', "with --judges: how the judges' scores are pooled").choices(POOL_RULES).default('mean'))
    .option(
      '--calibration <file>',
      "also print each score mapped to your people's scale by a map from sumlens calibrate or align (the raw score stays; default: --prompts DIR's <task>/calibration.json)",
    );
  addScoringOptions(command);
  addChooseOptions(command);
  addDataOptions(command);
  addSpendLimitOptions(addSessionOptions(command)).action(async (flags: EvalFlags & DataEvalFlags) =>
    flags.data !== undefined
      ? (evalCalibration(flags, '--data'), (await import('../evalData')).runDataEval(flags, (option) => command.getOptionValueSource(option) === 'cli'))
      : (await import('../evalOne')).runEval(flags, command),
  );
}
