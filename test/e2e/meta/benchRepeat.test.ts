/**
 * `sumlens bench --repeat N` as a user runs it: N runs on a SummEval slice, each in its own
 * cache slot and run file, then per aspect the spread of the correlations with people; run
 * again, it is answered from the cache, slot by slot, without a call.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, type RecordedRequest } from '../../fake/openaiServer';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from '../cli/runInProcess';

describe('e2e meta: sumlens bench --repeat', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  let drawn = 0;
  before(async () => {
    server = await FakeOpenAiServer.start();
    // A judge whose sampled answers change from request to request, as a real one's do.
    server.setHandler((request: RecordedRequest) =>
      request.body.logprobs
        ? { status: 400, error: { message: 'logprobs are not supported', param: 'logprobs' } }
        : { choices: Array.from({ length: request.body.n ?? 1 }, () => ({ text: String(1 + ((drawn++ * 7) % 5)) })) },
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-repeat-'));
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs N times in N cache slots and run files, prints the spread of each correlation, and a rerun costs nothing', async function () {
    this.timeout(120_000);
    const dataset = requireDataset(this, 'summeval/summeval.json');
    const out = path.join(dir, 'run.jsonl');
    const args = ['bench', '--dataset', dataset, '--limit', '32', '--aspects', 'coherence', '--samples', '3', '--max-se', '0', '--repeat', '3', '--out', out];
    const bench = await runInProcess(args, env);
    assert.equal(bench.code, 0, bench.stderr);
    for (const file of [out, path.join(dir, 'run.repeat2.jsonl'), path.join(dir, 'run.repeat3.jsonl')]) assert.ok(fs.existsSync(file), file);
    const header = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8').split('\n')[0]);
    assert.equal(header('run.jsonl').spec.cacheSlot, undefined, 'run 1 is the plain run');
    assert.equal(header('run.repeat3.jsonl').spec.cacheSlot, 2);
    assert.match(bench.stdout, /^agreement with people over 3 runs \(mean ± sd \[min, max\]\):$/m);
    const row = /^coherence +summary +(-?\d\.\d{4}) ± (\d\.\d{4}) \[(-?\d\.\d{4}), (-?\d\.\d{4})\]/m.exec(bench.stdout);
    assert.ok(row, bench.stdout);
    const [mean, sd, min, max] = row.slice(1).map(Number);
    assert.ok(min <= mean && mean <= max && sd > 0, 'different answers in each run give a spread');
    assert.match(bench.stderr, /run 3 of 3: 32 item\(s\) written/);

    const calls = server.chatRequests.length;
    const again = await runInProcess([...args.slice(0, -2), '--out', path.join(dir, 'again.jsonl')], env);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(server.chatRequests.length, calls, 'every run is answered from its own cache slot');
    // (Not the same figures to the digit: SummEval holds identical outputs of different systems,
    // whose first requests went out together and drew different answers; the cache keeps one.)
    assert.match(again.stdout, /^coherence +summary +-?\d\.\d{4} ± \d\.\d{4}/m);
  });
});
