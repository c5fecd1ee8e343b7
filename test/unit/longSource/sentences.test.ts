import * as assert from 'node:assert/strict';
import { splitSourceSentences } from '../../../src/core/longSource';

function pieces(text: string): string[] {
  return splitSourceSentences(text).map(({ start, end }) => text.slice(start, end));
}

describe('longSource sentences', () => {
  it('ends English sentences at . ! ? with their closing quotes, not after abbreviations', () => {
    const text = 'Dr. Smith met the U.S. envoy. "Why now?" she asked. It rained! Then e.g. the sun came out.';
    assert.deepEqual(pieces(text), ['Dr. Smith met the U.S. envoy.', '"Why now?"', 'she asked.', 'It rained!', 'Then e.g. the sun came out.']);
  });

  it('ends sentences that begin in lower case in a lower-cased text, still not after abbreviations', () => {
    const text = 'the council met on monday. it approved the u.s. plan, e.g. the bridge. dr. smith spoke. costs rose to 40 million. then it rained.';
    assert.deepEqual(pieces(text), [
      'the council met on monday.',
      'it approved the u.s. plan, e.g. the bridge.',
      'dr. smith spoke.',
      'costs rose to 40 million.',
      'then it rained.',
    ]);
    // Tokenized, as some corpora are: the period stands alone.
    const tokenized = "paul merson has restarted his row with andros townsend . 'just been watching the game , ' merson put on twitter .";
    assert.deepEqual(pieces(tokenized), [
      'paul merson has restarted his row with andros townsend .',
      "'just been watching the game , ' merson put on twitter .",
    ]);
  });

  it('in a text with its capitals, a lower-case word after a period goes on the sentence', () => {
    assert.deepEqual(pieces('The fence was 3 ft. or more. The end.'), ['The fence was 3 ft. or more.', 'The end.']);
  });

  it('ends a sentence at a paragraph break and at a line that starts anew, not at a wrapped line', () => {
    const text = 'Heading without a stop\n\nFirst paragraph runs\non a wrapped line\nSpeaker B: yes';
    assert.deepEqual(pieces(text), ['Heading without a stop', 'First paragraph runs\non a wrapped line', 'Speaker B: yes']);
  });

  it('splits Chinese and Japanese at 。！？ with their closing brackets, without spaces', () => {
    assert.deepEqual(pieces('今天下雨了。他说：「不去！」我们怎么办？'), ['今天下雨了。', '他说：「不去！」', '我们怎么办？']);
    assert.deepEqual(pieces('東京は晴れです。大阪は雨でした。'), ['東京は晴れです。', '大阪は雨でした。']);
  });

  it('gives exact offsets: every span slices back to its sentence, in order, trimmed', () => {
    const text = '  One.   Two?\n\n  Three!  ';
    const spans = splitSourceSentences(text);
    assert.deepEqual(spans, [
      { start: 2, end: 6 },
      { start: 9, end: 13 },
      { start: 17, end: 23 },
    ]);
  });

  it('cuts a source on one line without punctuation into windows at spaces, covering all of it', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const spans = splitSourceSentences(text);
    assert.ok(spans.length > 10);
    for (const { start, end } of spans) {
      assert.ok(end - start <= 600, `window of ${end - start} characters`);
      assert.ok(start === 0 || text[start - 1] === ' ', 'a window starts after a space');
    }
    assert.equal(spans.map(({ start, end }) => text.slice(start, end)).join(' '), text);
  });

  it('cuts CJK text without punctuation into shorter windows (a character is about a token)', () => {
    const text = '字'.repeat(1000);
    const spans = splitSourceSentences(text);
    assert.equal(spans.length, 7);
    assert.ok(spans.every(({ start, end }) => end - start <= 150));
    assert.equal(spans.at(-1)!.end, 1000);
  });

  it('skips pieces without a letter or digit', () => {
    assert.deepEqual(pieces('---\n\n...\n\nReal text.'), ['Real text.']);
  });
});
