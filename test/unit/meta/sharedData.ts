/** Mocha helper: the path of a shared dataset file, or skip the test with a visible line. */
import { findSharedDataset } from '../../../src/core/meta/sharedDatasets';

export function requireDataset(ctx: Mocha.Context, relative: string): string {
  const path = findSharedDataset(relative);
  if (!path) {
    console.log(`    (skipped: ../shared/datasets/${relative} is absent)`);
    ctx.skip();
  }
  return path as string;
}
