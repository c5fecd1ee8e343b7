/**
 * Dataset runs (issue 12): `eval --data` over a 500-item JSONL through the fake judge at
 * 300 ms per call, concurrency 16, against the ideal concurrency ÷ latency ÷ calls per item
 * (goal ≥ 95%); peak memory for 1,000 and 5,000 items at no latency (flat: rows are streamed);
 * `compare` and `report` on 10,000 items each (goal under 2 s).
 *   SUMLENS_BENCH_DATA_ITEMS=500  changes the item count of the throughput pass.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { compareRuns } from '../../src/core/run/compareRuns';
import { dataItems } from '../../src/core/run/data/dataItems';
import { loadRun } from '../../src/core/run/loadRun';
import { reportHtml } from '../../src/core/run/report/html';
import { reportData } from '../../src/core/run/report/reportData';
import { runHeader } from '../../src/core/run/runBench';
import { runSettings } from '../../src/core/run/runHeader';
import { runItems } from '../../src/core/run/runItems';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';
import { writeRun } from '../../test/fixtures/run/makeRun';

const LATENCY_MS = 300;
const CONCURRENCY = 16;
const ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'];

function writeData(file: string, items: number): void {
  const lines: string[] = [];
  for (let i = 0; i < items; i++) {
    lines.push(JSON.stringify({ id: i, source: `Article ${i}: the council met on Monday and approved a budget of ${i} million.`, summary: `The council approved ${i} million.` }));
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

async function dataRun(items: number, latencyMs: number, aspects: string[]): Promise<{ seconds: number; written: number; failed: number; calls: number; peakRssMb: number; startRssMb: number }> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.3, '1': 0.1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-data-'));
  const data = path.join(dir, 'data.jsonl');
  writeData(data, items);
  global.gc?.();
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    server.requests.length = 0; // the fake server's own log of requests is not SumLens's memory
  }, 50);
  try {
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: CONCURRENCY });
    const settings = runSettings({ endpoint: server.url, model: 'bench', method: 'geval', task: 'summarization', aspects, samples: 20 });
    const started = performance.now();
    const summary = await runItems({
      out: path.join(dir, 'run.jsonl'),
      header: runHeader('eval --data', data, settings),
      items: () => dataItems({ path: data, task: 'summarization' }),
      method: 'geval',
      aspects: aspects.map((a) => ({ judge: a, as: a })),
      session,
      evaluate,
      itemConcurrency: CONCURRENCY * 2,
    });
    return {
      seconds: (performance.now() - started) / 1000,
      written: summary.written,
      failed: summary.failed,
      calls: summary.usage.calls,
      peakRssMb: peakRss / 2 ** 20,
      startRssMb: startRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function readersOn10k(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-compare-'));
  try {
    const n = 10_000;
    const text = { source: 'The council met on Monday. It approved a new budget of $4 million.', summary: 'The council met on Tuesday. It approved a budget of $5 million.' };
    const findings = [{ kind: 'incorrect' as const, note: 'target' as const, start: 19, end: 26, message: 'incorrect fact', quote: 'Tuesday', evidence: [{ note: 'source' as const, start: 19, end: 25 }] }];
    const item = (i: number, shift: number) => ({ id: i, scores: Object.fromEntries(ASPECTS.map((a, k) => [a, 1 + ((i * 7 + k * 3) % 40) / 10 + shift])), text, findings });
    writeRun(path.join(dir, 'a.jsonl'), Array.from({ length: n }, (_, i) => item(i, 0)), { aspects: ASPECTS });
    writeRun(path.join(dir, 'b.jsonl'), Array.from({ length: n }, (_, i) => item(i, (i % 5) / 20)), { aspects: ASPECTS });
    let started = performance.now();
    compareRuns(await loadRun(path.join(dir, 'a.jsonl')), await loadRun(path.join(dir, 'b.jsonl')));
    const compareSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const html = reportHtml(await reportData(path.join(dir, 'a.jsonl'), path.join(dir, 'b.jsonl')));
    fs.writeFileSync(path.join(dir, 'report.html'), html);
    const reportSeconds = (performance.now() - started) / 1000;
    return [
      `compare on ${n.toLocaleString('en')} paired items × ${ASPECTS.length} aspects: ${compareSeconds.toFixed(2)} s (goal < 2 s; 2,000 bootstrap resamples per aspect, permutation p from the sign-flip normal limit at this size)`,
      `report (A and B, ${n.toLocaleString('en')} items each, HTML ${(html.length / 2 ** 20).toFixed(1)} MB): ${reportSeconds.toFixed(2)} s (goal < 2 s)`,
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchDatasets(): Promise<string[]> {
  const items = Number(process.env.SUMLENS_BENCH_DATA_ITEMS ?? 500);
  const lines: string[] = [];
  const run = await dataRun(items, LATENCY_MS, ASPECTS);
  const ideal = CONCURRENCY / (LATENCY_MS / 1000) / ASPECTS.length;
  const rate = run.written / run.seconds;
  lines.push(
    `eval --data, ${items} items × ${ASPECTS.length} aspects (JSONL, geval), fake judge at ${LATENCY_MS} ms/call, concurrency ${CONCURRENCY}:`,
    `  ${run.written} items in ${run.seconds.toFixed(1)} s = ${rate.toFixed(2)} items/s; ideal ${ideal.toFixed(2)} → ${((rate / ideal) * 100).toFixed(1)}% of ideal (goal ≥ 95%); calls ${run.calls}, failed ${run.failed}`,
  );
  for (const n of [1_000, 5_000]) {
    const pass = await dataRun(n, 0, ['coherence']);
    lines.push(`  memory, ${n.toLocaleString('en')} items at no latency: peak RSS ${pass.peakRssMb.toFixed(0)} MB (+${(pass.peakRssMb - pass.startRssMb).toFixed(0)} MB over the start)`);
  }
  lines.push(...(await readersOn10k()));
  return lines;
}
