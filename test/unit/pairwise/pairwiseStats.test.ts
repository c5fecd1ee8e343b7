import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { binomialTest } from '../../../src/core/stats/binomialTest';
import { addGame, bradleyTerry, emptyResults } from '../../../src/core/stats/bradleyTerry';
import { addTieGame, davidson, emptyTieResults } from '../../../src/core/stats/davidson';
import { categoryAgreement } from '../../../src/core/stats/cohenKappa';
import { logisticFit } from '../../../src/core/stats/logisticFit';
import { agreementWithPeople } from '../../../src/core/pairwise/stats/humanPreferences';
import { lengthBias } from '../../../src/core/pairwise/stats/lengthBias';
import type { PairOutcome, Verdict } from '../../../src/core/pairwise/stats/outcome';
import { positionBias } from '../../../src/core/pairwise/stats/positionBias';
import { rankSystems } from '../../../src/core/pairwise/stats/ranking';
import { winRate } from '../../../src/core/pairwise/stats/winRate';

// Written by scripts/scipy/pairwise_stats.py (scipy.optimize trust-exact MLEs, numpy bootstrap, scipy kendalltau and binomtest).
const reference = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/pairwise-stats.json'), 'utf8'));
const bt = reference.bradleyTerry;
const outcomes: PairOutcome[] = bt.comparisons.map((c: { doc: string; a: string; b: string; verdict: Verdict }) => ({ ...c, orders: [] }));
const options = { resamples: 2000, seed: 7 };

/** Monte-Carlo error of a bootstrap percentile: both sides' own spread at 4,000 and 2,000 resamples, with a margin. */
const withinMonteCarlo = (ours: number, theirs: number, sd: number) => assert.ok(Math.abs(ours - theirs) < 0.25 * sd + 1e-9, `${ours} vs ${theirs} (sd ${sd})`);

