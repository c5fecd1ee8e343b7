/**
 * `sumlens eval --repeat N --threshold T` as a user runs it, against the fake server: N
 * independent runs (the server is asked N times, each run in its own cache slot), the spread
 * per aspect, the pass rate and the straddle flag; a re-run is answered from the cache.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spreadOf } from '../../../src/core/repeat';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';

describe('sumlens eval --repeat and --threshold', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let args: string[];
  let env: Record<string, string>;

  before(async () => {
    server = await FakeOpenAiServer.start();
    // The k-th time a prompt is asked, P("4") is 0.2, 0.6, then 0.9: scores 3.2, 3.6, 3.9,
    // whichever run happens to ask first.
    const asked = new Map<string, number>();
    server.setHandler((request: RecordedRequest) => {
      const key = createHash('sha256').update(JSON.stringify(request.body.messages)).digest('hex');
      const k = asked.get(key) ?? 0;
      asked.set(key, k + 1);
      const p4 = [0.2, 0.6, 0.9][k % 3];
      return scoreReply('4', { '4': p4, '3': 1 - p4 });
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-repeat-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'The museum reopened on Monday after a two-year renovation costing 8 million euros.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'The museum reopened after renovation.');
    args = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--aspects', 'coherence,relevance'];
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs N independent evaluations and reports mean, sd, range, pass rate and the straddle flag', async function () {
    this.timeout(60_000);
    const run = await runInProcess([...args, '--repeat', '3', '--threshold', '3.5'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length, 2 * 3, 'each run asks the judge itself');
    assert.match(run.stdout, /3 independent runs \(cache slots 1–3\)/);
    assert.match(run.stdout, /^coherence +3\.57 +0\.35 +3\.20 +3\.90 +3\/3 +[\d. ]+ +2\/3 \(67%\) +straddles$/m);
    assert.match(run.stdout, /runs fall on both sides of 3\.5: coherence, relevance/);

    const json = JSON.parse((await runInProcess([...args, '--repeat', '3', '--threshold', '3.5', '--json'], env)).stdout);
    assert.equal(server.chatRequests.length, 2 * 3, 'a re-run is answered from the three cache slots');
    assert.equal(json.runs.length, 3);
    const coherence = json.spread.find((s: { name: string }) => s.name === 'coherence');
    assert.deepEqual(coherence.scores.map((s: number) => Number(s.toFixed(6))).sort(), [3.2, 3.6, 3.9]);
    assert.deepEqual(coherence.threshold, { threshold: 3.5, passed: 2, passRate: 2 / 3, straddles: true });
  });

  it('--threshold above every run passes none and does not straddle', async function () {
    this.timeout(60_000);
    const run = await runInProcess([...args, '--repeat', '3', '--threshold', '4.5', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const coherence = JSON.parse(run.stdout).spread.find((s: { name: string }) => s.name === 'coherence');
    assert.deepEqual(coherence.threshold, { threshold: 4.5, passed: 0, passRate: 0, straddles: false });
  });

  it('a malformed --threshold is a usage error', async () => {
    const run = await runInProcess([...args, '--repeat', '2', '--threshold', 'high'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /expected a number, got "high"/);
  });
});

describe('repeat: spread of one aspect over runs', () => {
  const cases: { scores: (number | null)[]; threshold?: number; mean: number | null; sd: number | null; passed?: number; straddles?: boolean }[] = [
    { scores: [3, 4, 5], threshold: 3.5, mean: 4, sd: 1, passed: 2, straddles: true },
    { scores: [4, null, 4], threshold: 4, mean: 4, sd: 0, passed: 2, straddles: false },
    { scores: [2.5], mean: 2.5, sd: null },
    { scores: [null, null], threshold: 3, mean: null, sd: null },
  ];
  for (const c of cases) {
    it(`${JSON.stringify(c.scores)} at ${c.threshold ?? 'no threshold'}`, () => {
      const s = spreadOf('x', c.scores, c.threshold);
      assert.equal(s.mean, c.mean);
      assert.equal(s.sd, c.sd);
      assert.equal(s.scored, c.scores.filter((v) => v !== null).length);
      if (c.passed === undefined) assert.equal(s.threshold, undefined);
      else assert.deepEqual({ passed: s.threshold?.passed, straddles: s.threshold?.straddles }, { passed: c.passed, straddles: c.straddles });
    });
  }
});
