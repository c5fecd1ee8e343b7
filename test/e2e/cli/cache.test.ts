/**
 * The answer cache as a user meets it: only usable replies are kept, a directory that
 * cannot be written costs one warning line, and `sumlens cache stats|clear` show and empty it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply, textReply } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

describe('sumlens answer cache', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let args: string[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-cache-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'An article about a museum.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'A museum.');
    args = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--aspects', 'coherence', '--json'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = (cacheHome: string) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: cacheHome });

  it('an unusable reply is not cached: the next run asks again and gets its score', async () => {
    const home = path.join(dir, 'home1');
    server.setHandler(() => textReply('I would rather not say.'));
    const bad = await runInProcess(args, env(home));
    assert.equal(bad.code, 9, bad.stderr);
    server.setHandler(() => scoreReply('4', { '4': 0.5, '5': 0.5 }));
    const before = server.chatRequests.length;
    const good = await runInProcess(args, env(home));
    assert.equal(good.code, 0, good.stderr);
    assert.equal(server.chatRequests.length - before, 1, 'the bad answer was not served from the cache');
    assert.equal(JSON.parse(good.stdout).aspects[0].score, 4.5);
    const cached = await runInProcess(args, env(home));
    assert.equal(JSON.parse(cached.stdout).usage.cacheHits, 1, 'the good answer was cached');
  });

  it('`cache stats` shows entries, size and path; `cache clear` empties it', async () => {
    const home = path.join(dir, 'home1');
    const stats = await runInProcess(['cache', 'stats', '--json'], { XDG_CACHE_HOME: home });
    assert.equal(stats.code, 0, stats.stderr);
    const parsed = JSON.parse(stats.stdout);
    assert.equal(parsed.entries, 1);
    assert.ok(parsed.bytes > 0);
    assert.equal(parsed.directory, path.join(home, 'sumlens', 'results'));
    const human = await runInProcess(['cache', 'stats'], { XDG_CACHE_HOME: home });
    assert.match(human.stdout, /sumlens\/results: 1 cached answer\(s\), \d+(\.\d)? (B|KiB)/);
    const clear = await runInProcess(['cache', 'clear'], { XDG_CACHE_HOME: home });
    assert.equal(clear.code, 0, clear.stderr);
    assert.match(clear.stdout, /removed 1 cached answer/);
    const after = await runInProcess(['cache', 'stats', '--json'], { XDG_CACHE_HOME: home });
    assert.equal(JSON.parse(after.stdout).entries, 0);
  });

  it('a cache directory that cannot be written gives one warning line, once, and the run still succeeds', async () => {
    const blocked = path.join(dir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the cache directory should be');
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const run = await runInProcess([...args.filter((a) => a !== 'coherence' && a !== '--aspects'), '--cache-dir', blocked], env(path.join(dir, 'home2')));
    assert.equal(run.code, 0, run.stderr);
    const warnings = stderrLines(run).filter((line) => /cannot write the answer cache/.test(line));
    assert.equal(warnings.length, 1, run.stderr);
    assert.match(warnings[0], /^sumlens: warning: cannot write the answer cache in .*blocked/);
    assert.equal(JSON.parse(run.stdout).aspects.length, 4);
  });
});