describe('pairwise statistics (against scipy/numpy)', () => {
  it('Bradley–Terry with ties as half wins: the MLE within 1e-6', () => {
    const results = emptyResults(bt.systems.length);
    const index = new Map<string, number>(bt.systems.map((s: string, i: number) => [s, i]));
    for (const o of outcomes) addGame(results, index.get(o.b)!, index.get(o.a)!, o.verdict === 'B' ? 1 : o.verdict === 'tie' ? 0.5 : 0);
    const fit = bradleyTerry(results);
    assert.ok(fit.converged);
    fit.strengths.forEach((s, i) => assert.ok(Math.abs(s - bt.strengths[i]) < 1e-6, `${bt.systems[i]}: ${s} vs ${bt.strengths[i]}`));
  });

  it("Davidson's tie model: the strengths and the tie parameter within 1e-6 of scipy's MLE", () => {
    const results = emptyTieResults(bt.systems.length);
    const index = new Map<string, number>(bt.systems.map((s: string, i: number) => [s, i]));
    for (const o of outcomes) addTieGame(results, index.get(o.b)!, index.get(o.a)!, o.verdict === 'B' ? 1 : o.verdict === 'tie' ? 0.5 : 0);
    const fit = davidson(results);
    assert.ok(fit.converged);
    fit.strengths.forEach((s, i) => assert.ok(Math.abs(s - bt.davidson.strengths[i]) < 1e-6, `${bt.systems[i]}: ${s} vs ${bt.davidson.strengths[i]}`));
    assert.ok(Math.abs(fit.tieParameter - bt.davidson.tieParameter) < 1e-6, `ν ${fit.tieParameter} vs ${bt.davidson.tieParameter}`);
  });

  it('the ranking with --ties davidson says so, gives ν, and orders the systems as the half-wins fit does here', () => {
    const half = rankSystems(outcomes, { resamples: 200, seed: 7 });
    const tied = rankSystems(outcomes, { resamples: 200, seed: 7, ties: 'davidson' });
    assert.equal(tied.ties, 'davidson');
    assert.ok(Math.abs(tied.tieParameter! - bt.davidson.tieParameter) < 1e-6);
    assert.deepEqual(
      tied.ranking.map((r) => r.system),
      half.ranking.map((r) => r.system),
    );
    for (const row of tied.ranking) assert.ok(row.interval[0] <= row.strength && row.strength <= row.interval[1], row.system);
  });

  it('the ranking: strengths, bootstrap intervals over documents within Monte-Carlo error, tau with people', () => {
    const human = new Map(Object.entries(bt.human as Record<string, Record<string, number>>).map(([doc, s]) => [doc, new Map(Object.entries(s))]));
    const ranking = rankSystems(outcomes, { ...options, human });
    assert.equal(ranking.ties, 'half wins');
    for (const row of ranking.ranking) {
      const i = bt.systems.indexOf(row.system);
      assert.ok(Math.abs(row.strength - bt.strengths[i]) < 1e-6);
      withinMonteCarlo(row.interval[0], bt.intervals[i][0], bt.bootstrapSd[i]);
      withinMonteCarlo(row.interval[1], bt.intervals[i][1], bt.bootstrapSd[i]);
      assert.equal(row.wins + row.losses + row.ties, 30 * 5);
    }
    assert.deepEqual(
      ranking.ranking.map((r) => r.system),
      ['s3', 's1', 's4', 's0', 's2', 's5'],
    );
    assert.ok(Math.abs(ranking.humanTau!.value - bt.humanTau) < 1e-12);
    // Tau over six systems takes few values: its percentiles agree to one step (2/15).
    assert.ok(Math.abs(ranking.humanTau!.interval[0] - bt.humanTauInterval[0]) <= 0.14, ranking.humanTau!.interval.join(' to '));
  });

  it('win rate of B over A (ties as half) with its bootstrap interval and the sign test', () => {
    const w = reference.winRate;
    const pairs: PairOutcome[] = w.verdicts.map((verdict: Verdict, i: number) => ({ doc: `d${i}`, a: 's0', b: 's3', verdict, orders: [] }));
    const rate = winRate(pairs, options);
    assert.ok(Math.abs(rate.value - w.value) < 1e-12);
    withinMonteCarlo(rate.interval[0], w.interval[0], w.bootstrapSd);
    withinMonteCarlo(rate.interval[1], w.interval[1], w.bootstrapSd);
    assert.ok(Math.abs(rate.signTestP - w.signTestP) < 1e-9);
  });

  it('exact binomial test as scipy.stats.binomtest', () => {
    for (const c of reference.binomial) assert.ok(Math.abs(binomialTest(c.k, c.n) - c.p) < 1e-9, `${c.k}/${c.n}: ${binomialTest(c.k, c.n)} vs ${c.p}`);
  });

  it('logistic fit of a share on one predictor within 1e-6 of the MLE', () => {
    const fit = logisticFit(reference.logistic.x, reference.logistic.y);
    assert.ok(fit.converged);
    assert.ok(Math.abs(fit.intercept - reference.logistic.intercept) < 1e-6);
    assert.ok(Math.abs(fit.slope - reference.logistic.slope) < 1e-6);
  });

  it("accuracy and Cohen's kappa on A/B/tie", () => {
    const k = reference.kappa;
    const agreement = categoryAgreement(k.judge, k.people);
    assert.ok(Math.abs(agreement.accuracy - k.accuracy) < 1e-12);
    assert.ok(Math.abs(agreement.kappa - k.kappa) < 1e-12);
    const people = k.people.map((preference: Verdict, i: number) => ({ doc: `d${i}`, a: 'y', b: 'x', preference }));
    const judged: PairOutcome[] = k.judge.map((verdict: Verdict, i: number) => ({
      doc: `d${i}`,
      a: 'x',
      b: 'y',
      verdict: verdict === 'A' ? 'B' : verdict === 'B' ? 'A' : 'tie',
      orders: [],
    }));
    const matched = agreementWithPeople(judged, [...people, { doc: 'nowhere', a: 'x', b: 'y', preference: 'A' }]);
    assert.ok(Math.abs(matched.kappa - k.kappa) < 1e-12, 'a pair stored the other way round is matched with its verdict swapped');
    assert.equal(matched.unmatched, 1);
  });

  it('position bias: flips, first-position wins, Wilson intervals and the binomial test', () => {
    const order = (first: 'A' | 'B', verdict: Verdict) => ({ first, verdict });
    const list: PairOutcome[] = [
      { doc: '1', a: 'x', b: 'y', verdict: 'tie', orders: [order('A', 'A'), order('B', 'B')] },
      { doc: '2', a: 'x', b: 'y', verdict: 'A', orders: [order('A', 'A'), order('B', 'A')] },
      { doc: '3', a: 'x', b: 'y', verdict: 'B', orders: [order('B', 'B')] },
    ];
    const bias = positionBias(list);
    assert.deepEqual([bias.flipRate.value, bias.flipRate.of], [0.5, 2]);
    assert.deepEqual([bias.firstPositionWinRate.value, bias.firstPositionWinRate.of], [0.8, 5]);
    assert.ok(Math.abs(bias.firstPositionWinRate.p - 0.375) < 1e-12);
  });

  it('length: the longer summary wins all, yet at equal length B and A are even', () => {
    const list: PairOutcome[] = [-3, -2, -1, 1, 2, 3].flatMap((d, i) => [
      { doc: `${i}`, a: 'x', b: 'y', verdict: d > 0 ? 'B' : 'A', orders: [], lengthA: 100, lengthB: 100 + 40 * d },
      { doc: `${i}b`, a: 'x', b: 'y', verdict: Math.abs(d) === 1 ? (d > 0 ? 'A' : 'B') : d > 0 ? 'B' : 'A', orders: [], lengthA: 100, lengthB: 100 + 40 * d },
    ]);
    const bias = lengthBias(list)!;
    assert.ok(bias.longerWinRate.value > 0.6);
    assert.ok(Math.abs(bias.lengthControlledWinRate.value - 0.5) < 1e-9);
    assert.ok(bias.lengthControlledWinRate.slopePerHundredWords > 0);
  });
});
