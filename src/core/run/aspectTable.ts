/**
 * The figures of a run per aspect (and per system when the data has several): how many items
 * were scored and how many not, the mean with its 95% bootstrap interval, the distribution of
 * scores, and the worst items.
 */
import { runNow, type Work } from '../cooperative';
import { bootstrapMeanWork } from '../stats/bootstrapMean';
import type { Interval } from '../stats/percentile';
import type { LoadedRun, RunEntry } from './loadRun';

export interface AspectRow {
  aspect: string;
  /** The system, when the run has several. */
  system?: string;
  scored: number;
  /** Items with no score for this aspect (failed, or nothing to judge). */
  unscored: number;
  mean: number;
  interval: Interval;
  /** Score bin → items (integers; tenths for 0–1 scores). */
  distribution: Record<string, number>;
  /** The lowest-scored items, worst first. */
  worst: { key: string; id: string; score: number; lineNo: number }[];
}

export function systemsOf(run: LoadedRun): string[] {
  return [...new Set(run.entries.map((e) => e.system).filter((s): s is string => s !== undefined))].sort();
}

function bin(score: number, unit: boolean): string {
  return unit ? (Math.round(score * 10) / 10).toFixed(1) : String(Math.round(score));
}

export function aspectRow(aspect: string, entries: readonly RunEntry[], options: { system?: string; worst?: number; seed?: number } = {}): AspectRow {
  return runNow(aspectRowWork(aspect, entries, options));
}

function* aspectRowWork(aspect: string, entries: readonly RunEntry[], options: { system?: string; worst?: number; seed?: number }): Work<AspectRow> {
  const scored = entries.filter((e) => e.scores[aspect] !== undefined);
  const values = Float64Array.from(scored, (e) => e.scores[aspect]);
  const unit = values.every((v) => v >= 0 && v <= 1);
  const distribution: Record<string, number> = {};
  for (const v of values) distribution[bin(v, unit)] = (distribution[bin(v, unit)] ?? 0) + 1;
  const estimate = yield* bootstrapMeanWork(values, { seed: options.seed });
  const worst = [...scored]
    .sort((a, b) => a.scores[aspect] - b.scores[aspect])
    .slice(0, options.worst ?? 3)
    .map((e) => ({ key: e.key, id: e.id, score: e.scores[aspect], lineNo: e.lineNo }));
  return {
    aspect,
    ...(options.system !== undefined ? { system: options.system } : {}),
    scored: scored.length,
    unscored: entries.length - scored.length,
    mean: estimate.mean,
    interval: estimate.interval,
    distribution: Object.fromEntries(Object.entries(distribution).sort(([a], [b]) => Number(a) - Number(b))),
    worst,
  };
}

/** One row per aspect, or per aspect and system when the run has several systems. */
export function aspectTable(run: LoadedRun, options: { worst?: number; seed?: number } = {}): AspectRow[] {
  return runNow(aspectTableWork(run, options));
}

/** aspectTable as cooperative work (cooperative.ts): the editor's dataset view runs it in slices, 2,000 resamples of 10,000 items an aspect. */
export function* aspectTableWork(run: LoadedRun, options: { worst?: number; seed?: number } = {}): Work<AspectRow[]> {
  const systems = systemsOf(run);
  const rows: AspectRow[] = [];
  for (const aspect of run.aspects) {
    if (systems.length <= 1) rows.push(yield* aspectRowWork(aspect, run.entries, options));
    else
      for (const system of systems)
        rows.push(
          yield* aspectRowWork(
            aspect,
            run.entries.filter((e) => e.system === system),
            { ...options, system },
          ),
        );
  }
  return rows;
}
