/**
 * The worker thread of statusOffThread.ts: reads a review (and the judge's run, when given),
 * computes its status with bootstrap intervals and its disagreements, and posts them back as
 * plain data. Bundled apart (dist/statusWorker.js) with the review engine only: a worker has
 * no `vscode` module, so it cannot load dist/engine.js.
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

work(workerData as StatusWork).then(
  (result) => parentPort?.postMessage(result),
  (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
