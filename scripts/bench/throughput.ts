/**
 * Throughput of `bench` (issue 5): SummEval items × 4 aspects through evaluate() and the real
 * session against the fake server at 300 ms per call, concurrency 16. Prints items/s against
 * the ideal concurrency ÷ latency ÷ calls per item, the share of ideal (goal ≥ 90%), peak RSS,
 * and the same with 5% of calls answered 429 (Retry-After: 0).
 *   SUMLENS_BENCH_ITEMS=400  runs fewer items (default: all 1600; ~2 min per pass).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { benchPlan } from '../../src/core/run/benchPlan';
import { readDataset } from '../../src/core/datasets/dataset';
import { runBench } from '../../src/core/operations/runBench';
import { buildSpec } from '../../src/core/runSpec/buildSpec';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import '../../test/setup/sharedDatasets';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';

const LATENCY_MS = 300;
const CONCURRENCY = 16;
const CALLS_PER_ITEM = 4;

interface Pass {
  items: number;
  seconds: number;
  calls: number;
  retries: number;
  failed: number;
  peakRssMb: number;
}

async function pass(datasetPath: string, items: number, rateLimitShare: number): Promise<Pass> {
  const server = await FakeOpenAiServer.start({ latencyMs: LATENCY_MS, rateLimitShare, retryAfterSeconds: 0 });
  // In every aspect's scale (fluency is 1-3).
  server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.3, '1': 0.1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-throughput-'));
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
  try {
    const dataset = readDataset(datasetPath);
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: CONCURRENCY });
    const started = performance.now();
    const { summary } = await runBench({
      dataset,
      plan: benchPlan(dataset),
      out: path.join(dir, 'results.jsonl'),
      session,
      evaluate,
      limit: items,
      spec: buildSpec({ judge: { baseUrl: server.url, model: 'bench' }, concurrency: CONCURRENCY }),
    });
    return {
      items: summary.written,
      seconds: (performance.now() - started) / 1000,
      calls: summary.usage.calls,
      retries: summary.usage.retries,
      failed: summary.failed,
      peakRssMb: peakRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function describe(label: string, p: Pass): string[] {
  const ideal = CONCURRENCY / (LATENCY_MS / 1000) / CALLS_PER_ITEM;
  const rate = p.items / p.seconds;
  return [
    `${label}: ${p.items} items in ${p.seconds.toFixed(1)} s = ${rate.toFixed(2)} items/s; ideal ${ideal.toFixed(2)} → ${((rate / ideal) * 100).toFixed(1)}% of ideal (goal ≥ 90%)`,
    `  calls ${p.calls} (retries ${p.retries}), failed items ${p.failed}, peak RSS ${p.peakRssMb.toFixed(0)} MB`,
  ];
}

export async function benchThroughput(): Promise<string[]> {
  const datasetPath = findDatasetFile('summeval/summeval.json', datasetFolders(process.env));
  if (!datasetPath) return ['throughput: skipped, ../shared/datasets/summeval/summeval.json is in no datasets folder (SUMLENS_DATASETS)'];
  const items = Number(process.env.SUMLENS_BENCH_ITEMS ?? 1600);
  return [
    `SummEval × ${CALLS_PER_ITEM} aspects (geval, logprobs route), fake server at ${LATENCY_MS} ms/call, concurrency ${CONCURRENCY}:`,
    ...describe('no errors', await pass(datasetPath, items, 0)),
    ...describe('5% 429s (Retry-After: 0)', await pass(datasetPath, items, 0.05)),
  ];
}
