/**
 * `sumlens eval --data FILE --batch`: the dataset run (operations/runDataset.ts) through the
 * OpenAI Batch API: the requests are collected, sent as batches, polled, and the run file
 * written from their answers. Loaded only for --batch.
 */
import { runDataset, type DatasetRun, type DatasetRunOutcome } from '../core/operations/runDataset';
import type { RunPorts } from '../core/run/specRun';
import type { LlmSession } from '../core/llm/types';
import { BatchClient } from '../core/run/batch/batchClient';
import { runThroughBatches } from '../core/run/batch/runThroughBatches';
import { runExitCode } from '../core/run/outcome';
import type { DataEvalFlags } from './evalFlags';
import { cliIo } from './io';
import { batchBaseUrl } from './runSpecFromFlags';
import { spendLimitOf } from './spendLimitOptions';

export async function runThroughBatchApi(
  flags: DataEvalFlags,
  { run, ports }: { run: DatasetRun; ports: Omit<RunPorts, 'evaluate' | 'session'> },
): Promise<DatasetRunOutcome> {
  const { endpoint, model } = run.spec.judge;
  const summary = await runThroughBatches(
    {
      out: run.out,
      signal: ports.signal,
      client: new BatchClient({ baseURL: batchBaseUrl(flags), apiKey: cliIo().env.OPENAI_API_KEY, timeoutMs: flags.timeout * 1000 }),
      endpoint,
      model,
      pollMs: flags.pollSeconds * 1000,
      spendLimit: spendLimitOf(flags),
      onBatch: (b) => cliIo().stderr.write(`\rbatch ${b.id}: ${b.status} ${b.completed + b.failed}/${b.total}\x1b[K`),
    },
    async (session: LlmSession, itemConcurrency: number) => (await runDataset(run, { ...ports, session, itemConcurrency })).summary,
  );
  // The batches' summary covers every item: its exit code by the same rule as a direct run's.
  return { out: run.out, summary, exitCode: runExitCode(summary) };
}
