/** Japanese text counted right: the estimate (no tokenizer) within 15% of o200k_base's count, on JaFaithSum's texts and in a dry run. */
import * as assert from 'node:assert/strict';
import { evaluate } from '../../../src/core/evaluate';
import { countInSlices, estimateTokens, TokenCounter } from '../../../src/core/llm/tokenCount';
import { estimateRun } from '../../../src/core/run/dryRun';
import { JA_FAITHSUM, readJaRows } from '../../fixtures/ja/jaFaithSumRows';
import { requireDataset } from '../../unit/meta/sharedData';

describe('Japanese token counts', function () {
  this.timeout(60_000);
  let exact: TokenCounter;
  before(async () => {
    exact = new TokenCounter('gpt-4o');
    assert.equal(await exact.ready(), 'exact');
  });

  it('the estimate is within 15% of the tokenizer on 99% of the JaFaithSum sources and summaries, and within 3% in total', function () {
    const texts = readJaRows(requireDataset(this, JA_FAITHSUM)).flatMap((row) => [row.source_text, row.summary_text]);
    const errors = texts.map((text) => Math.abs(estimateTokens(text) / exact.count(text) - 1));
    const within = errors.filter((e) => e < 0.15).length / errors.length;
    assert.ok(within >= 0.99, `${(100 * within).toFixed(1)}% within 15%`);
    const [estimated, counted] = [texts, texts].map((all, k) => all.reduce((sum, t) => sum + (k === 0 ? estimateTokens(t) : exact.count(t)), 0));
    assert.ok(Math.abs(estimated / counted - 1) < 0.03, `estimated ${estimated}, counted ${counted}`);
  });

  it("a dataset dry run's prompt tokens for Japanese items (the estimate) are within 15% of the tokenizer's count of the same prompts", async function () {
    const rows = readJaRows(requireDataset(this, JA_FAITHSUM)).slice(0, 60);
    const items = rows.map((r, i) => ({
      key: String(i),
      input: { task: 'summarization' as const, source: r.source_text, summary: r.summary_text },
      fields: { index: i },
    }));
    const dryRun = (judge?: { countTokens(text: string): number }) =>
      estimateRun({ items: () => items, method: 'geval', out: '', evaluate, endpoint: 'http://127.0.0.1:1/v1', model: 'gpt-4o', ...(judge ? { judge } : {}) });
    const [estimated, counted] = [(await dryRun()).usage.promptTokens, (await dryRun({ countTokens: (t) => exact.count(t) })).usage.promptTokens];
    assert.ok(Math.abs(estimated / counted - 1) < 0.15, `estimated ${estimated}, counted ${counted}`);
  });

  it('counts a 1,000,000-character Japanese source in pieces of a few thousand characters, the event loop turning between them, to the whole count', async function () {
    const articles = [...new Set(readJaRows(requireDataset(this, JA_FAITHSUM)).map((r) => r.source_text))];
    let book = '';
    for (let i = 0; book.length < 1_000_000; i++) book += `${articles[i % articles.length]}\n`;
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const lengths: number[] = [];
    const total = await countInSlices(book, (piece) => (lengths.push(piece.length), exact.count(piece)));
    clearInterval(ticking);
    assert.equal(total, exact.count(book));
    assert.ok(Math.max(...lengths) < 3000, `longest piece ${Math.max(...lengths)} characters`);
    assert.ok(turns > 0, 'timers ran while it counted');
  });
});
