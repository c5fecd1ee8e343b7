/**
 * The default adaptive-sampling rule, pinned on real recorded answers (gpt-3.5-turbo,
 * Topical-Chat, 20 per item): it keeps Spearman's ρ with people within 0.01 of all 20
 * answers on every aspect while drawing fewer, where the plain standard error at the same
 * bound loses more. `npm run bench` prints the whole curve. Skipped without the datasets.
 */
import { strict as assert } from 'assert';
import { stopRule } from '../../../src/core/geval/adaptiveSampling';
import { allAnswersRho, readRecordedAspect, replayStopRule, type RecordedAspect } from '../../../src/core/meta/adaptiveReplay';
import { DEFAULT_SEED } from '../../../src/core/stats/random';
import { ORDERS, RECORDED_ASPECTS, RHO_TOLERANCE, recordedPath } from '../../../scripts/bench/sampling';

describe('adaptive sampling on recorded gpt-3.5 answers (Topical-Chat)', function () {
  const aspects: { name: string; data: RecordedAspect; full: number }[] = [];

  before(function () {
    for (const { file, aspect, scale } of RECORDED_ASPECTS) {
      const path = recordedPath(file);
      if (!path) this.skip();
      const data = readRecordedAspect(path, aspect, scale, 'robust');
      aspects.push({ name: aspect, data, full: allAnswersRho(data) });
    }
  });

  it(`the default rule keeps ρ within ${RHO_TOLERANCE} of all 20 answers on every aspect, and draws fewer`, () => {
    const drawn: number[] = [];
    for (const { name, data, full } of aspects) {
      const outcome = replayStopRule(data, stopRule({}), ORDERS, DEFAULT_SEED);
      assert.ok(outcome.rho - full >= -RHO_TOLERANCE, `${name}: ρ ${outcome.rho.toFixed(4)} against ${full.toFixed(4)} with all 20`);
      drawn.push(outcome.meanDrawn);
    }
    const mean = drawn.reduce((a, b) => a + b, 0) / drawn.length;
    assert.ok(mean < 18, `mean answers drawn ${mean.toFixed(2)} (of 20)`);
  });

  it('the plain standard error at the same bound is cheaper but loses more than that on some aspect', () => {
    const losses = aspects.map(({ data, full }) => replayStopRule(data, stopRule({ priorWeight: 0 }), ORDERS, DEFAULT_SEED).rho - full);
    assert.ok(Math.min(...losses) < -RHO_TOLERANCE, losses.map((l) => l.toFixed(4)).join(', '));
  });
});
