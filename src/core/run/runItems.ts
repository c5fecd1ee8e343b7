/**
 * Running an evaluator over a stream of items into a run file: the engine behind `bench` and
 * `eval --data`. Per item one record is appended: finished, or failed with its causes (a
 * resumed run evaluates failed items again). Items already finished in the file are skipped.
 * An endpoint that is down, a key that is rejected or a model that does not exist stops the
 * run at the first such error (`fatal`); items that keep hitting rate limits make the run take
 * fewer items at once and pause. What finished is always kept.
 */
import { setMaxListeners } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loopTurn } from '../cooperative';
import { isCancellation, SumLensError, type ErrorCode } from '../errors';
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import type { LlmSession, Usage } from '../llm/types';
import type { EvaluationResult, Method } from '../result';
import { appendRunRecord, openRunOutput } from '../runFile/runOutput';
import type { RunRecord, Failure } from '../runFile/runRecord';
import { writeHeaderSpend } from './headerSpend';
import { countSpend } from './itemSpend';
import { itemScores } from './itemScores';
import type { RunProgress } from './progressBar';
import type { RunHeader } from '../runFile/runHeader';
import { acquireRunLock } from '../runFile/runLock';

/** The evaluate() entry point (src/core/evaluate.ts), injected so runs can be tested alone. */
export type Evaluator = (input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks) => Promise<EvaluationResult>;

/** Errors no other item can escape: the run stops at the first one. */
export const FATAL_CODES: ReadonlySet<ErrorCode> = new Set(['unreachable', 'auth', 'model-not-found', 'no-api-key', 'budget-exceeded']);

export interface RunItem {
  key: string;
  input: EvaluationInput;
  /** Fields copied into the item's record (index, ids, system, data line). */
  fields: { index: number } & Record<string, unknown>;
}

export interface ItemRunOptions {
  out: string;
  header: RunHeader;
  /** Start the run file over (its settings may differ). */
  restart?: boolean;
  /** The items in scope, streamed; called twice (once to count what is left to do). */
  items(): AsyncIterable<RunItem> | Iterable<RunItem>;
  method: Method;
  /** Aspects evaluated, and the name each is recorded under. */
  aspects: ReadonlyArray<{ judge: string; as: string }>;
  session: LlmSession;
  evaluate: Evaluator;
  /** Items evaluated at once; the session's own limit caps the calls in flight. */
  itemConcurrency: number;
  /** Passed through to evaluate(): samples, topLogprobs, parseRule, promptOverrideDir. */
  extra?: Partial<EvaluateOptions>;
  signal?: AbortSignal;
  onProgress?(progress: RunProgress): void;
  /** One-line notices for people (stale lock taken over, slowing down). */
  onNotice?(text: string): void;
  /** Pause after a rate-limited item, doubled on each one in a row (default 1 s, at most 30 s). */
  rateLimitPauseMs?: number;
}

export interface RunSummary {
  /** Items in scope. */
  total: number;
  /** Items found finished in the run file. */
  alreadyDone: number;
  /** Items finished in this run. */
  written: number;
  /** Items recorded as failed in this run (a rerun evaluates them again). */
  failed: number;
  /** The first failures, as lines for people. */
  errors: string[];
  /** Count of failures by cause. */
  causes: Partial<Record<ErrorCode | 'unknown', number>>;
  /** The run-level error that stopped the run. */
  fatal?: SumLensError;
  /** Bytes of a torn last line cut off before resuming. */
  truncatedBytes: number;
  /** Records of an earlier run dropped by --restart. */
  restartedRecords: number;
  /** Times the run slowed down after rate limits. */
  slowdowns: number;
  cancelled: boolean;
  durationMs: number;
  usage: Usage;
}

