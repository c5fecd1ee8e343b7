/**
 * main(argv, io) itself: what a call prints goes to its io's streams, its exit code is the
 * value main resolves to, and the environment it sees is io.env alone (a key or base URL in
 * process.env is not read). Calls at once keep their streams, environments and exit codes apart.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exitCodeOf } from '../../../src/core/errors';
import { packageVersion } from '../../../src/core/paths';
import { main } from '../../../src/cli/main';
import type { OutputStream } from '../../../src/cli/io';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';

function collector(): OutputStream & { text: string } {
  return {
    text: '',
    write(text: string) {
      this.text += text;
      return true;
    },
  };
}

async function call(args: string[], env: Record<string, string | undefined>) {
  const stdout = collector();
  const stderr = collector();
  const code = await main([process.execPath, 'sumlens', ...args], { stdout, stderr, env });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Runs body with these variables set in process.env, then puts the old values back. */
async function withProcessEnv<T>(variables: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  try {
    return await body();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('main(argv, io)', function () {
  this.timeout(30_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let evalArgs: string[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-main-'));
    const source = path.join(dir, 'article.txt');
    const summary = path.join(dir, 'summary.txt');
    fs.writeFileSync(source, 'The museum reopened on Monday after a two-year renovation.');
    fs.writeFileSync(summary, 'The museum reopened.');
    evalArgs = ['eval', '--source', source, '--summary', summary, '--aspects', 'coherence', '--no-cache', '--json'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes to the io it is given, not to the process, and resolves to the exit code', async () => {
    const written: string[] = [];
    const original = { out: process.stdout.write, err: process.stderr.write };
    const spy = (chunk: string | Uint8Array) => (written.push(String(chunk)), true);
    process.stdout.write = spy;
    process.stderr.write = spy;
    let version, help, unknown;
    try {
      version = await call(['--version'], {});
      help = await call(['eval', '--help'], {});
      unknown = await call(['eval', '--sumary', 'x'], {});
    } finally {
      process.stdout.write = original.out;
      process.stderr.write = original.err;
    }
    assert.deepEqual(written, []);
    assert.deepEqual(version, { code: 0, stdout: `${packageVersion()}\n`, stderr: '' });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: sumlens eval/);
    assert.equal(unknown.code, exitCodeOf('usage'));
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^sumlens: unknown option '--sumary' \(did you mean --summary\?\); see sumlens eval --help\n$/);
  });

  it('takes the key and the base URL from io.env, never from process.env', async () => {
    const run = await withProcessEnv({ OPENAI_API_KEY: 'sk-from-the-process', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, () =>
      call(evalArgs, { OPENAI_API_KEY: 'sk-from-io', OPENAI_BASE_URL: server.url }),
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).aspects[0].score, 3);
    const keys = new Set(server.chatRequests.map((request) => request.headers.authorization));
    assert.deepEqual([...keys], ['Bearer sk-from-io']);
  });

  it('a key only in process.env is not seen: the call fails with no-api-key', async () => {
    const run = await withProcessEnv({ OPENAI_API_KEY: 'sk-from-the-process' }, () => call([...evalArgs, '--base-url', 'https://api.openai.com/v1'], {}));
    assert.equal(run.code, exitCodeOf('no-api-key'), run.stderr);
    assert.match(run.stderr, /^sumlens: No API key for https:\/\/api\.openai\.com\/v1: set OPENAI_API_KEY/);
  });

  it('the default cache folder follows io.env (XDG_CACHE_HOME)', async () => {
    const cache = path.join(dir, 'xdg-of-this-call');
    const run = await call(['cache', 'stats', '--help'], { XDG_CACHE_HOME: cache });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.includes(path.join(cache, 'sumlens')), run.stdout);
  });

  it('calls at once keep their output, environment and exit code apart', async () => {
    const before = server.chatRequests.length;
    const [first, usage, second] = await Promise.all([
      call(evalArgs, { OPENAI_API_KEY: 'sk-first', OPENAI_BASE_URL: server.url }),
      call(['eval', '--concurrency', '0'], {}),
      call([...evalArgs, '--aspects', 'fluency'], { OPENAI_API_KEY: 'sk-second', OPENAI_BASE_URL: server.url }),
    ]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(usage.code, exitCodeOf('usage'));
    assert.equal(usage.stdout, '');
    assert.deepEqual(
      JSON.parse(first.stdout).aspects.map((a: { name: string }) => a.name),
      ['coherence'],
    );
    assert.deepEqual(
      JSON.parse(second.stdout).aspects.map((a: { name: string }) => a.name),
      ['fluency'],
    );
    assert.doesNotMatch(first.stderr + second.stderr, /concurrency/);
    const keys = server.chatRequests.slice(before).map((request) => request.headers.authorization);
    assert.deepEqual([...new Set(keys)].sort(), ['Bearer sk-first', 'Bearer sk-second']);
  });
});
