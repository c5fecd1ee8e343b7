import * as assert from 'node:assert/strict';
import { GAP_MARK, shortenSource, splitSourceSentences } from '../../../src/core/longSource';
import { estimateTokens } from '../../../src/core/fine/tokens';

/** A long source: numbered filler sentences with a few that carry the summary's facts. */
function longSource(fillers: number, facts: Record<number, string>): string {
  return Array.from({ length: fillers }, (_, i) => facts[i] ?? `Paragraph ${i} talks about the routine matter number ${i} at some length.`).join(' ');
}

describe('longSource shortenSource', () => {
  const facts = {
    400: 'The harbour bridge closed after the storm cracked its eastern pillar.',
    900: 'Engineers from Rotterdam will inspect the pillar next week.',
  };
  const source = longSource(1500, facts);
  const summary = 'The storm cracked a pillar of the harbour bridge. Engineers from Rotterdam will inspect it.';

  it('shows the opening and stretches around each summary sentence’s best matches, in document order, within the budget', async () => {
    const { text, shown } = await shortenSource({ source: source, summary: summary }, 600, estimateTokens, 'context');
    assert.ok(shown.shownTokens <= 600 && estimateTokens(text) === shown.shownTokens);
    assert.ok(text.startsWith('Paragraph 0 talks'), 'the opening comes first');
    assert.ok(text.includes(facts[400]) && text.includes(facts[900]));
    assert.ok(
      text.includes(`Paragraph 399 talks about the routine matter number 399 at some length. ${facts[400]} Paragraph 401`),
      'neighbours around the match, with the source’s own spacing',
    );
    assert.ok(text.indexOf(facts[400]) < text.indexOf(facts[900]), 'document order');
    assert.ok(text.includes(`\n${GAP_MARK}\n`) && text.endsWith(GAP_MARK));
    assert.equal(shown.reason, 'context');
    assert.equal(shown.budgetTokens, 600);
    assert.equal(shown.sourceTokens, estimateTokens(source));
    assert.match(
      shown.rule,
      /^BM25: for each of the summary's 2 sentences, its 4 best-matching source sentences and the middles of its 2 best-matching stretches of 9 sentences, grown to ±\d+ neighbours.*, the opening, in document order$/,
    );
  });

  it('gives ranges that slice the shown text out of the whole source, and the share of characters they cover', async () => {
    const { text, shown } = await shortenSource({ source: source, summary: summary }, 600, estimateTokens);
    const excerpts = shown.ranges.map(({ start, end }) => source.slice(start, end));
    assert.equal(text.replace(/^\[…\]\n|\n\[…\]$/g, ''), excerpts.join(`\n${GAP_MARK}\n`));
    for (let i = 1; i < shown.ranges.length; i++) assert.ok(shown.ranges[i].start > shown.ranges[i - 1].end);
    const chars = shown.ranges.reduce((sum, r) => sum + r.end - r.start, 0);
    assert.equal(shown.share, chars / source.length);
    assert.ok(shown.share > 0.005 && shown.share < 0.05);
  });

  it('fills the budget round by round: a larger budget grows wider stretches, and the budget is nearly all used', async () => {
    const small = await shortenSource({ source: source, summary: summary }, 600, estimateTokens);
    const large = await shortenSource({ source: source, summary: summary }, 3000, estimateTokens);
    assert.ok(large.shown.shownTokens > small.shown.shownTokens && large.shown.shownTokens <= 3000);
    const radius = (rule: string): number => Number(/grown to ±(\d+) neighbours/.exec(rule)![1]);
    assert.ok(radius(large.shown.rule) > radius(small.shown.rule));
    assert.ok(small.shown.shownTokens > 0.9 * 600 && large.shown.shownTokens > 0.9 * 3000, 'counted again and grown into the room left');
  });

  it('returns the whole source when it fits the budget', async () => {
    const short = 'One sentence. Another one.';
    const { text, shown } = await shortenSource({ source: short, summary: 'One.' }, 100, estimateTokens);
    assert.equal(text, short);
    assert.deepEqual(shown.ranges, [{ start: 0, end: short.length }]);
    assert.equal(shown.share, 1);
  });

  it('shows nothing (empty ranges) when not even one sentence fits', async () => {
    const { text, shown } = await shortenSource({ source: source, summary: summary }, 3, estimateTokens);
    assert.equal(text, '');
    assert.deepEqual(shown.ranges, []);
  });

  it('drops the last units when the whole text counts more than its parts', async () => {
    // A counter that charges for the length of the whole text beyond the parts' sum.
    const superAdditive = (t: string): number => estimateTokens(t) + Math.floor(t.length / 200);
    const { text, shown } = await shortenSource({ source: source, summary: summary }, 600, superAdditive);
    assert.ok(superAdditive(text) <= 600 && shown.shownTokens <= 600);
    assert.ok(text.includes(facts[400]), 'the first round survives');
  });

  it('shortens a Chinese source by its sentences and bigrams, counting a character as a token', async () => {
    const filler = (i: number): string => `第${i}段讲的是一件普通的事情，没有什么特别的内容。`;
    const zh = Array.from({ length: 400 }, (_, i) => (i === 250 ? '港口大桥在暴风雨后关闭了。' : filler(i))).join('');
    const { text, shown } = await shortenSource({ source: zh, summary: '暴风雨过后港口大桥关闭。' }, 300, estimateTokens);
    assert.ok(text.includes('港口大桥在暴风雨后关闭了。'));
    assert.ok(shown.shownTokens <= 300 && shown.sourceTokens > 5000);
    assert.ok(shown.ranges.every(({ start, end }) => /。$/.test(zh.slice(start, end))));
  });

  it('shortens a source that is all one line without punctuation, by windows', async () => {
    const words = Array.from({ length: 20000 }, (_, i) => (i === 15000 ? 'zebra crossing repainted' : `w${i % 97}`));
    const line = words.join(' ');
    const { text, shown } = await shortenSource({ source: line, summary: 'The zebra crossing was repainted.' }, 400, estimateTokens);
    assert.ok(text.includes('zebra crossing repainted'));
    assert.ok(shown.shownTokens <= 400);
    assert.ok(splitSourceSentences(line).length > 100);
  });
});
