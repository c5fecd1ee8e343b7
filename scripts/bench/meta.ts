/**
 * Time of `meta` over all of SummEval (issue 5; goal well under a second): reading and
 * validating the 5 MB file, then Pearson, Spearman and Kendall at the summary, sample and
 * system levels for the four aspects (human scores of another aspect stand in for predictions).
 */
import { readDataset } from '../../src/core/datasets/dataset';
import { compareMeta } from '../../src/core/meta/metaCompare';
import { metaEvaluate, type ScoredItem } from '../../src/core/meta/metaEvaluate';
import { metaIntervals } from '../../src/core/meta/metaIntervals';
import { TASK_ASPECTS } from '../../src/core/methodsAndTasks';
import { DEFAULT_SEED } from '../../src/core/stats/random';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import '../../test/setup/sharedDatasets';

const ASPECTS = TASK_ASPECTS.summarization;

export async function benchMeta(): Promise<string[]> {
  const path = findDatasetFile('summeval/summeval.json', datasetFolders(process.env));
  if (!path) return ['meta: skipped, ../shared/datasets/summeval/summeval.json is in no datasets folder (SUMLENS_DATASETS)'];
  const times: number[] = [];
  let readMs = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const dataset = readDataset(path);
    readMs = performance.now() - started;
    for (const level of ['summary', 'sample', 'system'] as const) {
      for (const [i, aspect] of ASPECTS.entries()) {
        const predictor = ASPECTS[(i + 1) % ASPECTS.length];
        metaEvaluate(
          aspect,
          level,
          dataset.items.map((item) => ({
            group: item.group,
            system: String(item.system_id),
            human: item.scores[aspect],
            predicted: item.scores[predictor],
          })),
        );
      }
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [
    `meta over all SummEval (1600 items; 4 aspects × summary, sample and system levels), median of 5:`,
    `  ${times[2].toFixed(0)} ms in all, of which reading + validating the file ${readMs.toFixed(0)} ms (goal well under 1000 ms)`,
    ...benchIntervals(readDataset(path)),
  ];
}

/** Bootstrap intervals (1,000 resamples) and --compare (1,000 resamples + 1,000 permutations), 4 aspects per level. */
function benchIntervals(dataset: ReturnType<typeof readDataset>): string[] {
  const scored = (aspect: string, predictor: string): ScoredItem[] =>
    dataset.items.map((item) => ({ group: item.group, system: String(item.system_id), human: item.scores[aspect], predicted: item.scores[predictor] }));
  const options = { resamples: 1000, seed: DEFAULT_SEED };
  const lines = ['intervals over all SummEval, 4 aspects (1,000 resamples; compare adds 1,000 permutations):'];
  for (const level of ['summary', 'sample', 'system'] as const) {
    let started = performance.now();
    for (const [i, aspect] of ASPECTS.entries()) metaIntervals(level, scored(aspect, ASPECTS[(i + 1) % 4]), options);
    const intervalsMs = performance.now() - started;
    started = performance.now();
    for (const [i, aspect] of ASPECTS.entries()) {
      compareMeta(aspect, level, { labels: { a: 'a', b: 'b' }, a: scored(aspect, ASPECTS[(i + 1) % 4]), b: scored(aspect, ASPECTS[(i + 2) % 4]) }, options);
    }
    lines.push(`  ${level.padEnd(7)}: intervals ${intervalsMs.toFixed(0)} ms, --compare ${(performance.now() - started).toFixed(0)} ms`);
  }
  return lines;
}
