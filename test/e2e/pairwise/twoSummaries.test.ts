/**
 * `sumlens pairwise --source S --a A --b B` as a user runs it against the fake server: both
 * orders asked per aspect (2 × aspects calls), P(A), P(B), P(tie) from log-probabilities,
 * the flip counted; --orders one and adaptive; the run file resumed; dry run; bad usage.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { firstSayingJudge, preferringJudge, shownSummaries } from '../../fake/pairwiseJudges';
import { runInProcess } from '../cli/runInProcess';

describe('sumlens pairwise: two summaries of one source', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  let args: string[];
  const longer = 'The museum reopened on Monday after a two-year renovation that cost 8 million euros.';
  const shorter = 'A museum opened.';

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-pairwise-'));
    fs.writeFileSync(path.join(dir, 'source.txt'), 'The city museum reopened on Monday after a two-year renovation costing 8 million euros.');
    fs.writeFileSync(path.join(dir, 'a.txt'), shorter);
    fs.writeFileSync(path.join(dir, 'b.txt'), longer);
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    args = ['pairwise', '--source', path.join(dir, 'source.txt'), '--a', path.join(dir, 'a.txt'), '--b', path.join(dir, 'b.txt'), '--no-cache'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.requests.splice(0));

  it('asks both orders per aspect, reads P(A), P(B), P(tie) and reports B over A', async () => {
    server.setHandler(preferringJudge((s) => s.length / 10, 0));
    const run = await runInProcess([...args, '--aspects', 'relevance,consistency', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length, 2 * 1 * 2, 'calls = 2 orders × 1 pair × 2 aspects');
    const json = JSON.parse(run.stdout);
    assert.equal(json.aspects.length, 2);
    const relevance = json.aspects[0];
    assert.equal(relevance.winRate.value, 1);
    assert.deepEqual([relevance.winRate.of, relevance.winRate.over], ['B', 'A']);
    assert.deepEqual([relevance.flipRate.value, relevance.flipRate.of], [0, 1]);
    assert.equal(relevance.firstPositionWinRate.of, 2);
    assert.equal(relevance.firstPositionWinRate.value, 0.5);
    assert.ok(relevance.lengthControlledWinRate, 'two systems: the length-controlled win rate');
    assert.equal(json.usage.calls, 4);
  });

  it('a judge that always says "the first" flips: a tie, counted inconsistent', async () => {
    server.setHandler(firstSayingJudge(1, () => scoreReply('tie', { tie: 1 })));
    const out = path.join(dir, 'first.jsonl');
    const run = await runInProcess([...args, '--json', '--out', out], env);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.equal(json.inconsistent, 1);
    assert.deepEqual([json.flipRate.value, json.firstPositionWinRate.value], [1, 1]);
    assert.equal(json.winRate.ties, 1);
    const record = JSON.parse(fs.readFileSync(out, 'utf8').trim().split('\n')[1]);
    const orders = record.comparisons[0].orders;
    assert.deepEqual(
      orders.map((o: { first: string; verdict: string }) => [o.first, o.verdict]),
      [
        ['A', 'A'],
        ['B', 'B'],
      ],
    );
    assert.ok(Math.abs(orders[0].pA - 0.9) < 1e-9 && orders[0].provenance.route === 'logprobs');
    const again = await runInProcess([...args, '--json', '--out', out], env);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(server.chatRequests.length, 2, 'the run file is resumed: nothing asked again');
    assert.match(again.stderr, /1 pair\(s\) already asked/);
  });

  it('--orders one asks one order, recorded; adaptive asks the second only when the first is close', async () => {
    server.setHandler(preferringJudge((s) => s.length / 10, 0));
    const one = await runInProcess([...args, '--orders', 'one', '--json'], env);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(server.chatRequests.length, 1);
    assert.equal(JSON.parse(one.stdout).flipRate.of, 0);
    server.requests.splice(0);
    // A sure verdict (lead 0.85) against a margin of 0.9: the second order is asked.
    const close = await runInProcess([...args, '--orders', 'adaptive', '--adaptive-margin', '0.9'], env);
    assert.equal(close.code, 0, close.stderr);
    assert.equal(server.chatRequests.length, 2);
    server.requests.splice(0);
    const sure = await runInProcess([...args, '--orders', 'adaptive', '--adaptive-margin', '0.5'], env);
    assert.equal(sure.code, 0, sure.stderr);
    assert.equal(server.chatRequests.length, 1);
  });

  it('a server without log-probabilities: the preference from samples, the route in the provenance', async () => {
    server.setHandler((request) => {
      const { first } = shownSummaries(request);
      const n = request.body.n ?? 1;
      return { choices: Array.from({ length: n }, (_, i) => ({ text: i < n * 0.7 === (first === longer) ? 'A' : 'B' })) };
    });
    const out = path.join(dir, 'sampled.jsonl');
    const run = await runInProcess([...args, '--route', 'sampling', '--samples', '10', '--out', out, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const record = JSON.parse(fs.readFileSync(out, 'utf8').trim().split('\n')[1]);
    const order = record.comparisons[0].orders[0];
    assert.equal(order.provenance.route, 'sampling');
    // Each batch of answers is 70% for the longer summary, rounded up: P(B) between 0.7 and 0.8.
    assert.ok(order.pB >= 0.7 && order.pB <= 0.8 && Math.abs(order.pA + order.pB - 1) < 1e-9, `P(B) ${order.pB}`);
    assert.ok(order.provenance.samples > 1);
    assert.equal(JSON.parse(run.stdout).winRate.value, 1);
  });

  it('--dry-run counts the calls and sends nothing', async () => {
    const run = await runInProcess([...args, '--aspects', 'coherence,fluency,relevance', '--dry-run', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).dryRun.calls, 6);
    assert.equal(server.chatRequests.length, 0);
  });

  it('usage errors: an unknown aspect, --data with --a, --a without --b (exit 2, one line)', async () => {
    for (const bad of [
      [...args, '--aspects', 'elegance'],
      ['pairwise', '--data', 'x.jsonl', '--a', 'a.txt'],
      ['pairwise', '--a', 'a.txt'],
    ]) {
      const run = await runInProcess(bad, env);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });

  it('an answer that is neither A, B nor tie fails the pair: exit 14, the pair named', async () => {
    server.setHandler(() => scoreReply('Perhaps', { Perhaps: 1 }));
    const run = await runInProcess(args, env);
    assert.equal(run.code, 14, run.stderr);
    assert.match(run.stderr, /pair source A\/B .* failed/);
  });
});
