/**
 * SumLens's byte-pair count (llm/bytePairCount.ts) gives gpt-tokenizer's o200k_base counts
 * exactly: on texts in many scripts, on JaFaithSum's every text, and on a long Japanese text
 * counted in slices against its encoding in one piece.
 */
import * as assert from 'node:assert/strict';
import * as gptTokenizer from 'gpt-tokenizer';
import { BytePairCounter } from '../../../src/core/llm/bytePairCount';
import { countInSlices, TokenCounter } from '../../../src/core/llm/tokenCount';
import { JA_FAITHSUM, readJaRows } from '../../fixtures/ja/jaFaithSumRows';
import { requireDataset } from '../meta/sharedData';

/** The library's count with special tokens' markers read as text, as SumLens counts them. */
const libraryCount = (text: string) => gptTokenizer.countTokens(text, { disallowedSpecial: new Set() });

const TEXTS = [
  '',
  'The quick brown fox jumps over the lazy dog. It\'s 2025; we\'ve   seen   3.14159 and 1,000,000 — "quotes"\n\n\tindented',
  'ドナルド・トランプ米大統領は、ウォール街の投資会社創業者、アンソニー・スカラムーチ氏（52）をホワイトハウスの広報部長に任命した。',
  '２０２５年、ｽｶﾗﾑｰﾁ氏は「ザ・ムーチ」と呼ばれた！？　全角スペースも。',
  '我们在北京召开了会议，讨论了人工智能的发展。这是第二句。',
  '𠮷野家で𩸽を食べた 🇯🇵👍🏽 emoji and surrogate pairs 😀',
  'lone surrogates \ud800 and \udc00 here',
  'あ'.repeat(3000),
  '日本語'.repeat(500) + 'English words in between ' + '漢字'.repeat(700),
  'a special marker <|endoftext|> and <|im_start|> read as text',
  ' \n \n\n    \r\n trailing spaces   ',
  'Ünïcödé façade naïve coöperate Straße ΑΒΓ αβγ Привет мир مرحبا שלום नमस्ते 안녕하세요',
];

describe('llm: byte-pair count against gpt-tokenizer', function () {
  this.timeout(60_000);
  let counter: BytePairCounter;
  before(() => {
    counter = BytePairCounter.over(gptTokenizer.default)!;
    assert.ok(counter, "gpt-tokenizer's ranks are where SumLens reads them: else counting Japanese falls back to the slower library count");
  });

  it('counts texts in many scripts exactly as the library does', () => {
    for (const text of TEXTS) assert.equal(counter.count(text), libraryCount(text), JSON.stringify(text.slice(0, 40)));
  });

  it('counts every JaFaithSum source and summary exactly, remembered or not', function () {
    const rows = readJaRows(requireDataset(this, JA_FAITHSUM));
    const texts = rows.flatMap((r) => [r.source_text, r.summary_text]);
    counter.forget();
    for (const text of texts) assert.equal(counter.count(text), libraryCount(text));
    for (const text of texts.slice(0, 50)) assert.equal(counter.count(text), libraryCount(text), 'again, from what it remembered');
  });

  it("a long Japanese text counted in slices by TokenCounter is the encoding's length in one piece", async () => {
    const exact = new TokenCounter('gpt-4o');
    assert.equal(await exact.ready(), 'exact');
    const text = Array.from({ length: 400 }, (_, i) => `${TEXTS[2]}${TEXTS[3]}第${i}段落。${TEXTS[4]}\n`).join('');
    assert.equal(await countInSlices(text, (piece) => exact.count(piece)), gptTokenizer.encode(text).length);
  });
});
