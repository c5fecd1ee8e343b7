import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';

const apiKey = 'sk-cli-SECRET-77aa01';
describe('sumlens eval (the CLI as a user runs it)', function () {
  this.timeout(90_000);
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
    const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(
      result.aspects.map((a: { name: string }) => a.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
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
    const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--json'], env());
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
    const write = (name: string, bytes: Buffer) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const cases: Array<[string[], Record<string, string | undefined>, number, RegExp]> = [
      [['--source', bad, '--summary', files.summary], env(), 8, /not UTF-8/],
      [['--source', empty, '--summary', files.summary], env(), 8, /empty\.txt contains only whitespace/],
      [['--source', write('zero.txt', Buffer.alloc(0)), '--summary', files.summary], env(), 8, /zero\.txt is empty/],
      [['--source', write('nul.txt', Buffer.from('text\u0000more', 'utf8')), '--summary', files.summary], env(), 8, /nul\.txt contains NUL bytes/],
      [
        ['--source', write('utf16.txt', Buffer.from('An article in UTF-16.', 'utf16le')), '--summary', files.summary],
        env(),
        8,
        /utf16\.txt looks like UTF-16 without a byte-order mark/,
      ],
      [['--source', dir, '--summary', files.summary], env(), 8, /is a folder/],
      [['--source', path.join(dir, 'nope.txt'), '--summary', files.summary], env(), 8, /does not exist/],
      [['--source', files.source, '--summary', files.summary], { XDG_CACHE_HOME: path.join(dir, 'xdg') }, 3, /OPENAI_API_KEY/],
      [
        ['--source', files.source, '--summary', files.summary, '--base-url', 'http://127.0.0.1:59999/v1', '--no-cache'],
        { ...env(), OPENAI_BASE_URL: undefined },
        4,
        /Cannot reach/,
      ],
    ];
    for (const [args, environment, code, message] of cases) {
      const run = await runInProcess(['eval', ...args], environment);
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });

  it('reads UTF-16 and UTF-8 with a byte-order mark as text', async () => {
    const bom16 = path.join(dir, 'bom16.txt');
    fs.writeFileSync(bom16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('The museum reopened on Monday.', 'utf16le')]));
    const bom8 = path.join(dir, 'bom8.txt');
    fs.writeFileSync(bom8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('The museum reopened.', 'utf8')]));
    const before = server.chatRequests.length;
    const run = await runInProcess(['eval', '--source', bom16, '--summary', bom8, '--aspects', 'coherence', '--no-cache', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const prompt: string = server.chatRequests[before].body.messages[0].content;
    assert.ok(prompt.includes('The museum reopened on Monday.') && prompt.includes('The museum reopened.'));
    assert.ok(!prompt.includes('\ufeff'), 'the byte-order mark is not part of the text');
  });

  it('never echoes credentials written into the base URL', async () => {
    const cases: Array<[string, number]> = [
      ['http://someone:pa55word-77@127.0.0.1:9/v1', 2], // fetch cannot send these: a usage error
      ['http://127.0.0.1:9/v1?api-key=KEY-in-query-42', 4],
    ];
    for (const [url, code] of cases) {
      const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--base-url', url, '--no-cache', '--json'], env());
      assert.equal(run.code, code, run.stderr);
      for (const secret of ['pa55word-77', 'someone:', 'KEY-in-query-42']) {
        assert.ok(!run.stderr.includes(secret) && !run.stdout.includes(secret), `${secret} echoed:\n${run.stderr}${run.stdout}`);
      }
      assert.match(run.stderr + run.stdout, /\[redacted\]/);
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
    assert.deepEqual(
      result.aspects.map((a) => a.name),
      seen,
    );
    assert.equal(result.aspects.length, 1);
  });
});

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
