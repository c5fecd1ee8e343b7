import * as assert from 'node:assert/strict';
import { chunkNote } from '../../../src/core/fine/noteChunks';
import { estimateTokens } from '../../../src/core/fine/tokens';

describe('fine/noteChunks', () => {
  const joined = (chunks: { start: number; text: string }[]) => chunks.map((c) => c.text).join('');

  it('keeps a short note whole', () => {
    assert.deepEqual(chunkNote('Short note.', 100), [{ start: 0, text: 'Short note.' }]);
  });

  it('cuts a long note into even chunks at paragraph breaks, losing nothing', () => {
    const paragraph = (k: number) => `Paragraph ${k} says something about the patient. It has two sentences.`;
    const note = Array.from({ length: 40 }, (_, k) => paragraph(k)).join('\r\n\r\n');
    const chunks = chunkNote(note, 300);
    assert.equal(joined(chunks), note);
    assert.ok(chunks.length >= 3);
    for (const c of chunks) {
      assert.equal(note.slice(c.start, c.start + c.text.length), c.text);
      assert.ok(c.text.startsWith('Paragraph'), `chunk starts mid-paragraph: ${c.text.slice(0, 20)}`);
      assert.ok(estimateTokens(c.text) <= 300 * 1.5);
    }
  });

  it('falls back to sentence ends and whitespace', () => {
    const note = Array.from({ length: 200 }, (_, k) => `Fact ${k} is true.`).join(' ');
    const chunks = chunkNote(note, 200);
    assert.equal(joined(chunks), note);
    for (const c of chunks) assert.match(c.text, /^Fact \d+/);
  });

  it('never splits a text without breaks into nothing', () => {
    const note = 'x'.repeat(5000);
    assert.equal(joined(chunkNote(note, 200)), note);
  });
});
