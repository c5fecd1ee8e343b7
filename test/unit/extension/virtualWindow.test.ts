/** The dataset table's virtual list: which rows it draws for a scroll offset, and the order it draws them in. */
import * as assert from 'assert';
import { itemOrder } from '../../../src/extension/webview/itemOrder';
import { scrollToShow, visibleRows } from '../../../src/extension/webview/virtualWindow';

describe('virtual list windowing', () => {
  const at = (scrollTop: number, count = 10_000) => visibleRows({ scrollTop, viewport: 540, rowHeight: 27, count, overscan: 8 });

  it('draws the rows in view and the overscan below at the top', () => {
    // 540 / 27 = 20 rows in view, one more for a partly shown row, 8 below.
    assert.deepStrictEqual(at(0), { start: 0, end: 29, before: 0, after: (10_000 - 29) * 27 });
  });

  it('draws the overscan on both sides in the middle, with spacers for the rest', () => {
    const w = at(5000 * 27 + 10);
    assert.deepStrictEqual([w.start, w.end], [4992, 5029]);
    assert.strictEqual(w.before + (w.end - w.start) * 27 + w.after, 10_000 * 27, 'the spacers and rows keep the list its full height');
  });

  it('stops at the end, and never draws more rows than there are', () => {
    const w = at(10_000 * 27);
    assert.deepStrictEqual([w.start, w.end, w.after], [9991, 10_000, 0]);
    assert.deepStrictEqual(at(0, 5), { start: 0, end: 5, before: 0, after: 0 });
    assert.deepStrictEqual(at(0, 0), { start: 0, end: 0, before: 0, after: 0 });
    assert.deepStrictEqual(at(-50, 3).start, 0);
  });

  it('scrolls as little as it can to show a row', () => {
    assert.strictEqual(scrollToShow(3, 0, 540, 27), 0, 'already in view');
    assert.strictEqual(scrollToShow(20, 0, 540, 27), 21 * 27 - 540, 'just below: its bottom at the bottom');
    assert.strictEqual(scrollToShow(2, 270, 540, 27), 54, 'above: its top at the top');
  });
});

describe('item order', () => {
  const items = [
    { id: 'b', findings: 0, scores: { coherence: 3, fluency: 2 } },
    { id: 'a', findings: 2, scores: { coherence: 1 } },
    { id: 'c', findings: 1, scores: { coherence: 3, fluency: 1 } },
    { id: 'd', findings: 0, scores: {} },
  ];

  it('sorts on a column with ties broken by the next, unscored last either way', () => {
    assert.deepStrictEqual(itemOrder(items, 'coherence', false, ['coherence', 'fluency']), [1, 2, 0, 3]);
    assert.deepStrictEqual(itemOrder(items, 'coherence', true, ['fluency']), [2, 0, 1, 3]);
    assert.deepStrictEqual(itemOrder(items, 'id', true, []), [3, 2, 0, 1]);
    assert.deepStrictEqual(itemOrder(items, 'findings', true, []), [1, 2, 0, 3]);
  });

  it('orders ten thousand items in well under a frame', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `item${i}`, findings: i % 7, scores: { coherence: (i * 7919) % 5, fluency: (i * 31) % 3 } }));
    const started = performance.now();
    const order = itemOrder(many, 'coherence', false, ['coherence', 'fluency']);
    const ms = performance.now() - started;
    assert.strictEqual(new Set(order).size, 10_000);
    for (let i = 1; i < order.length; i++) assert.ok(many[order[i - 1]].scores.coherence <= many[order[i]].scores.coherence);
    assert.ok(ms < 100, `${ms.toFixed(1)} ms`);
  });
});