function failureOf(error: unknown): Failure {
  if (error instanceof SumLensError) return { code: error.code, message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function runItems(options: ItemRunOptions): Promise<RunSummary> {
  const started = Date.now();
  mkdirSync(dirname(resolve(options.out)), { recursive: true });
  const release = acquireRunLock(options.out, options.onNotice);
  let opened = false;
  try {
    let summary: RunSummary;
    try {
      summary = await runLocked(options, started, () => (opened = true));
    } catch (error) {
      // A run that failed after its file was opened still says what the file spent; the run's
      // own error is the one reported, a header that could not be rewritten is a notice.
      if (opened)
        await writeHeaderSpend(options.out).catch((e: unknown) =>
          options.onNotice?.(`${options.out}: the spend was not written into its header: ${failureOf(e).message}`),
        );
      throw error;
    }
    await writeHeaderSpend(options.out);
    return summary;
  } finally {
    release();
  }
}

async function runLocked(options: ItemRunOptions, started: number, onOpened: () => void): Promise<RunSummary> {
  const opened = await openRunOutput(options.out, options.header, options.restart);
  onOpened();
  const { total, todo } = await countItems(options, opened.done);
  const summary = emptySummary(options, opened, total, todo);
  // One signal for every item in flight: each evaluate() listens on it, legitimately many.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const forward = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  const signal = controller.signal;

  const progress = (): void =>
    options.onProgress?.({
      done: summary.written + summary.failed,
      todo,
      failed: summary.failed,
      usage: options.session.usage(),
      elapsedMs: Date.now() - started,
    });

  const maxWorkers = Math.max(1, options.itemConcurrency);
  const pace = rateLimitPace(maxWorkers, options, summary);
  const evaluateOne = itemEvaluator({ options, summary, controller, progress, pace });
  const pending = (async function* () {
    for await (const item of options.items()) {
      if (!opened.done.has(item.key)) yield item;
      else await loopTurn(); // a resumed run skips thousands of done rows between two requests
    }
  })();
  let exhausted = false;
  const worker = async (slot: number): Promise<void> => {
    while (!signal.aborted && !exhausted && !summary.fatal) {
      if (slot >= pace.allowed() || Date.now() < pace.pauseUntil()) {
        await sleep(Math.max(50, pace.pauseUntil() - Date.now()), signal);
        continue;
      }
      const next = await pending.next();
      if (next.done) exhausted = true;
      if (next.done || signal.aborted || summary.fatal) return;
      await evaluateOne(next.value);
      progress();
    }
  };
  progress();
  // Every worker ends before the run does, even when one throws: the header is rewritten next,
  // and a record appended meanwhile would be lost with the file it was appended to.
  const ended = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(maxWorkers, todo)) }, (_, slot) => worker(slot)));
  for (const worker of ended) if (worker.status === 'rejected') throw worker.reason;
  options.signal?.removeEventListener('abort', forward);
  summary.cancelled = signal.aborted && !summary.fatal;
  summary.durationMs = Date.now() - started;
  summary.usage = options.session.usage();
  return summary;
}

/** Items in scope, and those of them the run file does not hold finished. */
async function countItems(options: ItemRunOptions, done: ReadonlySet<string>): Promise<{ total: number; todo: number }> {
  let total = 0;
  let todo = 0;
  for await (const item of options.items()) {
    total++;
    if (!done.has(item.key)) todo++;
    await loopTurn(); // rows come a chunk at a time: ten thousand counted at once would hold the extension host
  }
  return { total, todo };
}

function emptySummary(options: ItemRunOptions, opened: { truncatedBytes: number; restartedRecords: number }, total: number, todo: number): RunSummary {
  return {
    total,
    alreadyDone: total - todo,
    written: 0,
    failed: 0,
    errors: [],
    causes: {},
    truncatedBytes: opened.truncatedBytes,
    restartedRecords: opened.restartedRecords,
    slowdowns: 0,
    cancelled: false,
    durationMs: 0,
    usage: options.session.usage(),
  };
}

/** How many items may run at once and until when to pause; rate limits lower both, clean items grow them back. */
interface RatePace {
  allowed(): number;
  pauseUntil(): number;
  onRateLimit(): void;
  onClean(): void;
}

