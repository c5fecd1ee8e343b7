/** The offline lexical-support baseline against hand-computed unigram F1 values. */
import * as assert from 'node:assert/strict';
import { bestSourceF1, lexicalSupport } from '../../../src/core/meta/lexicalSupport';

describe('meta: lexical-support baseline', () => {
  it("each summary sentence gets its best source sentence's unigram F1, 2·overlap ÷ (|a| + |b|)", () => {
    const source = 'The cat sat on the mat. Dogs bark loudly at night!';
    // "the cat sat" ⊂ "the cat sat on the mat": 2·3/(3+6); "dogs bark" vs "dogs bark loudly at night": 2·2/(2+5); "birds fly": 0.
    const best = bestSourceF1(source, 'The cat sat. Dogs bark? Birds fly.');
    assert.deepEqual(
      best.map((f) => f.toFixed(6)),
      [6 / 9, 4 / 7, 0].map((f) => f.toFixed(6)),
    );
    assert.equal(lexicalSupport(source, 'The cat sat. Dogs bark? Birds fly.'), 2 / 3);
    assert.equal(lexicalSupport(source, 'The cat sat. Dogs bark? Birds fly.', 0.6), 1 / 3);
  });

  it('overlap counts repeated words at most as often as both have them', () => {
    // "the the the dog" vs "the dog ran": overlap the×1 + dog = 2, F1 = 4/7.
    assert.equal(bestSourceF1('the dog ran', 'the the the dog')[0].toFixed(6), (4 / 7).toFixed(6));
  });

  it('lower-cased tokenised text splits at " . " and line breaks; 。！？ end CJK sentences', () => {
    assert.equal(bestSourceF1('rates rose . we found no effect\nmethods : a trial', 'rates rose . we found no effect').length, 2);
    assert.deepEqual(
      bestSourceF1('rates rose . we found no effect\nmethods : a trial', 'we found no effect').map((f) => f.toFixed(6)),
      ['1.000000'],
    );
    assert.equal(bestSourceF1('猫が座った。犬が吠えた！', '猫。犬？').length, 2);
  });

  it('a summary without a word has no score (null, counted as missing), never 0', () => {
    assert.equal(lexicalSupport('The cat sat.', ' … ! '), null);
  });
});
