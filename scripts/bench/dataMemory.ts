/**
 * A memory pass of the dataset benchmark, run in a process of its own (scripts/bench/datasets.ts
 * starts it with --expose-gc and a heap cap): `node dataMemory.js ITEMS` prints the figures as JSON.
 */
import { dataRun } from './dataRun';

void dataRun(Number(process.argv[2]), 0, ['coherence']).then((figures) => {
  process.stdout.write(JSON.stringify(figures));
});