/** Rate limits: fewer items at once and a pause, growing back after items that went through. */
function rateLimitPace(maxWorkers: number, options: ItemRunOptions, summary: RunSummary): RatePace {
  const basePause = options.rateLimitPauseMs ?? 1000;
  let allowed = maxWorkers;
  let limitedInARow = 0;
  let pauseUntil = 0;
  let cleanStreak = 0;
  return {
    allowed: () => allowed,
    pauseUntil: () => pauseUntil,
    onRateLimit: (): void => {
      limitedInARow++;
      cleanStreak = 0;
      const fewer = Math.max(1, Math.floor(allowed / 2));
      pauseUntil = Date.now() + Math.min(30_000, basePause * 2 ** (limitedInARow - 1));
      summary.slowdowns++;
      if (fewer < allowed) options.onNotice?.(`rate limited: slowing down to ${fewer} item(s) at once`);
      allowed = fewer;
    },
    onClean: (): void => {
      limitedInARow = 0;
      if (allowed < maxWorkers && ++cleanStreak >= allowed * 2) {
        allowed++;
        cleanStreak = 0;
      }
    },
  };
}

interface ItemEvaluatorParts {
  options: ItemRunOptions;
  summary: RunSummary;
  /** Aborted by a fatal error (other than the spending limit) to stop the items in flight. */
  controller: AbortController;
  progress(): void;
  pace: RatePace;
}

/** Evaluates one item and appends its record, counting it (finished or failed) in the summary. */
function itemEvaluator({ options, summary, controller, progress, pace }: ItemEvaluatorParts): (item: RunItem) => Promise<void> {
  const signal = controller.signal;
  const record = (item: RunItem, body: Omit<RunRecord, 'key' | 'index'>): void =>
    appendRunRecord(options.out, { key: item.key, ...item.fields, ...body } as RunRecord);
  const noteFailure = (item: RunItem, what: string, failure: Failure): void => {
    const cause = failure.code ?? 'unknown';
    summary.causes[cause] = (summary.causes[cause] ?? 0) + 1;
    if (summary.errors.length < 5) summary.errors.push(`item ${item.fields.index} (${item.key})${what}: ${failure.message}`);
  };

  return async (item: RunItem): Promise<void> => {
    let result: EvaluationResult;
    const counted = countSpend(options.session);
    try {
      result = await options.evaluate(
        item.input,
        { ...options.extra, method: options.method, aspects: options.aspects.map((a) => a.judge), session: counted.session },
        { signal, onProgress: progress },
      );
    } catch (error) {
      if (isCancellation(error) || signal.aborted) return;
      const failure = failureOf(error);
      if (failure.code && FATAL_CODES.has(failure.code)) {
        summary.fatal ??= error as SumLensError;
        // At the spending limit no new item starts, but the items in flight end: what they
        // were sent within the limit is counted and cached. One the limit cut short is
        // recorded as failed (evaluated again on resume) when it spent something, so the
        // records add up to what the run spent.
        if (failure.code !== 'budget-exceeded') controller.abort();
        else if (counted.spend().requests > 0) record(item, { status: 'failed', scores: {}, failure, spend: counted.spend() });
        return;
      }
      record(item, { status: 'failed', scores: {}, failure, spend: counted.spend() });
      summary.failed++;
      noteFailure(item, '', failure);
      if (failure.code === 'rate-limited') pace.onRateLimit();
      return;
    }
    if (result.cancelled) return;
    const { scores, errors } = itemScores(result, options.aspects);
    const failures = Object.entries(errors);
    record(item, {
      status: failures.length === 0 ? 'ok' : 'failed',
      scores,
      ...(failures.length > 0 ? { errors } : {}),
      result,
      spend: counted.spend(),
    });
    if (failures.length === 0) {
      summary.written++;
      pace.onClean();
      return;
    }
    summary.failed++;
    for (const [name, failure] of failures) noteFailure(item, ` ${name}`, failure);
    if (failures.some(([, f]) => f.code === 'rate-limited')) pace.onRateLimit();
    else pace.onClean();
  };
}
