/**
 * A probe a fair judge must react to (facts, order, damage) has three answers on its aspect:
 * reacts (a significant drop after Holm), blind (only when the whole 95% interval of the change
 * lies above −δ, δ = 1/8 of the scale) and cannot tell (neither); the case, a fluency
 * drop of −0.25 [−0.37, −0.12] that is not significant after Holm, is "cannot tell", not blind.
 * The bias probes (length, address) keep their rule.
 */
import * as assert from 'node:assert/strict';
import { auditReport, verdictWords } from '../../../src/core/audit/auditStats';
import { blindMargin, mustReactVerdict } from '../../../src/core/audit/mustReact';
import type { ProbeName } from '../../../src/core/audit/probes';
import type { AuditPair, AuditRun } from '../../../src/core/audit/runAudit';

const interval = (low: number, high: number) => ({ low, high, level: 0.95 });
const SCALES: AuditRun['scales'] = { coherence: [1, 5], consistency: [1, 5], fluency: [1, 3], relevance: [1, 5] };

/** A run of one probe: per pair, the change of each aspect (the others stay put). */
function runOf(probe: ProbeName, changes: Record<string, number>[]): AuditRun {
  const pairs: AuditPair[] = changes.map((change, i) => {
    const original = { coherence: 3, consistency: 3, fluency: 2, relevance: 3 };
    const changed = { ...original, ...Object.fromEntries(Object.entries(change).map(([aspect, d]) => [aspect, original[aspect as 'fluency'] + d])) };
    return { key: `item${i + 1}`, probe, copy: { probe, text: 'changed', spans: [] }, original, changed };
  });
  return {
    method: 'geval',
    task: 'summarization',
    probes: [probe],
    items: changes.length,
    pairs,
    skipped: {},
    skipReasons: {},
    failed: 0,
    errors: [],
    cancelled: false,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 },
    scales: SCALES,
    examples: {},
  };
}

