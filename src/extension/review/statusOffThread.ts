/**
 * A review's status and disagreements computed on a worker thread: the bootstrap intervals of a
 * 1,600-item review take about two seconds, which on the extension host's thread would freeze
 * every editor. The worker (statusWorker.ts, in the engine's module) reads the review itself;
 * what comes back is plain data.
 */
import { Worker } from 'node:worker_threads';
import type { Disagreement, PairDisagreement, ReviewStatus } from '../../core/review';
import type { ReviewFile } from '../../core/review/reviewSchema';
import { enginePath } from '../run/loadEngine';
import type { StatusWork } from './statusWorker';

const WORKER_CODE = "const { workerData } = require('node:worker_threads'); require(workerData.engine).runStatusWorker();";

/** What the view needs of the review besides the figures: its definition, who was dealt what, what each rater rated. */
export interface ReviewFacts {
  definition: ReviewFile;
  dealt: Record<string, string[]>;
  /** Per rater, `item\0aspect` of their own ratings and answers to pairs. */
  rated: Record<string, string[]>;
}

export interface StatusResult {
  status: ReviewStatus;
  found: Disagreement[];
  foundPairs: PairDisagreement[];
  facts: ReviewFacts;
}

export function statusOffThread(dir: string, judgeFile: string | undefined, resamples: number): Promise<StatusResult> {
  return new Promise((resolve, reject) => {
    const work: StatusWork = { dir, judgeFile, resamples };
    // The worker loads the engine's module (dist/engine.js, or tsc's engine.js) and runs its part.
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { engine: enginePath(), work } });
    worker.once('message', (message: StatusResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
