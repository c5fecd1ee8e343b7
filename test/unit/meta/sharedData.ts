/** Mocha helper: the path of a shared dataset file, or skip the test with a visible line. */
import { datasetFolders, findDatasetFile } from '../../../src/core/datasets/locate';

export function requireDataset(ctx: Mocha.Context, relative: string): string {
  const path = findDatasetFile(relative, datasetFolders(process.env));
  if (!path) {
    console.log(`    (skipped: ${relative} is in no datasets folder; set SUMLENS_DATASETS)`);
    ctx.skip();
  }
  return path;
}
