/**
 * The judge audit (issue 18): `runAudit` on 30 items × 5 probes through the fake fair judge
 * answering after 200 ms, at concurrency 8. The engine's own time is the share of the run
 * when no judge call is in flight (the union of the calls' intervals against the wall time;
 * goal under 5%); and the calls one audit of 30 items makes.
 */
import { DEFAULT_PROBES, PROBES } from '../../src/core/audit/probes';
import { runAudit } from '../../src/core/audit/runAudit';
import { auditReport } from '../../src/core/audit/auditStats';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { auditItems, auditJudge } from '../../test/fake/auditJudges';
import { FakeOpenAiServer } from '../../test/fake/openaiServer';

const LATENCY_MS = 200;
const CONCURRENCY = 8;

/** Total length of the union of [start, end] intervals. */
function unionMs(intervals: [number, number][]): number {
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (s > end) total += e - s;
    else if (e > end) total += e - end;
    end = Math.max(end, e);
  }
  return total;
}

export async function benchAudit(): Promise<string[]> {
  const server = await FakeOpenAiServer.start();
  const intervals: [number, number][] = [];
  const fair = auditJudge('fair');
  server.setHandler((request) => {
    const start = performance.now();
    intervals.push([start, start + LATENCY_MS]);
    return { ...fair(request), delayMs: LATENCY_MS };
  });
  try {
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: CONCURRENCY });
    const subjects = auditItems(30).map((item) => ({ key: item.id, source: item.source, summary: item.summary }));
    const probes = PROBES.filter((p) => DEFAULT_PROBES.includes(p.name));
    const started = performance.now();
    const run = await runAudit({
      subjects,
      probes,
      method: 'geval',
      task: 'summarization',
      seed: 1,
      evaluate,
      options: { method: 'geval', session },
      concurrency: CONCURRENCY,
    });
    const statsStarted = performance.now();
    const report = auditReport(run, { alpha: 0.05, seed: 1 });
    const ended = performance.now();
    const wall = ended - started;
    const busy = unionMs(intervals);
    return [
      `audit of 30 items × ${probes.length} probes (geval, 4 aspects), fake judge at ${LATENCY_MS} ms/call, concurrency ${CONCURRENCY}: ${run.usage.calls} calls in ${(wall / 1000).toFixed(1)} s`,
      `  engine time outside the judge's calls: ${((wall - busy) / 1000).toFixed(2)} s = ${(((wall - busy) / wall) * 100).toFixed(1)}% of the run (goal < 5%); statistics ${(ended - statsStarted).toFixed(0)} ms`,
      `  ideal at this concurrency (calls × latency ÷ concurrency): ${((run.usage.calls * LATENCY_MS) / CONCURRENCY / 1000).toFixed(1)} s; ${report.summary}`,
    ];
  } finally {
    await server.close();
  }
}
