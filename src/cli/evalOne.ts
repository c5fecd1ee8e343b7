/**
 * `sumlens eval` on one summary (--source, --summary): the evaluation through the operation
 * evaluateSummary, a jury's (--judges) or repeated runs (--repeat), and the result printed.
 * Loaded when the command runs on one summary (a dataset run loads evalData.ts instead).
 */
import type { Command } from 'commander';
import { evaluate, RunStoppedError, type EvaluateOptions, type EvaluationInput } from '../core/evaluate';
import type { EvaluationResult } from '../core/result';
import { resultJson } from '../core/resultJson';
import { readTextFile } from '../core/textInput';
import { evaluateSummary, type SummaryOutcome } from '../core/operations/evaluateSummary';
import { evaluateOptionsOf } from '../core/runSpec/evaluateOptions';
import { specFromFlags } from './runSpecFromFlags';
import { formatEvalReport } from './format/evalReport';
import { reportOutcome } from './outcome';
import { sessionFrom } from './sessionOptions';
import { spendLine } from './spendLimitOptions';
import { printNotice } from './stderr';
import { cancelOnInterrupt, progressLine } from './terminal';
import { errorExitCodes, SumLensError, type ErrorCode } from '../core/errors';
import { calibrateResult, type AppliedCalibration } from '../core/agreement/appliedCalibration';
import { evalCalibration } from './evalCalibration';
import type { EvalFlags } from './evalFlags';
import { checkEvalUsage } from './evalUsage';
import { cliIo, setExitCode } from './io';
import { judgeSession } from './judgeSession';

export async function runEval(flags: EvalFlags, command: Command): Promise<void> {
  if (flags.source === undefined || flags.summary === undefined) {
    throw new SumLensError('usage', 'give --source and --summary (or --data FILE for a dataset)');
  }
  checkEvalUsage(flags, (option) => command.getOptionValueSource(option) === 'cli');
  const input: EvaluationInput = {
    source: readTextFile(flags.source, `--source ${flags.source}`),
    summary: readTextFile(flags.summary, `--summary ${flags.summary}`),
    reference: flags.reference ? readTextFile(flags.reference, `--reference ${flags.reference}`) : undefined,
    task: flags.task,
  };
  // One summary is judged as an item of a dataset run would be: evaluate()'s options from the run spec alone.
  const given = (option: string) => command.getOptionValueSource(option) === 'cli';
  const spec = specFromFlags(flags, given, { task: flags.task, aspects: flags.aspects });
  const shared = evaluateOptionsOf(spec);
  if (flags.dryRun) return (await import('./evalDryRun')).runSingleDryRun(input, flags, shared);
  // A jury has its own sessions, one per judge: no default endpoint or key is needed.
  const repeated = flags.repeat !== undefined || flags.threshold !== undefined;
  // Read before anything is sent: a bad map is an error that costs nothing.
  const calibration = evalCalibration(flags, flags.judges !== undefined ? '--judges' : repeated ? '--repeat' : 'one summary');
  if (flags.judges !== undefined) return runJury(input, shared, flags, flags.judges);
  const session = sessionFrom(flags, { topLogprobs: command.getOptionValueSource('topLogprobs') === 'cli' ? flags.topLogprobs : undefined });
  if (repeated) return runRepeated(input, { ...shared, session }, flags);
  const cancellation = cancelOnInterrupt();
  let outcome: SummaryOutcome;
  try {
    outcome = await evaluateSummary(spec, input, { session, signal: cancellation.signal, onProgress: progressLine() });
  } catch (error) {
    // A run-level error still shows what finished before it, then ends the run with its code.
    if (error instanceof RunStoppedError) {
      printResult(error.partial, input, flags, calibration);
      reportOutcome(error.partial, error);
    }
    throw error;
  } finally {
    cancellation.dispose();
  }
  printResult(outcome.result, input, flags, calibration);
  const spent = spendLine(flags);
  if (spent) printNotice(spent);
  reportOutcome(outcome.result);
  setExitCode(outcome.exitCode);
}

