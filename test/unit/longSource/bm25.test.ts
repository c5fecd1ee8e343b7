import * as assert from 'node:assert/strict';
import { runNow } from '../../../src/core/cooperative';
import { Bm25Index, termsOf } from '../../../src/core/longSource';

describe('longSource BM25', () => {
  it('makes terms of lower-cased words, and of character bigrams in CJK runs', () => {
    assert.deepEqual(termsOf("The Mayor's 2 plans."), ['the', "mayor's", '2', 'plans']);
    assert.deepEqual(termsOf('東京は晴れ'), ['東京', '京は', 'は晴', '晴れ']);
    assert.deepEqual(termsOf('雨 A'), ['雨', 'a']);
  });

  it('ranks the passage that shares the rare terms first, and leaves out passages sharing none', () => {
    const index = runNow(
      Bm25Index.steps([
        'The council met on Monday.',
        'The council approved the new harbour budget of 3 million.',
        'Fishermen protested at the harbour.',
        'Nothing here matches.',
      ]),
    );
    const ranked = index.rank('harbour budget approved');
    assert.deepEqual(
      ranked.map((r) => r.index),
      [1, 2],
    );
    assert.ok(ranked[0].score > ranked[1].score);
  });

  it('favours a short passage over a long one with the same matches (length normalisation)', () => {
    const index = runNow(Bm25Index.steps(['storm damage', `storm damage ${'filler words here '.repeat(20)}`, 'other']));
    assert.deepEqual(
      index.rank('storm damage').map((r) => r.index),
      [0, 1],
    );
  });

  it('ranks windows of neighbouring passages as indexing their joined texts would', () => {
    const passages = [
      'The ship left port.',
      '"Who are you?"',
      '"A scientist from Earth."',
      '"I knew it."',
      'The storm came at night.',
      'Scientist and captain argued.',
      'Nothing here.',
    ];
    const radius = 1;
    const joined = passages.map((_, i) => passages.slice(Math.max(0, i - radius), i + radius + 1).join(' '));
    const query = 'she knew he was a scientist from Earth';
    const expected = runNow(Bm25Index.steps(joined)).rank(query);
    const windows = runNow(Bm25Index.steps(passages)).rankWindows(query, radius);
    assert.deepEqual(
      windows.map((r) => r.index),
      expected.map((r) => r.index),
    );
    windows.forEach((r, i) => assert.ok(Math.abs(r.score - expected[i].score) < 1e-12));
    // The dialogue's middle line, where the query's words meet, is the best window; no one of its lines is the best passage.
    assert.equal(windows[0].index, 2);
  });

  it('ranks CJK passages by shared bigrams', () => {
    const index = runNow(Bm25Index.steps(['今天东京下雨了。', '大阪的天气很好。', '东京的地铁停运了。']));
    assert.equal(index.rank('东京地铁停运')[0].index, 2);
  });
});
