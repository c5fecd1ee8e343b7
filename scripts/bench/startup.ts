/**
 * Start-up of the CLI as a user meets it (issue 10), each as a ratio so a loaded machine
 * moves both sides alike:
 * - `sumlens --help` against a bare `node -e 0`, run side by side (goal ≤ 1.5×);
 * - the time until `sumlens eval` sends its first request, against the same bare node;
 * - the first, uncached run of 4 aspects in a fresh process against a bare Node client (a
 *   fresh `node` that sends the very requests SumLens sent, with fetch, all at once), each
 *   timed from spawn to exit (goal ≤ 1.2×), also against that client run with the V8 setting
 *   bin/sumlens.js uses (--liftoff-only), which leaves SumLens's own code as the difference, and
 *   against a bare client on the `openai` package (what a user would write instead of SumLens);
 *   and the evaluation time the CLI reports in --json against one call's latency.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';

const runs = 11;
const latencyMs = 400;
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
    const evalWall: number[] = [];
    const bareClientWall: number[] = [];
    const bareClientLiftoffWall: number[] = [];
    const bareOpenAiWall: number[] = [];
    let requestsPerRun = 0;
    const client = path.join(dir, 'bare-client.mjs');
    fs.writeFileSync(client, BARE_CLIENT);
    const openAiClient = path.join(dir, 'bare-openai-client.cjs');
    fs.writeFileSync(openAiClient, bareOpenAiClient(require.resolve('openai')));
    for (let i = 0; i < 7; i++) {
      const cacheDir = path.join(dir, `cache-${i}`); // empty each time: the first, uncached run
      const seen = server.chatRequests.length;
      const run = await evalRun(server, ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--json', '--cache-dir', cacheDir]);
      firstRequest.push(run.firstRequestMs);
      evaluation.push(run.durationMs);
      evalWall.push(run.wallMs);
      const sent = server.chatRequests.slice(seen).map((r) => r.body);
      requestsPerRun = sent.length;
      const requests = path.join(dir, 'requests.json');
      fs.writeFileSync(requests, JSON.stringify({ url: `${server.url}/chat/completions`, bodies: sent }));
      bareClientWall.push(await wallOf(process.execPath, [client, requests]));
      bareClientLiftoffWall.push(await wallOf(process.execPath, ['--liftoff-only', client, requests]));
      bareOpenAiWall.push(await wallOf(process.execPath, [openAiClient, requests]));
    }
    const bareMs = median(bare);
    return [
      `CLI start-up (medians; bare node -e 0: ${bareMs.toFixed(0)} ms):`,
      `  sumlens --help: ${median(help).toFixed(0)} ms = ${(median(help) / bareMs).toFixed(2)} × bare node (goal ≤ 1.5)`,
      `  sumlens eval, first request sent after ${median(firstRequest).toFixed(0)} ms = ${(median(firstRequest) / bareMs).toFixed(2)} × bare node`,
      `  first uncached 4-aspect eval, fresh process, fake server at ${latencyMs} ms/call: ${median(evalWall).toFixed(0)} ms from spawn to exit` +
        ` = ${(median(evalWall) / median(bareClientWall)).toFixed(2)} × a bare Node client sending the same ${requestsPerRun} requests (${median(bareClientWall).toFixed(0)} ms; goal ≤ 1.2)`,
      // bin/sumlens.js keeps V8 from optimising fetch's WebAssembly HTTP parser, which a process waits
      // for at exit; the same client under the same setting tells the cost of SumLens's own code.
      `  the same against the bare client run as bin/sumlens.js runs Node (--liftoff-only, ${median(bareClientLiftoffWall).toFixed(0)} ms): ` +
        `${(median(evalWall) / median(bareClientLiftoffWall)).toFixed(2)} × (${signedMs(median(evalWall) - median(bareClientLiftoffWall))})`,
      `  the same against a bare client on the openai package (${median(bareOpenAiWall).toFixed(0)} ms): ` +
        `${(median(evalWall) / median(bareOpenAiWall)).toFixed(2)} × (${signedMs(median(evalWall) - median(bareOpenAiWall))}; goal ≤ 1.2)`,
      `  its evaluation as the CLI reports it: ${median(evaluation).toFixed(0)} ms = ${(median(evaluation) / latencyMs).toFixed(2)} × one call's latency`,
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

function signedMs(ms: number): string {
  return `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(0)} ms`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The bare client: the recorded request bodies, sent at once with fetch from a fresh process. */
const BARE_CLIENT = `import { readFileSync } from 'node:fs';
const { url, bodies } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-bench' };
await Promise.all(bodies.map((body) => fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }).then((reply) => reply.json())));
`;

/** The bare client a user would write: the `openai` package, the same bodies sent at once. */
function bareOpenAiClient(openaiEntry: string): string {
  return `const OpenAI = require(${JSON.stringify(openaiEntry)});
const { readFileSync } = require('node:fs');
const { url, bodies } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const client = new OpenAI({ baseURL: url.replace(/\\/chat\\/completions$/, ''), apiKey: 'sk-bench' });
Promise.all(bodies.map((body) => client.chat.completions.create(body)));
`;
}

/** Spawn-to-exit time of a process (it must exit 0). */
function wallOf(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

/** Runs the bundled CLI; notes when the server saw its first request, the evaluation time it reports, and its spawn-to-exit time. */
function evalRun(server: FakeOpenAiServer, args: string[]): Promise<{ firstRequestMs: number; durationMs: number; wallMs: number }> {
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
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`sumlens eval exited with ${code}`));
      resolve({ firstRequestMs, durationMs: JSON.parse(stdout).durationMs, wallMs });
    });
  });
}
