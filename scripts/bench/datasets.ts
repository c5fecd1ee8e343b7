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
import { execFileSync } from 'node:child_process';
import { ASPECTS, CONCURRENCY, dataRun } from './dataRun';
import { compareRuns } from '../../src/core/run/compareRuns';
import { loadRun } from '../../src/core/run/loadRun';
import { reportHtml } from '../../src/core/run/report/html';
import { reportData } from '../../src/core/run/report/reportData';
import { writeRun } from '../../test/fixtures/run/makeRun';

const LATENCY_MS = 300;
/** The heap cap the memory passes run under: a run that kept its items would not fit. */
const HEAP_CAP_MB = 64;

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
  // Each pass in a fresh process under a small heap cap; the live heap (sampled right after a
  // forced GC, so it is what the run holds, not garbage waiting for collection) stays flat.
  for (const n of [1_000, 5_000, 20_000]) {
    const child = path.join(__dirname, 'dataMemory.js');
    const pass = JSON.parse(execFileSync(process.execPath, ['--expose-gc', `--max-old-space-size=${HEAP_CAP_MB}`, child, String(n)], { encoding: 'utf8' }));
    lines.push(
      `  memory, ${n.toLocaleString('en')} items at no latency (heap capped at ${HEAP_CAP_MB} MB): live heap ${pass.startHeapMb.toFixed(1)} MB at the start, at most ${pass.peakHeapMb.toFixed(1)} MB during the run; peak RSS ${pass.peakRssMb.toFixed(0)} MB`,
    );
  }
  lines.push(...(await readersOn10k()));
  return lines;
}
