/**
 * Operation: a dataset run through the OpenAI Batch API (`eval --data --batch`): the same run
 * as runDataset.ts's, its model calls collected, sent as batches and polled
 * (run/batch/runThroughBatches.ts). Apart from runDataset.ts, so a run without --batch never
 * loads the Batch API's code.
 */
import { runThroughBatches, type BatchPumpOptions, type BatchRunOutcome } from '../run/batch/runThroughBatches';
import type { RunPorts } from '../run/specRun';
import { runDataset, type DatasetRun } from './runDataset';

/** The Batch API's side of a run through it: the client, how often to poll, its spending limit and where its progress goes. */
export type BatchPorts = Omit<BatchPumpOptions, 'out' | 'endpoint' | 'model' | 'signal'>;

/** `--batch`: the same run, its model calls sent as Batch API batches (run/batch/runThroughBatches.ts). */
export function runDatasetThroughBatches(run: DatasetRun, ports: Omit<RunPorts, 'evaluate' | 'session'> & BatchPorts): Promise<BatchRunOutcome> {
  const { client, pollMs, idleMs, onBatch, spendLimit, ...runPorts } = ports;
  const { endpoint, model } = run.spec.judge;
  return runThroughBatches(
    { out: run.out, signal: ports.signal, client, endpoint, model, pollMs, idleMs, onBatch, spendLimit },
    async (session, itemConcurrency) => (await runDataset(run, { ...runPorts, session, itemConcurrency })).summary,
  );
}
