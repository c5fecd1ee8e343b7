/**
 * `sumlens pairwise --data` on SummEval (16 systems × 100 documents, 10 pairs a document) with
 * scripted judges: one that prefers the summary people rated more relevant, plus noise, ranks
 * the systems close to people's ranking (Kendall's tau with its interval); one that answers
 * "the first" on 30% of the pairs whatever they hold shows a flip rate whose interval holds
 * the 30%, and asked in both orders its ranking agrees with the fair judge's: each system's
 * interval overlaps the fair one's. Not every strength falls inside the fair interval: the
 * flipped pairs count as ties, which pull every strength towards 0 (on this seed M9, -0.29
 * against the fair judge's [-1.18, -0.35]).
 * Calls = 2 × pairs × aspects exactly.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { firstSayingJudge, preferringJudge } from '../../fake/pairwiseJudges';
import { runInProcess } from '../cli/runInProcess';

interface Ranked {
  system: string;
  strength: number;
  interval: [number, number];
}

describe('sumlens pairwise on SummEval: a ranking of 16 systems', function () {
  this.timeout(300_000);
  const data = path.join(process.env.SUMLENS_DATASETS!, 'summeval', 'summeval.json');
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  let fair: (request: Parameters<ReturnType<typeof preferringJudge>>[0]) => ReturnType<ReturnType<typeof preferringJudge>>;
  let fairRun: { pairs: number; ranking: Ranked[]; humanAgreement: { kendallTau: { value: number; interval: [number, number] } } };
  const args = () => [
    ...['pairwise', '--data', data, '--group', 'doc_id', '--system', 'system_id', '--map', 'summary=system_output', '--human', 'scores.relevance'],
    ...['--pairs-per-doc', '10', '--json', '--no-cache', '--concurrency', '16'],
  ];

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-pairwise-summeval-'));
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const items: { system_output: string; scores: { relevance: number } }[] = JSON.parse(fs.readFileSync(data, 'utf8'));
    // A summary two systems wrote alike is scored by the mean of their ratings.
    const ratings = new Map<string, number[]>();
    for (const item of items) ratings.set(item.system_output.trim(), [...(ratings.get(item.system_output.trim()) ?? []), item.scores.relevance]);
    const quality = (summary: string) => {
      const scores = ratings.get(summary.trim())!;
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    fair = preferringJudge(quality, 0.5);
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a judge preferring what people rated higher: Kendall's tau with people's ranking, with its interval", async () => {
    server.setHandler(fair);
    const run = await runInProcess(args(), env);
    assert.equal(run.code, 0, run.stderr);
    fairRun = JSON.parse(run.stdout);
    assert.equal(fairRun.pairs, 100 * 10);
    assert.equal(server.chatRequests.length, 2 * fairRun.pairs * 1, 'calls = 2 × pairs × aspects');
    assert.equal(fairRun.ranking.length, 16);
    const tau = fairRun.humanAgreement.kendallTau;
    console.log(`      fair judge: tau ${tau.value.toFixed(3)} [${tau.interval.map((x) => x.toFixed(3)).join(', ')}]`);
    assert.ok(tau.value > 0.6 && tau.interval[0] > 0.3 && tau.interval[0] <= tau.value && tau.value <= tau.interval[1], JSON.stringify(tau));
  });

  it('a judge answering "the first" on 30% of pairs: its flip rate interval holds 30%, its ranking overlaps the fair one\'s intervals', async () => {
    server.requests.splice(0);
    server.setHandler(firstSayingJudge(0.3, fair));
    const run = await runInProcess([...args(), '--out', path.join(dir, 'biased.jsonl')], env);
    assert.equal(run.code, 0, run.stderr);
    const biased = JSON.parse(run.stdout);
    assert.equal(server.chatRequests.length, 2 * biased.pairs);
    const flip = biased.flipRate;
    console.log(`      first-saying judge: flip rate ${flip.value.toFixed(3)} [${flip.interval.map((x: number) => x.toFixed(3)).join(', ')}] of ${flip.of}`);
    assert.ok(flip.interval[0] <= 0.3 && 0.3 <= flip.interval[1], JSON.stringify(flip));
    assert.ok(biased.firstPositionWinRate.p < 1e-6, 'the first position wins far more than half');
    const fairBy = new Map(fairRun.ranking.map((r) => [r.system, r]));
    const inside = (biased.ranking as Ranked[]).filter(
      (r) => r.strength >= fairBy.get(r.system)!.interval[0] && r.strength <= fairBy.get(r.system)!.interval[1],
    );
    console.log(`      strengths inside the fair judge's intervals: ${inside.length} of 16`);
    const apart = (biased.ranking as Ranked[]).filter(
      (r) => r.interval[1] < fairBy.get(r.system)!.interval[0] || r.interval[0] > fairBy.get(r.system)!.interval[1],
    );
    assert.deepEqual(apart, [], "every interval overlaps the fair judge's");
    const tau = biased.humanAgreement.kendallTau;
    const fairTau = fairRun.humanAgreement.kendallTau;
    assert.ok(
      tau.value >= fairTau.interval[0] && tau.value <= fairTau.interval[1],
      `tau ${tau.value} within the fair judge's ${fairTau.interval.join(' to ')}`,
    );
  });

  it("the same run file with --ties davidson: nothing asked, the fit says so and gives ν; the flipped pairs' ties no longer count as half wins", async () => {
    const calls = server.chatRequests.length;
    const run = await runInProcess([...args(), '--out', path.join(dir, 'biased.jsonl'), '--ties', 'davidson'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length, calls, 'every pair read from the run file');
    const tied = JSON.parse(run.stdout);
    assert.match(tied.ties, /Davidson/);
    assert.equal(tied.rankingFit.ties, 'davidson');
    assert.ok(tied.rankingFit.tieParameter > 0 && tied.rankingFit.converged, JSON.stringify(tied.rankingFit));
    const fairBy = new Map(fairRun.ranking.map((r) => [r.system, r]));
    const inside = (tied.ranking as Ranked[]).filter((r) => r.strength >= fairBy.get(r.system)!.interval[0] && r.strength <= fairBy.get(r.system)!.interval[1]);
    const tau = tied.humanAgreement.kendallTau;
    console.log(
      `      Davidson: ν ${tied.rankingFit.tieParameter.toFixed(3)}, tau ${tau.value.toFixed(3)}, strengths inside the fair judge's intervals: ${inside.length} of 16`,
    );
    assert.ok(tau.value >= fairRun.humanAgreement.kendallTau.interval[0], `tau ${tau.value}`);
  });
});
