import { strict as assert } from 'assert';
import { estimateFromSamples } from '../../../src/core/geval/samplingEstimate';
import type { ScoreScale } from '../../../src/core/prompts/scoreScale';

const ONE_TO_FIVE: ScoreScale = { min: 1, max: 5 };
const YES_NO: ScoreScale = { min: 0, max: 1, labels: { yes: 1, no: 0 } };

function close(actual: number | null, expected: number): void {
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${actual} ≈ ${expected}`);
}

describe('estimateFromSamples', () => {
  it('takes the distribution and mean over parsed answers', () => {
    const estimate = estimateFromSamples(['4', '4', ' 3', 'Coherence: 5'], ONE_TO_FIVE, 'robust');
    assert.deepEqual(estimate.distribution, { '3': 0.25, '4': 0.5, '5': 0.25 });
    close(estimate.score, 4);
    assert.equal(estimate.samples, 4);
    assert.equal(estimate.unparsed, 0);
  });

  it('robust rule leaves unreadable answers out and counts them', () => {
    const estimate = estimateFromSamples(['4', 'I cannot judge this.', '2', '9'], ONE_TO_FIVE, 'robust');
    assert.deepEqual(estimate.distribution, { '2': 0.5, '4': 0.5 });
    close(estimate.score, 3);
    assert.equal(estimate.samples, 4);
    assert.equal(estimate.unparsed, 2);
  });

  it("geval rule scores unreadable answers 0 and keeps them in the mean, as the paper's script", () => {
    const estimate = estimateFromSamples(['4', 'Coherence: 4', '2', 'n/a'], ONE_TO_FIVE, 'geval');
    assert.deepEqual(estimate.distribution, { '0': 0.5, '2': 0.25, '4': 0.25 });
    close(estimate.score, 1.5);
    assert.equal(estimate.unparsed, 2);
  });

  it('geval rule keeps out-of-scale leading numbers as the script did', () => {
    const estimate = estimateFromSamples(['7', '3'], ONE_TO_FIVE, 'geval');
    assert.deepEqual(estimate.distribution, { '3': 0.5, '7': 0.5 });
    close(estimate.score, 5);
    assert.equal(estimate.unparsed, 0);
  });

  it('null score and empty distribution when nothing could be read', () => {
    const estimate = estimateFromSamples(['hmm', ''], ONE_TO_FIVE, 'robust');
    assert.equal(estimate.score, null);
    assert.deepEqual(estimate.distribution, {});
    assert.equal(estimate.unparsed, 2);
  });

  it('no answers: null score, zero samples', () => {
    const estimate = estimateFromSamples([], ONE_TO_FIVE, 'robust');
    assert.equal(estimate.score, null);
    assert.equal(estimate.samples, 0);
  });

  it('keeps non-integer answers within the scale as their own values', () => {
    const estimate = estimateFromSamples(['3.5', '4'], ONE_TO_FIVE, 'robust');
    assert.deepEqual(estimate.distribution, { '3.5': 0.5, '4': 0.5 });
    close(estimate.score, 3.75);
  });

  it('yes/no answers give P(yes) as the score', () => {
    const estimate = estimateFromSamples(['Yes', 'yes', 'No', 'Yes.'], YES_NO, 'robust');
    assert.deepEqual(estimate.distribution, { '0': 0.25, '1': 0.75 });
    close(estimate.score, 0.75);
  });
});
