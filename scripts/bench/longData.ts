/**
 * The long-document sets (issue 26, item 6): per subset, the time to read and validate the
 * file and to score every summary with the offline lexical-support baseline, then the
 * baseline's agreement with people (Pearson, Spearman, Kendall, 1,000-resample bootstrap
 * intervals, as `meta --baseline lexical-support` prints them) beside Wu et al.'s GPT-4
 * figures where they exist (LongEval PubMed), and how the figures move with the support
 * threshold (0.5 is the one `meta` uses).
 */
import { readDataset, readDatasetFile } from '../../src/core/datasets/dataset';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import { formatFigure, metaTable, paperSection } from '../../src/core/meta/formatTable';
import { fromBaseline } from '../../src/core/meta/predictions';
import { lexicalSupport, SUPPORT_THRESHOLD } from '../../src/core/meta/lexicalSupport';
import { metaEvaluateWithIntervals } from '../../src/core/meta/metaIntervals';
import { metaEvaluate } from '../../src/core/meta/metaEvaluate';
import { DEFAULT_SEED } from '../../src/core/stats/random';
import '../../test/setup/sharedDatasets';

const SETS: [file: string, subset: string | undefined][] = [
  ['long/longeval.jsonl', 'pubmed'],
  ['long/longeval.jsonl', 'squality'],
  ['long/longsciverify.jsonl', 'arxiv'],
  ['long/longsciverify.jsonl', 'pubmed'],
  ['long/longsciverify.jsonl', undefined],
];
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchLongData(): Promise<string[]> {
  const lines: string[] = [];
  for (const [relative, subset] of SETS) {
    const path = findDatasetFile(relative, datasetFolders(process.env));
    const name = `${relative}${subset ? ` --subset ${subset}` : ''}`;
    if (!path) {
      lines.push(`${name}: skipped, ${relative} is in no datasets folder (SUMLENS_DATASETS)`);
      continue;
    }
    const readMs: number[] = [];
    const scoreMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      let started = performance.now();
      readDatasetFile(path);
      readMs.push(performance.now() - started);
      const dataset = readDataset(path, subset);
      started = performance.now();
      fromBaseline(dataset, 'faithfulness', 'lexical-support');
      scoreMs.push(performance.now() - started);
    }
    const dataset = readDataset(path, subset);
    const words = dataset.items.reduce((sum, item) => sum + item.source.split(/\s+/).length, 0);
    const result = metaEvaluateWithIntervals('faithfulness', dataset.defaultLevel, fromBaseline(dataset, 'faithfulness', 'lexical-support'), {
      resamples: 1000,
      seed: DEFAULT_SEED,
    });
    lines.push(
      `${name}: ${dataset.items.length} summaries of sources of ${Math.round(words / dataset.items.length).toLocaleString('en')} words on average; median of 5: ` +
        `reading + validating the whole file ${median(readMs).toFixed(0)} ms, lexical support for every summary ${median(scoreMs).toFixed(0)} ms`,
      ...metaTable([result])
        .split('\n')
        .map((l) => `  ${l}`),
      ...paperSection(dataset, [result])
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => `  ${l}`),
      `  by threshold (r / ρ, no intervals): ${THRESHOLDS.map((t) => `${t}${t === SUPPORT_THRESHOLD ? '*' : ''} ${sensitivity(dataset, t)}`).join(', ')}`,
    );
  }
  lines.push('* the threshold meta --baseline lexical-support uses');
  return lines;
}

/** Pearson and Spearman of the baseline at another support threshold. */
function sensitivity(dataset: ReturnType<typeof readDataset>, threshold: number): string {
  const items = dataset.items.map((item) => ({
    group: item.group,
    system: String(item.system_id),
    human: item.scores.faithfulness,
    predicted: lexicalSupport(item.source, item.system_output, threshold),
  }));
  const r = metaEvaluate('faithfulness', dataset.defaultLevel, items);
  return `${formatFigure(r.pearson)} / ${formatFigure(r.spearman)}`;
}
