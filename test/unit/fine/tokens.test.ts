import * as assert from 'node:assert/strict';
import { estimateTokens, splitForContext } from '../../../src/core/fine/tokens';

describe('fine/tokens', () => {
  it('estimates about 4 characters per token, wide characters 1 each', () => {
    assert.equal(estimateTokens('abcdefgh'), 2);
    assert.equal(estimateTokens('诊断结果'), 4);
    assert.equal(estimateTokens(''), 0);
  });

  const limits = { maxPromptTokens: 1000, maxEntitiesPerCall: 100 };
  const sizes = (groups: number[][]) => groups.map((g) => g.length);

  it('keeps everything in one call when it fits', () => {
    assert.deepEqual(sizes(splitForContext(Array(80).fill(10), 100, limits)), [80]);
  });
  it('splits evenly when the entity cap is exceeded', () => {
    assert.deepEqual(sizes(splitForContext(Array(150).fill(1), 0, limits)), [75, 75]);
  });
  it('splits when the prompt would not fit the context', () => {
    const groups = splitForContext(Array(30).fill(50), 200, limits);
    assert.deepEqual(sizes(groups), [15, 15]);
    assert.deepEqual(
      groups.flat(),
      Array.from({ length: 30 }, (_, i) => i),
    );
  });
  it('grows the number of groups until uneven lines fit', () => {
    const groups = splitForContext([700, 10, 10, 700], 100, limits);
    for (const g of groups) assert.ok(g.reduce((s, i) => s + [700, 10, 10, 700][i], 0) <= 900);
  });
  it('does not multiply calls when the fixed part alone is too big (splitting cannot help)', () => {
    assert.deepEqual(sizes(splitForContext([5, 5, 5], 2000, limits)), [3]);
    assert.deepEqual(sizes(splitForContext(Array(150).fill(5), 2000, limits)), [75, 75]);
  });
  it('one entity per call at worst when single entities are huge', () => {
    assert.deepEqual(sizes(splitForContext([600, 600, 600], 100, limits)), [1, 1, 1]);
  });
  it('no entities, no calls', () => {
    assert.deepEqual(splitForContext([], 0, limits), []);
  });
});
