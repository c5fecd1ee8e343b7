import { strict as assert } from 'assert';
import { DEFAULT_MAX_STANDARD_ERROR, nextBatch, relativeStandardError, stopRule } from '../../../src/core/geval/adaptiveSampling';
import type { ScoreScale } from '../../../src/core/prompts/scoreScale';

const ONE_TO_THREE: ScoreScale = { min: 1, max: 3 };
const ONE_TO_FIVE: ScoreScale = { min: 1, max: 5 };

describe('adaptive sampling stop rule', () => {
  it('draws a first batch of 5, then stops once the standard error is below the bound', () => {
    const rule = stopRule({});
    assert.equal(nextBatch(rule, [], 0, ONE_TO_THREE), 5);
    const agreeing = Array(15).fill(2);
    assert.ok(relativeStandardError(agreeing, ONE_TO_THREE, rule.priorWeight) < DEFAULT_MAX_STANDARD_ERROR);
    assert.equal(nextBatch(rule, agreeing, 15, ONE_TO_THREE), 0);
  });

  it('five identical answers do not look certain: the prior keeps drawing', () => {
    const rule = stopRule({});
    assert.equal(nextBatch(rule, [3, 3, 3, 3, 3], 5, ONE_TO_THREE), 5);
    assert.equal(nextBatch(stopRule({ priorWeight: 0 }), [3, 3, 3, 3, 3], 5, ONE_TO_THREE), 0, 'the plain rule stops');
  });

  it('split answers keep drawing up to the maximum, and the last batch only fills it', () => {
    const rule = stopRule({ maxSamples: 12 });
    assert.equal(nextBatch(rule, [1, 3, 1, 3, 1, 3, 1, 3, 1, 3], 10, ONE_TO_THREE), 2);
    assert.equal(nextBatch(rule, [1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3], 12, ONE_TO_THREE), 0);
  });

  it('the bound is a share of the range: the same answers on 1-5 stop where they stop on 1-3', () => {
    const onThree = [2, 2, 2, 2, 2, 2, 2, 2, 2, 3];
    const onFive = onThree.map((v) => 2 * v - 1);
    const rule = stopRule({});
    assert.ok(Math.abs(relativeStandardError(onThree, ONE_TO_THREE, 0.25) - relativeStandardError(onFive, ONE_TO_FIVE, 0.25)) < 1e-12);
    assert.equal(nextBatch(rule, onThree, 10, ONE_TO_THREE), nextBatch(rule, onFive, 10, ONE_TO_FIVE));
  });

  it('bound 0 draws the maximum in one request', () => {
    const rule = stopRule({ maxStandardError: 0, maxSamples: 20 });
    assert.equal(nextBatch(rule, [], 0, ONE_TO_THREE), 20);
    assert.equal(nextBatch(rule, Array(20).fill(2), 20, ONE_TO_THREE), 0);
  });

  it('unreadable answers count as drawn, not as read', () => {
    const rule = stopRule({ maxSamples: 10 });
    assert.equal(nextBatch(rule, [], 5, ONE_TO_THREE), 5, 'five unreadable answers: draw on');
    assert.equal(nextBatch(rule, [], 10, ONE_TO_THREE), 0, 'at the maximum: stop');
  });
});