/** `--judges FILE`: every judge on its own session, the jury's pooled scores; a failed judge is named and left out (exit 14). */
async function runJury(input: EvaluationInput, shared: Omit<EvaluateOptions, 'session'>, flags: EvalFlags, judgesFile: string): Promise<void> {
  const [{ evaluateJury }, { readJudgesFile }, { formatJuryReport }] = await Promise.all([
    import('../core/jury/evaluateJury'),
    import('../core/jury/judgesFile'),
    import('./format/juryReport'),
  ]);
  const specs = readJudgesFile(judgesFile);
  if (flags.repeat !== undefined) throw new SumLensError('usage', '--judges and --repeat do not go together');
  const jurors = specs.map((spec) => ({ spec, session: judgeSession(flags, spec) }));
  const cancellation = cancelOnInterrupt();
  try {
    const jury = await evaluateJury(input, jurors, { options: shared, rule: flags.pool, evaluate }, { signal: cancellation.signal });
    cliIo().stdout.write(
      flags.json
        ? JSON.stringify({ pool: jury.pool, judges: jury.judges.map((j) => ({ ...j, result: j.result && resultJson(j.result) })), jury: jury.jury }, null, 2) +
            '\n'
        : formatJuryReport(jury),
    );
    const failed = jury.judges.filter((j) => j.error);
    if (cancellation.signal.aborted) setExitCode(errorExitCodes.cancelled);
    else if (failed.length === jury.judges.length)
      throw new SumLensError(failed[0].error!.code as ErrorCode, `every judge failed; ${failed[0].name}: ${failed[0].error!.message}`);
    else if (failed.length > 0) {
      cliIo().stderr.write(`sumlens: partial: ${failed.map((j) => `judge ${j.name} failed (${j.error!.message})`).join('; ')}; the jury is the others\n`);
      setExitCode(errorExitCodes.partial);
    } else setExitCode(Math.max(...jury.judges.map((j) => reportOutcome(j.result!))));
  } finally {
    cancellation.dispose();
  }
}

/** `--repeat N` / `--threshold`: N independent runs, each in its own cache slot, and their spread. */
async function runRepeated(input: EvaluationInput, options: EvaluateOptions, flags: EvalFlags): Promise<void> {
  const [{ evaluateRepeated }, { formatRepeatReport }] = await Promise.all([import('../core/repeat'), import('./format/repeatReport')]);
  const cancellation = cancelOnInterrupt();
  try {
    const repeated = await evaluateRepeated(input, options, { runs: flags.repeat ?? 1, threshold: flags.threshold }, { signal: cancellation.signal });
    const usage = options.session.usage();
    cliIo().stdout.write(
      flags.json ? JSON.stringify({ ...repeated, threshold: flags.threshold, usage }, null, 2) + '\n' : formatRepeatReport(repeated, usage, flags.threshold),
    );
    if (repeated.cancelled) setExitCode(errorExitCodes.cancelled);
  } finally {
    cancellation.dispose();
  }
}

function printResult(raw: EvaluationResult, input: EvaluationInput, flags: EvalFlags, calibration?: AppliedCalibration): void {
  const notes = { source: input.source, target: input.summary, reference: input.reference };
  // Beside the raw scores (each aspect's `calibrated`), labelled with the map's file and hash, never instead of them.
  const result = calibration ? calibrateResult(raw, calibration) : raw;
  const calibrated = Object.fromEntries(result.aspects.flatMap((a) => (a.calibrated ? [[a.name, a.calibrated.score]] : [])));
  if (flags.json) {
    const applied = calibration && { calibrated: { map: calibration.file, sha256: calibration.sha256, scores: calibrated } };
    cliIo().stdout.write(JSON.stringify({ ...(resultJson(result) as object), ...applied }, null, 2) + '\n');
    return;
  }
  cliIo().stdout.write(formatEvalReport(result, notes));
  if (calibration) {
    const mapped = result.aspects.flatMap((a) => (a.calibrated ? [`${a.name} ${a.calibrated.score.toFixed(2)} (raw ${a.score!.toFixed(2)})`] : []));
    cliIo().stdout.write(
      `\ncalibrated to your people's scale by ${calibration.file} (sha256 ${calibration.sha256.slice(0, 12)}…): ` +
        `${mapped.length ? mapped.join(', ') : 'no aspect of this run is in the map'}\n`,
    );
  }
}
