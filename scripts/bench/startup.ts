/**
 * Start-up of the CLI as a user meets it (issue 10), each as a ratio so a loaded machine
 * moves both sides alike:
 * - `sumlens --help` against a bare `node -e 0`, run side by side (goal ≤ 1.5×);
 * - the time until `sumlens eval` sends its first request, against the same bare node;
 * - the first, uncached run of 4 aspects in a fresh process, against one call's latency
 *   (goal ≤ 1.2×; its evaluation time as the CLI reports it in --json).
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';

const runs = 11;
const latencyMs = 300;
const bin = path.join(packageRoot(), 'bin', 'sumlens.js');

export async function benchStartup(): Promise<string[]> {
  const bare: number[] = [];
  const help: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(timed(() => execFileSync(process.execPath, ['-e', '0'], { stdio: 'ignore' })));
    help.push(timed(() => execFileSync(process.execPath, [bin, '--help'], { stdio: 'ignore' })));
  }
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.25, '1': 0.15 })); // valid on every aspect's scale (fluency is 1-3)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-start-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'The city council approved a new cycling plan on Tuesday. It costs 12 million euros.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'The council approved a 12 million euro cycling plan.');
    const firstRequest: number[] = [];
    const evaluation: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cacheDir = path.join(dir, `cache-${i}`); // empty each time: the first, uncached run
      const run = await evalRun(server, ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--json', '--cache-dir', cacheDir]);
      firstRequest.push(run.firstRequestMs);
      evaluation.push(run.durationMs);
    }
    const bareMs = median(bare);
    return [
      `CLI start-up (medians; bare node -e 0: ${bareMs.toFixed(0)} ms):`,
      `  sumlens --help: ${median(help).toFixed(0)} ms = ${(median(help) / bareMs).toFixed(2)} × bare node (goal ≤ 1.5)`,
      `  sumlens eval, first request sent after ${median(firstRequest).toFixed(0)} ms = ${(median(firstRequest) / bareMs).toFixed(2)} × bare node`,
      `  first uncached 4-aspect run (fresh process, fake server at ${latencyMs} ms/call): ` +
        `${median(evaluation).toFixed(0)} ms = ${(median(evaluation) / latencyMs).toFixed(2)} × one call's latency (goal ≤ 1.2)`,
    ];
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs the bundled CLI; notes when the server saw its first request and the evaluation time it reports. */
function evalRun(server: FakeOpenAiServer, args: string[]): Promise<{ firstRequestMs: number; durationMs: number }> {
  return new Promise((resolve, reject) => {
    const seen = server.chatRequests.length;
    const started = performance.now();
    let firstRequestMs = NaN;
    const poll = setInterval(() => {
      if (Number.isNaN(firstRequestMs) && server.chatRequests.length > seen) firstRequestMs = performance.now() - started;
    }, 2);
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: server.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`sumlens eval exited with ${code}`));
      resolve({ firstRequestMs, durationMs: JSON.parse(stdout).durationMs });
    });
  });
}
