/**
 * Dataset runs (issue 12): `eval --data` over a 500-item JSONL through the fake judge at
 * 300 ms per call, concurrency 16, against the ideal concurrency ÷ latency ÷ calls per item
 * (goal ≥ 95%); peak memory for 1,000 and 5,000 items at no latency (flat: rows are streamed);
 * `compare` and `report` run by the CLI on two run files of 10,000 real-size records each
 * (goal under 2 s and 300 MB each; see realSizeRuns.ts).
 *   SUMLENS_BENCH_DATA_ITEMS=500  changes the item count of the throughput pass.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { ASPECTS, CONCURRENCY, dataRun } from './dataRun';
import { realSizeRunPair, SUMLENS_BIN } from './realSizeRuns';

const LATENCY_MS = 300;
/** The heap cap the memory passes run under: a run that kept its items would not fit. */
const HEAP_CAP_MB = 64;

/** The real CLI on `args`: wall time and peak RSS (read by a preload as the process exits). */
async function timedCli(args: string[], cwd: string): Promise<{ seconds: number; peakMb: number }> {
  const preload = path.join(cwd, 'peak-rss.cjs');
  fs.writeFileSync(preload, "process.on('exit', () => require('fs').writeFileSync(process.env.SUMLENS_BENCH_RSS, String(process.resourceUsage().maxRSS)));\n");
  const rssFile = path.join(cwd, 'peak-rss.txt');
  const started = performance.now();
  await promisify(execFile)(process.execPath, ['--require', preload, SUMLENS_BIN, ...args], { cwd, env: { ...process.env, SUMLENS_BENCH_RSS: rssFile } });
  return { seconds: (performance.now() - started) / 1000, peakMb: Number(fs.readFileSync(rssFile, 'utf8')) / 1024 };
}

/** `compare` and `report --html` on two real-size runs of 10,000 items, as a user runs them. */
async function readersOn10k(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-compare-'));
  try {
    const n = 10_000;
    const { a, b, recordBytes } = await realSizeRunPair(dir, n);
    const size = (file: string) => `${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MB`;
    const compare = await timedCli(['compare', a, b], dir);
    const report = await timedCli(['report', a, b, '--html', path.join(dir, 'report.html')], dir);
    return [
      `run files from real eval --data records: ${n.toLocaleString('en')} items each, ${(recordBytes / 1024).toFixed(1)} KB a record (A ${size(a)}, B ${size(b)})`,
      `  sumlens compare A B: ${compare.seconds.toFixed(2)} s, peak RSS ${compare.peakMb.toFixed(0)} MB (goal < 2 s, < 300 MB; 2,000 bootstrap resamples per aspect)`,
      `  sumlens report A B --html: ${report.seconds.toFixed(2)} s, peak RSS ${report.peakMb.toFixed(0)} MB, HTML ${size(path.join(dir, 'report.html'))} (goal < 2 s, < 300 MB)`,
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
