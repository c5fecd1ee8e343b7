import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { packageRoot } from '../../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';

const apiKey = 'sk-cli-SECRET-77aa01';
const cli = path.join(packageRoot(), 'out', 'src', 'cli', 'run.js');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('sumlens eval (the CLI as a user runs it)', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let files: { source: string; summary: string };

  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 0.5, '2': 0.3, '1': 0.2 }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-cli-'));
    files = { source: path.join(dir, 'article.txt'), summary: path.join(dir, 'summary.txt') };
    fs.writeFileSync(files.source, 'The museum reopened on Monday after a two-year renovation costing 8 million euros.');
    fs.writeFileSync(files.summary, 'The museum reopened after renovation.');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });

  it('prints the four SummEval aspects as JSON with the documented fields', async () => {
    const run = await runCli(['eval', '--source', files.source, '--summary', files.summary, '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(result.aspects.map((a: { name: string }) => a.name), ['coherence', 'consistency', 'fluency', 'relevance']);
    const coherence = result.aspects[0];
    assert.deepEqual(coherence.scale, [1, 5]);
    assert.equal(coherence.method, 'logprobs');
    assert.ok(Math.abs(coherence.score - (0.5 * 3 + 0.3 * 2 + 0.2 * 1)) < 1e-9);
    assert.deepEqual(Object.keys(result.usage).sort(), ['cacheHits', 'calls', 'completionTokens', 'promptTokens', 'retries']);
    assert.equal(result.usage.calls, 4);
    assert.equal(result.endpoint, server.url);
  });

  it('keeps its cache under $XDG_CACHE_HOME, makes zero calls on a re-run, and never writes the key', async () => {
    const before = server.chatRequests.length;
    const run = await runCli(['eval', '--source', files.source, '--summary', files.summary, '--json'], env());
    assert.equal(server.chatRequests.length, before, 'no request on the re-run');
    assert.equal(JSON.parse(run.stdout).usage.cacheHits, 4);
    const cacheDir = path.join(dir, 'xdg', 'sumlens');
    assert.ok(fs.existsSync(cacheDir));
    for (const file of listFiles(cacheDir)) assert.ok(!fs.readFileSync(file, 'latin1').includes(apiKey), file);
    assert.ok(!run.stdout.includes(apiKey) && !run.stderr.includes(apiKey));
  });

  it('exits with a distinct code and one line for each kind of bad input', async () => {
    const bad = path.join(dir, 'latin1.txt');
    fs.writeFileSync(bad, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    const empty = path.join(dir, 'empty.txt');
    fs.writeFileSync(empty, '  \n');
    const cases: Array<[string[], Record<string, string | undefined>, number, RegExp]> = [
      [['--source', bad, '--summary', files.summary], env(), 8, /not UTF-8/],
      [['--source', empty, '--summary', files.summary], env(), 8, /is empty/],
      [['--source', path.join(dir, 'nope.txt'), '--summary', files.summary], env(), 8, /does not exist/],
      [['--source', files.source, '--summary', files.summary], { XDG_CACHE_HOME: path.join(dir, 'xdg') }, 3, /OPENAI_API_KEY/],
      [['--source', files.source, '--summary', files.summary, '--base-url', 'http://127.0.0.1:59999/v1', '--no-cache'], { ...env(), OPENAI_BASE_URL: undefined }, 4, /Cannot reach/],
    ];
    for (const [args, environment, code, message] of cases) {
      const run = await runCli(['eval', ...args], environment);
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });

  it('keeps the aspects that finished when the run is cancelled', async () => {
    const slow = await FakeOpenAiServer.start();
    let count = 0;
    slow.setHandler(() => (++count === 1 ? scoreReply('4', { '4': 1 }) : { hang: true }));
    const controller = new AbortController();
    const session = createOpenAiSession({ baseURL: slow.url, apiKey, cacheDir: null, concurrency: 1 });
    const seen: string[] = [];
    const result = await evaluate(
      { source: 'A long article.', summary: 'A summary.', task: 'summarization' },
      { method: 'geval', session },
      {
        signal: controller.signal,
        onAspect: (a) => {
          seen.push(a.name);
          setTimeout(() => controller.abort(), 50);
        },
      },
    );
    await slow.close();
    assert.equal(result.cancelled, true);
    assert.deepEqual(result.aspects.map((a) => a.name), seen);
    assert.equal(result.aspects.length, 1);
  });
});

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
