/**
 * `bench --batch` and `eval --data --batch`: the same run as a bench (operations/runBench.ts) or
 * runItems, but the model calls go through the OpenAI Batch API. Every item is started at once against a BatchSession that parks its requests; when the
 * run goes quiet (every item waits on an answer), the parked requests are submitted as one
 * batch, polled to the end, and their answers wake the items, which may then ask their next
 * question (auto-CoT, rationale) for the next round. The batch in flight is recorded next to
 * --out, so a restarted run polls it instead of submitting again, and answers are stored so
 * they are never paid for twice.
 */
import { SumLensError, type ErrorCode } from '../../errors';
import type { SpendLimit } from '../../llm/spendLimit';
import type { LlmSession } from '../../llm/types';
import { runExitCode } from '../outcome';
import type { RunSummary } from '../runItems';
import { isTerminal, type BatchClient, type BatchOutputLine, type BatchProgress } from './batchClient';
import { appendResult, readResults, readState, writeState, type BatchState } from './batchFiles';
import { BatchSession } from './batchSession';

/** What the batch pump needs: where to keep its state (next to the run file), the API, and how often to poll. */
export interface BatchPumpOptions {
  out: string;
  signal?: AbortSignal;
  client: BatchClient;
  endpoint: string;
  model: string;
  /** Between status polls (default 10 s). */
  pollMs?: number;
  /** How long the run must be quiet before parked requests are submitted (default 200 ms). */
  idleMs?: number;
  onBatch?(progress: BatchProgress): void;
  /** The run's spending limit, counted at the Batch API's price. */
  spendLimit?: SpendLimit;
}

export interface BatchRunSummary extends RunSummary {
  /** Batches submitted or resumed in this run. */
  batches: string[];
}

/** A run through batches as it ends: its file, its summary and the exit code it ends with. */
export interface BatchRunOutcome {
  out: string;
  summary: BatchRunSummary;
  exitCode: number;
}

/** A request sent this many times without an answer fails instead of being sent again. */
const MAX_SUBMISSIONS = 2;

/** Waits, or ends early when the run is cancelled. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });
}

/** A batch's answers: each kept in the results file and handed to its waiting request; an error fails its request. */
function ingestLines(out: string, session: BatchSession, lines: BatchOutputLine[]): void {
  for (const line of lines) {
    if (line.response?.status_code === 200) {
      appendResult(out, line.custom_id, line.response.body);
      session.answer(line.custom_id, line.response.body);
    } else {
      session.fail(line.custom_id, lineError(line));
    }
  }
}

/** Any dataset run (`run`, given the batch session) with its model calls sent through the Batch API. */
export async function runThroughBatches(
  options: BatchPumpOptions,
  run: (session: LlmSession, itemConcurrency: number) => Promise<RunSummary>,
): Promise<BatchRunOutcome> {
  // A model the limit cannot count is refused before anything is parked.
  options.spendLimit?.admit(options.model);
  const pollMs = options.pollMs ?? 10_000;
  const idleMs = options.idleMs ?? 200;
  const state = readState(options.out, options.endpoint, options.model);
  const session = new BatchSession(options.endpoint, options.model, readResults(options.out), options.spendLimit);
  const submissions = new Map<string, number>();
  const batches: string[] = [];
  let finished = false;

  const sleep = (ms: number): Promise<void> => wait(ms, options.signal);
  const ingest = (lines: BatchOutputLine[]): void => ingestLines(options.out, session, lines);

  const complete = async (inflight: NonNullable<BatchState['inflight']>): Promise<void> => {
    let progress = await options.client.status(inflight.batchId, options.signal);
    while (!isTerminal(progress.status)) {
      options.onBatch?.(progress);
      await sleep(pollMs);
      if (options.signal?.aborted) return;
      progress = await options.client.status(inflight.batchId, options.signal);
    }
    options.onBatch?.(progress);
    if (progress.outputFileId) ingest(await options.client.download(progress.outputFileId, options.signal));
    if (progress.errorFileId) ingest(await options.client.download(progress.errorFileId, options.signal));
    const unanswered = new SumLensError(
      'server-error',
      `batch ${progress.id} ended "${progress.status}" without an answer${progress.errors ? `: ${progress.errors}` : ''}`,
    );
    for (const id of inflight.requests) {
      if ((submissions.get(id) ?? MAX_SUBMISSIONS) >= MAX_SUBMISSIONS || progress.status !== 'completed') {
        session.fail(id, unanswered);
      }
    }
    state.finished.push(inflight.batchId);
    state.inflight = null;
    writeState(options.out, state);
  };

  const pump = async (): Promise<void> => {
    while (!finished && !options.signal?.aborted) {
      await sleep(idleMs);
      if (finished || options.signal?.aborted || Date.now() - session.lastActivity < idleMs) continue;
      if (state.inflight) {
        if (!batches.includes(state.inflight.batchId)) batches.push(state.inflight.batchId);
        await complete(state.inflight);
        continue;
      }
      const lines = session.pendingLines();
      if (lines.length === 0) continue;
      const batchId = await options.client.submit(lines, options.signal);
      for (const line of lines) submissions.set(line.custom_id, (submissions.get(line.custom_id) ?? 0) + 1);
      state.inflight = { batchId, submittedAt: new Date().toISOString(), requests: lines.map((l) => l.custom_id) };
      writeState(options.out, state);
      batches.push(batchId);
    }
  };

  // Every item at once: each parks its first request, and the first batch holds them all.
  const running = run(session, Number.MAX_SAFE_INTEGER).finally(() => {
    finished = true;
  });
  const pumping = pump().catch((error: unknown) => {
    // The pump cannot go on (the API refused the upload, a file was invalid): wake every item.
    session.close(error as Error);
    throw error;
  });
  const [summary] = await Promise.all([running, pumping]);
  // The batches' summary covers every item: its exit code by the same rule as a direct run's.
  return { out: options.out, summary: { ...summary, batches }, exitCode: runExitCode(summary) };
}

const STATUS_CODES: Record<number, ErrorCode> = { 400: 'bad-request', 401: 'auth', 403: 'auth', 404: 'model-not-found', 429: 'rate-limited' };

function lineError(line: BatchOutputLine): SumLensError {
  const status = line.response?.status_code;
  const body = line.response?.body as { error?: { message?: string } } | undefined;
  const message = body?.error?.message ?? line.error?.message ?? 'no answer';
  const code: ErrorCode = status === undefined ? 'server-error' : (STATUS_CODES[status] ?? 'server-error');
  return new SumLensError(code, `batch request ${line.custom_id}${status ? ` (HTTP ${status})` : ''}: ${message}`);
}
