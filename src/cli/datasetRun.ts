/**
 * What `bench` and `eval --data` share on the command line: progress on stderr, the run's
 * report lines, and its exit code (README: all items failed → the cause's code; some → 14).
 */
import type { Usage } from '../core/llm/types';
import { mainCause } from '../core/run/outcome';
import { estimateCost, formatCost } from '../core/llm/pricing';
import { ProgressBar, type RunProgress } from '../core/run/progressBar';
import type { RunSummary } from '../core/run/runItems';
import { cliIo, setExitCode } from './io';
import { SUCCESS_EXIT_CODE } from '../core/errors';

export function stderrNotice(text: string): void {
  cliIo().stderr.write(`sumlens: ${text}\n`);
}

/** Progress for a run: a fitted line on a terminal, a plain line every `every` items elsewhere. */
export function runProgress(every = 10): { onProgress(p: RunProgress): void; finish(): void } {
  const bar = new ProgressBar(cliIo().stderr, every);
  return { onProgress: (p) => bar.update(p), finish: () => bar.finish() };
}

export function usageLine(usage: Usage): string {
  return `calls ${usage.calls} (cache hits ${usage.cacheHits}, retries ${usage.retries}), tokens ${usage.promptTokens} prompt + ${usage.completionTokens} completion`;
}

/** `batch`: priced at Batch API prices; `spend`: what the call spent against its limit (spendLimitOptions.ts), when it has one. */
export function runReport(s: RunSummary, out: string, model: string, { batch, spend }: { batch: boolean; spend?: string }): string {
  const lines = [
    `${s.written} item(s) written to ${out}${s.alreadyDone ? `, ${s.alreadyDone} already there` : ''}` +
      `${s.failed ? `, ${s.failed} failed (recorded; a rerun evaluates them again)` : ''}${s.cancelled ? ', cancelled' : ''}` +
      ` in ${(s.durationMs / 1000).toFixed(1)} s`,
    ...s.errors.map((e) => `  ${e}`),
    usageLine(s.usage),
    `cost for ${model}: ${formatCost(estimateCost(model, s.usage, batch))}`,
    ...(spend ? [spend] : []),
  ];
  if (s.restartedRecords) lines.unshift(`restarted ${out}: ${s.restartedRecords} earlier record(s) dropped`);
  if (s.truncatedBytes) lines.unshift(`cut a torn last line (${s.truncatedBytes} bytes) off ${out} before resuming`);
  return lines.join('\n');
}

/** Sets the exit code the run ended with (its operation's outcome), with its one line on stderr. */
export function finishRun({ summary, exitCode }: { summary: RunSummary; exitCode: number }): void {
  if (exitCode === SUCCESS_EXIT_CODE) return;
  setExitCode(exitCode);
  if (summary.fatal) stderrNotice(`stopped: ${summary.fatal.message}`);
  else if (summary.cancelled) stderrNotice('cancelled; what finished is kept');
  else if (summary.written + summary.alreadyDone === 0) stderrNotice(`every item failed (${mainCause(summary.causes)}): ${summary.errors[0] ?? ''}`);
  else stderrNotice(`partial: ${summary.failed} item(s) failed, the others are kept`);
}