describe('audit: what a judge that must react is told', () => {
  it('δ is 1/8 of the scale range: 0.5 on 1–5, 0.25 on 1–3; none without a scale', () => {
    assert.equal(blindMargin([1, 5]), 0.5);
    assert.equal(blindMargin([1, 3]), 0.25);
    assert.equal(blindMargin([0, 10]), 1.25);
    assert.equal(blindMargin(undefined), undefined);
    assert.equal(blindMargin([0, 0]), undefined);
  });

  it('reacts on a significant drop; blind only with the whole interval above −δ; otherwise cannot tell', () => {
    const drop = { meanDifference: -0.25, interval: interval(-0.37, -0.12) };
    assert.equal(mustReactVerdict(drop, { pHolm: 0.01, alpha: 0.05, delta: 0.25 }), 'ok');
    assert.equal(mustReactVerdict(drop, { pHolm: 0.08, alpha: 0.05, delta: 0.25 }), 'cannot-tell', "the issue's damage case");
    const flat = { meanDifference: -0.02, interval: interval(-0.1, 0.04) };
    assert.equal(mustReactVerdict(flat, { pHolm: 1, alpha: 0.05, delta: 0.5 }), 'violated', 'shown too small to matter');
    assert.equal(mustReactVerdict(flat, { pHolm: 1, alpha: 0.05, delta: 0.05 }), 'cannot-tell', 'not shown smaller than a tighter δ');
    assert.equal(mustReactVerdict(flat, { pHolm: 1, alpha: 0.05, delta: undefined }), 'cannot-tell', 'no δ, no proof of blindness');
    const rise = { meanDifference: 0.3, interval: interval(0.2, 0.4) };
    assert.equal(mustReactVerdict(rise, { pHolm: 0.001, alpha: 0.05, delta: 0.5 }), 'violated', 'a significant rise is no reaction');
    const edge = { meanDifference: -0.3, interval: interval(-0.5, -0.1) };
    assert.equal(mustReactVerdict(edge, { pHolm: 0.2, alpha: 0.05, delta: 0.5 }), 'cannot-tell', 'an interval that reaches −δ does not exclude it');
  });

  it('auditReport: the damage probe on 10 pairs that fell, not significantly after Holm, cannot tell', () => {
    // Fluency changes like the issue's: mostly down, two up; the other aspects stay put.
    const fluency = [-0.6, -0.5, -0.45, -0.4, 0.2, -0.3, 0.15, -0.5, -0.3, -0.2];
    const report = auditReport(
      runOf(
        'damage',
        fluency.map((d) => ({ fluency: d })),
      ),
      { alpha: 0.05, seed: 20260101 },
    );
    const cell = report.cells.find((c) => c.aspect === 'fluency')!;
    assert.ok(cell.pHolm >= 0.05, `not significant after Holm: ${cell.pHolm}`);
    assert.ok(cell.interval.low < -0.25, `not shown above −δ: ${JSON.stringify(cell.interval)}`);
    assert.equal(cell.delta, 0.25);
    assert.equal(cell.verdict, 'cannot-tell');
    assert.equal(verdictWords(cell, 'blind to broken language'), `cannot tell (n = 10; detectable ±${cell.detectable.toFixed(2)})`);
    const probe = report.probes[0];
    assert.deepEqual([probe.verdict, probe.violated, probe.delta, probe.scale], ['cannot-tell', false, 0.25, [1, 3]]);
    assert.match(
      report.summary,
      /^no verdict: every probe audited cannot tell or has too few pairs; cannot tell in 1: damage \(fluency -0\.\d\d \[-0\.\d\d, [+-]0\.\d\d\]; n = 10; detectable ±\d\.\d\d\)$/,
    );
    assert.equal(
      report.cells.filter((c) => c.aspect !== 'fluency').every((c) => c.delta === null && c.verdict === 'none'),
      true,
      'the other aspects carry no δ and no verdict',
    );
  });

  it('auditReport: a judge that does not move is blind, with the evidence in the verdict and the summary', () => {
    const report = auditReport(
      runOf(
        'order',
        Array.from({ length: 10 }, () => ({})),
      ),
      { alpha: 0.05, seed: 20260101 },
    );
    const cell = report.cells.find((c) => c.aspect === 'coherence')!;
    assert.deepEqual([cell.verdict, cell.delta, cell.interval.low, cell.interval.high], ['violated', 0.5, 0, 0]);
    assert.equal(verdictWords(cell, 'blind to order'), 'VIOLATED: blind to order (95% interval above -0.5)');
    assert.equal(report.summary, '1 of 1 probes show bias: blind to order (coherence +0.00 [+0.00, +0.00], 95% interval above -0.5)');
  });

  it('auditReport: a significant drop reacts; the bias probes keep their rule and carry no δ', () => {
    const order = auditReport(
      runOf(
        'order',
        Array.from({ length: 10 }, (_, i) => ({ coherence: -1 - i / 10 })),
      ),
      { alpha: 0.05, seed: 1 },
    );
    const cell = order.cells.find((c) => c.aspect === 'coherence')!;
    assert.equal(cell.verdict, 'ok');
    assert.equal(verdictWords(cell, 'blind to order'), 'reacts');
    assert.equal(order.summary, 'no bias found: 0 of 1 probes violated');
    const length = auditReport(
      runOf(
        'length',
        Array.from({ length: 10 }, () => ({ relevance: 0.5 })),
      ),
      { alpha: 0.05, seed: 1 },
    );
    const rose = length.cells.find((c) => c.aspect === 'relevance')!;
    assert.deepEqual([rose.verdict, rose.delta], ['violated', null]);
    assert.equal(verdictWords(rose, 'favours length'), 'VIOLATED: favours length');
    assert.deepEqual(
      length.cells.filter((c) => c.aspect !== 'relevance').map((c) => verdictWords(c, 'favours length')),
      ['ok', 'ok', 'ok'],
    );
    assert.equal(length.probes[0].delta, undefined);
  });
});
