/**
 * Operation: `bench --repeat N`, N bench runs, run k in cache slot k − 1 (run 1 is the plain run, so it
 * shares its cache and run file) and its own run file `<out>.repeatK.jsonl`; each run's
 * correlations with people are kept for their spread. A run that stops (fatal, cancelled, or
 * nothing written) ends the repeat and is returned as `stopped`.
 */
import { SUCCESS_EXIT_CODE } from '../errors';
import { inCacheSlot } from '../llm/cacheSlot';
import type { LlmSession } from '../llm/types';
import type { Level } from '../datasets/dataset';
import type { MetaResult } from '../meta/metaEvaluate';
import { runMeta } from '../meta/runMeta';
import { runBench, type BenchRunOptions, type RunSummary } from './runBench';

export interface RepeatBenchOptions extends Omit<BenchRunOptions, 'session' | 'onProgress'> {
  repeat: number;
  session: LlmSession;
  level?: Level;
  /** Progress of run `k` (0-based), made fresh for each run by the caller. */
  progressFor(k: number): { onProgress: BenchRunOptions['onProgress']; finish(): void };
  /** Run `k` finished (written to `out`), before its correlations are computed. */
  onRunDone?(k: number, summary: RunSummary, out: string): void;
}

export interface RepeatBenchResult {
  /** The run files of the runs that finished, in order. */
  outs: string[];
  /** Each finished run's correlations with people. */
  runs: MetaResult[][];
  /** Summaries of every run made (the last one may have stopped the repeat). */
  summaries: RunSummary[];
  /** The run that ended the repeat early, if one did. */
  stopped?: RunSummary;
  /** The stopping run's code; else the first run's that did not end with 0 (partial), else 0. */
  exitCode: number;
}

/** Where run k (0-based) writes: the plain run file for the first, `<out>.repeatK.jsonl` after. */
export function repeatOut(out: string, k: number): string {
  return k === 0 ? out : out.replace(/(\.jsonl)?$/i, `.repeat${k + 1}.jsonl`);
}

export async function repeatBench(options: RepeatBenchOptions): Promise<RepeatBenchResult> {
  const { repeat, session, level, progressFor, onRunDone, ...common } = options;
  const result: RepeatBenchResult = { outs: [], runs: [], summaries: [], exitCode: SUCCESS_EXIT_CODE };
  for (let k = 0; k < repeat; k++) {
    const out = repeatOut(common.out, k);
    // The slot is part of the run's settings, so a resume never mixes two slots in one file.
    const spec = k === 0 ? common.spec : { ...common.spec, cacheSlot: k };
    const progress = progressFor(k);
    let summary: RunSummary;
    let exitCode: number;
    try {
      ({ summary, exitCode } = await runBench({ ...common, out, spec, session: inCacheSlot(session, k), onProgress: progress.onProgress }));
    } finally {
      progress.finish();
    }
    result.summaries.push(summary);
    if (result.exitCode === SUCCESS_EXIT_CODE) result.exitCode = exitCode;
    onRunDone?.(k, summary, out);
    if (summary.fatal || summary.cancelled || summary.written + summary.alreadyDone === 0) {
      result.stopped = summary;
      result.exitCode = exitCode;
      return result;
    }
    result.outs.push(out);
    result.runs.push(
      runMeta({ dataset: common.dataset.path, subset: common.dataset.subset, aspects: common.plan.aspects.map((a) => a.human), predictions: out, level })
        .results,
    );
  }
  return result;
}
