/**
 * `--timeout S` bounds one judge call with its retries: a hung server ends the run with
 * exit 13 within S plus a second, and no retry waits past the limit.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { faultReply } from '../../fake/faults';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

describe('sumlens eval --timeout (one call, retries included)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let args: string[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-timeout-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'An article about a museum.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'A museum.');
    // A model counted by estimate: the o200k tokenizer's one-off load (~0.4 s) is not part of a call's limit.
    args = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--model', 'fake-model', '--no-cache', '--json'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url });

  it('a hung server ends with exit 13 within S + 1 s, without retrying past the limit', async () => {
    server.setHandler(() => faultReply('hang'));
    const before = server.chatRequests.length;
    const run = await runInProcess([...args, '--timeout', '2'], env());
    assert.equal(run.code, 13, run.stderr);
    assert.match(stderrLines(run)[0], /did not answer in time/);
    const result = JSON.parse(run.stdout);
    assert.ok(result.durationMs <= 3000, `took ${result.durationMs} ms`);
    assert.equal(server.chatRequests.length - before, 4, 'one request per aspect: no retry after the limit');
  });

  it('a Retry-After longer than what is left of the limit is not waited for', async () => {
    server.setHandler(() => ({ status: 503, error: { message: 'overloaded (fake)' }, headers: { 'retry-after': '30' } }));
    const run = await runInProcess([...args, '--timeout', '2', '--aspects', 'coherence'], env());
    assert.equal(run.code, 11, run.stderr);
    assert.ok(JSON.parse(run.stdout).durationMs <= 3000);
  });
});
