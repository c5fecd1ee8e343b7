/**
 * A pairwise run from its pairs to its figures, the one operation `sumlens pairwise` and the
 * editor's "Rank Systems (Pairwise)" both call: the run file's header (what was asked), the
 * file opened (pairs already asked are kept, not asked again) and locked, every pair asked
 * (each appended as it comes, so a cancelled run keeps what finished), and each aspect's
 * figures computed from the records.
 */
import { DEFAULT_TOP_LOGPROBS, type RoutePreference } from '../geval/scoreRoutes';
import { resolveTemplate } from '../prompts/resolveTemplate';
import { acquireRunLock } from '../runFile/runLock';
import type { OrderMode } from './comparePair';
import { aspectFigures, type AspectFigures, type ReportOptions } from './pairwiseReport';
import { openPairwiseRun, type PairRecord, type PairwiseHeader } from './pairwiseRunFile';
import { runPairs, type PairItem, type PairJudge } from './runPairs';

export interface PairwiseSettings {
  aspects: string[];
  orders: OrderMode;
  /** With orders `adaptive` (comparePair has the default). */
  adaptiveMargin?: number;
  seed: number;
  route: RoutePreference;
  samples: number;
  maxStandardError?: number;
  /** A folder of templates overriding the built-in ones (pairwise/<aspect>.md). */
  promptOverrideDir?: string;
}

export function pairwiseHeader(settings: PairwiseSettings, judges: readonly PairJudge[]): PairwiseHeader {
  const templates = Object.fromEntries(
    settings.aspects.map((a) => [`pairwise/${a}`, resolveTemplate(`pairwise/${a}`, { overrideDir: settings.promptOverrideDir }).hash]),
  );
  return {
    sumlens: 'pairwise',
    format: 1,
    judges: judges.map((j) => ({ name: j.name, endpoint: j.session.endpoint, model: j.session.model })),
    aspects: settings.aspects,
    orders: settings.orders,
    ...(settings.orders === 'adaptive' ? { adaptiveMargin: settings.adaptiveMargin } : {}),
    seed: settings.seed,
    route: settings.route,
    templates,
  };
}

export interface PairwiseAsk {
  items: readonly PairItem[];
  judges: readonly PairJudge[];
  settings: PairwiseSettings;
  /** The run file: created, or gone on with when it was made with the same settings. */
  out?: string;
  signal?: AbortSignal;
  /** Told of a taken-over lock and of the pairs a run file already held. */
  onNotice?: (message: string) => void;
  onProgress?: (done: number, total: number) => void;
}

/** Every pair × judge asked (those in the run file kept); throws when the run stops (cancelled, no key, the spending limit). */
export async function askPairwise(ask: PairwiseAsk): Promise<PairRecord[]> {
  const { settings, out } = ask;
  const header = pairwiseHeader(settings, ask.judges);
  const release = out ? acquireRunLock(out, (m) => ask.onNotice?.(m)) : undefined;
  try {
    const done = out ? openPairwiseRun(out, header) : [];
    if (done.length > 0) ask.onNotice?.(`${out}: ${done.length} pair(s) already asked, going on`);
    let finished = done.length;
    const total = ask.items.length * ask.judges.length;
    return await runPairs(ask.items, ask.judges, {
      compare: {
        ...{ aspects: settings.aspects, orders: settings.orders, adaptiveMargin: settings.adaptiveMargin, seed: settings.seed },
        ...{ route: settings.route, samples: settings.samples, maxStandardError: settings.maxStandardError, topLogprobs: DEFAULT_TOP_LOGPROBS },
        ...{ promptOverrideDir: settings.promptOverrideDir, signal: ask.signal },
      },
      out,
      done,
      onRecord: () => ask.onProgress?.(++finished, total),
    });
  } finally {
    release?.();
  }
}

/** Each aspect's figures: win rate or ranking, position and length bias, agreement. */
export function pairwiseFigures(records: readonly PairRecord[], aspects: readonly string[], options: ReportOptions): AspectFigures[] {
  return aspects.map((aspect) => aspectFigures(records, aspect, options));
}
