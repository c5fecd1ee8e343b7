/**
 * The worker thread of statusOffThread.ts: reads a review (and the judge's run, when given),
 * computes its status with bootstrap intervals and its disagreements, and posts them back as
 * plain data. Part of dist/engine.js, which the worker loads (the engine requires no `vscode`
 * module: a worker has none).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { disagreements, pairDisagreements, readJudgeRun, readReview, reviewStatus } from '../../core/review';

export interface StatusWork {
  dir: string;
  judgeFile?: string;
  resamples: number;
}

async function work({ dir, judgeFile, resamples }: StatusWork) {
  const review = await readReview(dir);
  const judge = judgeFile ? await readJudgeRun(judgeFile) : undefined;
  const status = reviewStatus(review, { resamples, seed: 1 }, judge);
  const found = disagreements(review, judge);
  const foundPairs = pairDisagreements(review);
  // Items and pairs by id (a pair's id is doc/a/b, no item's).
  const dealt = Object.fromEntries([...review.items, ...review.pairs].map((item) => [item.id, item.raters]));
  const rated = Object.fromEntries(
    [...review.ratings].map(([rater, lines]) => [
      rater,
      lines.filter((l) => l.kind === 'rating' || l.kind === 'preference').map((l) => `${l.item}\u0000${l.aspect}`),
    ]),
  );
  return { status, found, foundPairs, facts: { definition: review.definition, dealt, rated } };
}

/** The worker's whole job: its work from workerData, its answer (or error) posted back. */
export function runStatusWorker(): void {
  const { work: given } = workerData as { work: StatusWork };
  work(given).then(
    (result) => parentPort?.postMessage(result),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
