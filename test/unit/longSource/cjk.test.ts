import * as assert from 'node:assert/strict';
import { runNow } from '../../../src/core/cooperative';
import { splitSentences } from '../../../src/core/fine/sentences';
import { findOccurrences, indexNote } from '../../../src/core/fine/spans';
import { shuffleSentences } from '../../../src/core/audit/orderRule';
import { cjkSentenceSteps, isCjkText } from '../../../src/core/longSource/cjk';
import { splitSourceSentences } from '../../../src/core/longSource/sentences';
import { seededRandom } from '../../../src/core/stats/random';

const pieces = (text: string, split: (t: string) => { start: number; end: number }[]) => split(text).map((s) => text.slice(s.start, s.end));
const cjk = (text: string) => runNow(cjkSentenceSteps(text));

describe('CJK text: script and sentences', () => {
  it('tells CJK text by its script, whatever its punctuation', () => {
    assert.equal(isCjkText('東京は晴れです'), true);
    assert.equal(isCjkText('米CNNが撤回し、編集者と記者の計3人が辞職している'), true);
    assert.equal(isCjkText('今天下雨了'), true);
    assert.equal(isCjkText('The patient (東京) was seen.'), false);
    assert.equal(isCjkText('12345 ...'), false);
  });

  it('ends a sentence at 。！？ and runs of them, keeping the closing brackets and quotes', () => {
    assert.deepEqual(pieces('本当か？？？そうだ！』次だ。', cjk), ['本当か？？？', 'そうだ！』', '次だ。']);
    assert.deepEqual(pieces('彼は来た。（注：2025年）次の文です。', cjk), ['彼は来た。', '（注：2025年）次の文です。']);
    assert.deepEqual(pieces('「行く。」次の文。“引用です。”最後', cjk), ['「行く。」', '次の文。', '“引用です。”', '最後']);
  });

  it('keeps a reported quotation, 。 inside it, in the sentence that reports it', () => {
    const text = '大臣は「急ぐべきではない。むしろ反対だ」と語った。次の文。「行くぞ！」と言った。';
    assert.deepEqual(pieces(text, cjk), ['大臣は「急ぐべきではない。むしろ反対だ」と語った。', '次の文。', '「行くぞ！」と言った。']);
  });

  it('is what readability, the audit and the long source split by (no opening bracket carried back)', () => {
    const text = '彼は来た。（注：2025年）次の文です。\n見出し\n最後の文？';
    const expected = ['彼は来た。', '（注：2025年）次の文です。', '見出し', '最後の文？'];
    assert.deepEqual(pieces(text, splitSentences), expected);
    assert.deepEqual(pieces(text, splitSourceSentences), expected);
  });

  it('counts offsets in UTF-16 code units past characters outside the BMP', () => {
    const text = '𠮷野家は開いた。𩸽を食べた。';
    const spans = splitSentences(text);
    assert.deepEqual(spans, [
      { start: 0, end: 9 },
      { start: 9, end: 16 },
    ]);
    assert.equal(text.slice(spans[1].start, spans[1].end), '𩸽を食べた。');
  });

  it('the order probe shuffles Japanese sentences without putting spaces between them', () => {
    const change = shuffleSentences('一つ目。二つ目。三つ目。', seededRandom(1));
    assert.ok('text' in change);
    assert.equal(change.text.length, '一つ目。二つ目。三つ目。'.length);
    assert.ok(!change.text.includes(' '));
  });
});

describe('CJK text: quotes that differ only in Unicode width or form', () => {
  const found = (note: string, quote: string) => findOccurrences(indexNote(note), quote).map((o) => note.slice(o.start, o.end));

  it('finds full-width digits, half-width katakana and 、 vs , on the text as written', () => {
    assert.deepEqual(found('会見は2025年3月に開かれた。', '２０２５年３月'), ['2025年3月']);
    assert.deepEqual(found('会見は２０２５年３月に開かれた。', '2025年3月'), ['２０２５年３月']);
    assert.deepEqual(found('スカラムーチ氏が就任した。', 'ｽｶﾗﾑｰﾁ氏'), ['スカラムーチ氏']);
    assert.deepEqual(found('ｶﾞｿﾘﾝ価格、上昇。', 'ガソリン価格,上昇'), ['ｶﾞｿﾘﾝ価格、上昇']);
    assert.deepEqual(found('ＡＢＣ放送によると', 'abc放送'), ['ＡＢＣ放送']);
  });

  it('does not take a voiced kana for its plain one (ガ is not カ)', () => {
    assert.deepEqual(found('カラスが鳴いた。', 'ガラスが'), []);
  });

  it('maps the span back exactly past surrogate pairs', () => {
    const note = '𠮷野家の𩸽定食は２０２５年に値上げ。';
    const [hit] = findOccurrences(indexNote(note), '2025年に値上げ');
    assert.equal(note.slice(hit.start, hit.end), '２０２５年に値上げ');
    assert.equal(hit.start, note.indexOf('２'));
  });
});
