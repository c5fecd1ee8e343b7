/**
 * Benchmark of the holistic route (issue 2): the four SummEval aspects on one article
 * against the fake server at 300 ms per call. Prints calls, wall time ÷ latency, the cached
 * re-run, and the CLI's cold start.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { packageRoot } from '../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';

const latencyMs = 300;
const article = `The city council approved a new cycling plan on Tuesday. The plan adds 40 kilometres of protected lanes by 2027 and costs 12 million euros. Opponents said the money should go to buses instead.`;
const summary = `The council approved a 12 million euro plan for 40 km of protected bike lanes by 2027, despite calls to fund buses.`;

export async function benchGeval(): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  // A judge that answers within each aspect's scale (fluency is 1-3): an out-of-scale answer
  // is unreadable, and SumLens would rightly spend samples on it.
  server.setHandler((request) =>
    JSON.stringify(request.body.messages).includes('- Fluency:')
      ? scoreReply('2', { '2': 0.6, '1': 0.25, '3': 0.15 })
      : scoreReply('4', { '4': 0.6, '3': 0.25, '5': 0.15 }),
  );
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-'));
  try {
    const run = async (text = summary) => {
      const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir, concurrency: 8 });
      const started = performance.now();
      const result = await evaluate({ source: article, summary: text, task: 'summarization' }, { method: 'geval', session });
      return { ms: performance.now() - started, calls: result.usage.calls, hits: result.usage.cacheHits };
    };
    const cold = await run();
    const cached = await run();
    const warm = await run(`${summary} It was the third plan in five years.`);
    const coldStart = cliColdStartMs();
    return [
      `geval, 4 SummEval aspects, fake server at ${latencyMs} ms/call:`,
      `  calls ${cold.calls} (goal 4); wall ${cold.ms.toFixed(0)} ms = ${(cold.ms / latencyMs).toFixed(2)} × latency (goal ≤ 1.3)`,
      `    (first run in a fresh process, including the one-time load of Node's HTTP client);`,
      `    a second, uncached input: ${warm.calls} calls, ${warm.ms.toFixed(0)} ms = ${(warm.ms / latencyMs).toFixed(2)} × latency`,
      `  cached re-run: ${cached.calls} calls, ${cached.hits} cache hits, ${cached.ms.toFixed(1)} ms (goal 0 calls, < 100 ms)`,
      `  CLI cold start (sumlens --help): ${coldStart.toFixed(0)} ms`,
    ];
  } finally {
    await server.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Median of five runs of the bundled CLI printing its help. */
function cliColdStartMs(): number {
  const cli = path.join(packageRoot(), 'bin', 'sumlens.js');
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    execFileSync(process.execPath, [cli, '--help'], { stdio: 'ignore' });
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[2];
}
