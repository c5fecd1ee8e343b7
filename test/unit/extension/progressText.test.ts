/** A dataset run's progress line: a run with nothing left says it finished, never "0 of 0". */
import * as assert from 'assert';
import { progressText } from '../../../src/extension/datasets/progressText';

describe('dataset run progress line', () => {
  const usage = { calls: 12, promptTokens: 3000, completionTokens: 400 };

  it('counts while running, says finished at the end', () => {
    assert.strictEqual(progressText({ done: 2, todo: 5, failed: 0, usage }, 5), '2 of 5 summaries · 12 calls, 3,400 tokens so far');
    assert.strictEqual(progressText({ done: 5, todo: 5, failed: 1, usage }, 5), 'finished: 5 of 5 summaries · 1 failed · 12 calls, 3,400 tokens');
  });

  it('a run whose rows were all evaluated before reads "finished", not "0 of 0 summaries"', () => {
    const line = progressText({ done: 0, todo: 0, failed: 0, usage: { calls: 0, promptTokens: 0, completionTokens: 0 } }, 10_000);
    assert.strictEqual(line, 'finished: 10,000 summaries, all evaluated before');
  });
});
