/**
 * The tests and benchmarks read the human-scored sets of the shared datasets folder beside
 * this repository, and reach it the way a user reaches a local copy: SUMLENS_DATASETS,
 * set here when the caller did not set it (mocha loads this file first, see .mocharc.json;
 * scripts/test-vscode.mjs, test-ui.mjs and bench.mjs import it too). SumLens itself has no
 * such default.
 */
import * as path from 'node:path';
import { packageRoot } from '../../src/core/paths';

export const sharedDatasetsFolder = path.join(packageRoot(), '..', 'shared', 'datasets');

if (!process.env.SUMLENS_DATASETS) process.env.SUMLENS_DATASETS = sharedDatasetsFolder;
