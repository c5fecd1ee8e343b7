/**
 * `sumlens eval --data FILE --batch`: the dataset run through the OpenAI Batch API
 * (operations/runDatasetThroughBatches.ts), with the CLI's Batch API client, poll
 * interval, spending limit and a progress line per batch. Loaded only for --batch.
 */
import type { DatasetRun, DatasetRunOutcome } from '../core/operations/runDataset';
import { runDatasetThroughBatches } from '../core/operations/runDatasetThroughBatches';
import type { RunPorts } from '../core/run/specRun';
import { BatchClient } from '../core/run/batch/batchClient';
import type { DataEvalFlags } from './evalFlags';
import { cliIo } from './io';
import { batchBaseUrl } from './runSpecFromFlags';
import { spendLimitOf } from './spendLimitOptions';

export function runThroughBatchApi(
  flags: DataEvalFlags,
  { run, ports }: { run: DatasetRun; ports: Omit<RunPorts, 'evaluate' | 'session'> },
): Promise<DatasetRunOutcome> {
  return runDatasetThroughBatches(run, {
    ...ports,
    client: new BatchClient({ baseURL: batchBaseUrl(flags), apiKey: cliIo().env.OPENAI_API_KEY, timeoutMs: flags.timeout * 1000 }),
    pollMs: flags.pollSeconds * 1000,
    spendLimit: spendLimitOf(flags),
    onBatch: (b) => cliIo().stderr.write(`\rbatch ${b.id}: ${b.status} ${b.completed + b.failed}/${b.total}\x1b[K`),
  });
}
