/**
 * Every pair of a pairwise run asked of every judge, each finished pair appended to the run
 * file as it comes (so a stopped run goes on from there), pairs already recorded skipped. A
 * pair that fails on its own (an unreadable answer, a server error after retries) is recorded
 * as failed and the run goes on; a failure that would fail every pair (no key, auth, an
 * unreachable endpoint, the spending limit, a broken template, Ctrl-C) stops the run.
 */
import { setMaxListeners } from 'node:events';
import { failureOf, isSumLensError, type ErrorCode } from '../errors';
import type { LlmSession } from '../llm/types';
import { comparePair, type CompareOptions } from './comparePair';
import { appendPairRecord, recordKey, type PairRecord } from './pairwiseRunFile';

export interface PairItem {
  doc: string;
  a: string;
  b: string;
  source: string;
  textA: string;
  textB: string;
}

export interface PairJudge {
  name: string;
  session: LlmSession;
}

const STOPS_THE_RUN: ReadonlySet<ErrorCode> = new Set([
  'usage',
  'no-api-key',
  'unreachable',
  'auth',
  'model-not-found',
  'budget-exceeded',
  'template',
  'cancelled',
  'bad-request',
] as ErrorCode[]);

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export interface RunPairsOptions {
  compare: Omit<CompareOptions, 'pairKey'>;
  /** The run file appended to, if any. */
  out?: string;
  /** Records read back from the run file. */
  done: readonly PairRecord[];
  onRecord?: (record: PairRecord) => void;
}

async function askOne(item: PairItem, judge: PairJudge, options: RunPairsOptions): Promise<PairRecord> {
  const base = { doc: item.doc, a: item.a, b: item.b, judge: judge.name, lengthA: wordCount(item.textA), lengthB: wordCount(item.textB) };
  try {
    const comparisons = await comparePair(
      judge.session,
      { source: item.source, a: item.textA, b: item.textB },
      { ...options.compare, pairKey: `${item.doc}\u0000${item.a}\u0000${item.b}` },
    );
    return { ...base, comparisons };
  } catch (error) {
    if (!isSumLensError(error) || STOPS_THE_RUN.has(error.code)) throw error;
    return { ...base, failure: failureOf(error) };
  }
}

/** The records of every pair × judge, those read back first. */
export async function runPairs(items: readonly PairItem[], judges: readonly PairJudge[], options: RunPairsOptions): Promise<PairRecord[]> {
  // Every pair in flight listens to the one cancellation signal.
  if (options.compare.signal) setMaxListeners(0, options.compare.signal);
  const done = new Map(options.done.map((r) => [recordKey(r), r]));
  const asked = items.flatMap((item) =>
    judges
      .filter((judge) => !done.has(recordKey({ ...item, judge: judge.name })))
      .map(async (judge) => {
        const record = await askOne(item, judge, options);
        if (options.out) appendPairRecord(options.out, record);
        options.onRecord?.(record);
        return record;
      }),
  );
  const settled = await Promise.allSettled(asked);
  const stopped = settled.find((s) => s.status === 'rejected');
  if (stopped) throw stopped.reason;
  return [...done.values(), ...settled.map((s) => (s as PromiseFulfilledResult<PairRecord>).value)];
}
