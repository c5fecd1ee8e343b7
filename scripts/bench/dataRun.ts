/**
 * One dataset run for the benchmarks: `eval --data` over a generated JSONL through the fake
 * judge, as the CLI runs it (runItems over streamed rows), with its wall time, calls and memory.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { TASK_ASPECTS } from '../../src/core/methodsAndTasks';
import { dataItems } from '../../src/core/run/data/dataItems';
import { runHeader } from '../../src/core/runFile/runHeader';
import { buildSpec } from '../../src/core/runSpec/buildSpec';
import { itemRunOf } from '../../src/core/run/specRun';
import { runItems } from '../../src/core/run/runItems';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';

export const ASPECTS = [...TASK_ASPECTS.summarization];
export const CONCURRENCY = 16;

export interface DataRunFigures {
  seconds: number;
  written: number;
  failed: number;
  calls: number;
  peakRssMb: number;
  /** Live heap (after a forced GC) at the start and its highest sample: with --expose-gc only. */
  startHeapMb: number;
  peakHeapMb: number;
}

function writeData(file: string, items: number): void {
  const lines: string[] = [];
  for (let i = 0; i < items; i++) {
    lines.push(
      JSON.stringify({
        id: i,
        source: `Article ${i}: the council met on Monday and approved a budget of ${i} million.`,
        summary: `The council approved ${i} million.`,
      }),
    );
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

export async function dataRun(items: number, latencyMs: number, aspects: string[]): Promise<DataRunFigures> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.3, '1': 0.1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-data-'));
  const data = path.join(dir, 'data.jsonl');
  writeData(data, items);
  const liveHeap = () => {
    global.gc?.();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const startHeap = liveHeap();
  let peakHeap = startHeap;
  let peakRss = process.memoryUsage.rss();
  let samples = 0;
  const sampler = setInterval(() => {
    server.requests.length = 0; // the fake server's own log of requests is not SumLens's memory
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    if (global.gc && ++samples % 5 === 0) peakHeap = Math.max(peakHeap, liveHeap());
  }, 50);
  try {
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: CONCURRENCY });
    const spec = buildSpec({ judge: { baseUrl: server.url, model: 'bench' }, aspects, concurrency: CONCURRENCY });
    const started = performance.now();
    const summary = await runItems({
      out: path.join(dir, 'run.jsonl'),
      ...itemRunOf(spec),
      header: runHeader('eval --data', data, spec),
      items: () => dataItems({ path: data, task: 'summarization' }),
      session,
      evaluate,
    });
    return {
      seconds: (performance.now() - started) / 1000,
      written: summary.written,
      failed: summary.failed,
      calls: summary.usage.calls,
      peakRssMb: peakRss / 2 ** 20,
      startHeapMb: startHeap,
      peakHeapMb: Math.max(peakHeap, liveHeap()),
    };
  } finally {
    clearInterval(sampler);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
