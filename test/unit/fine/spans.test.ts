import * as assert from 'node:assert/strict';
import { findOccurrences, indexNote, locateQuote, locateQuoteGroup } from '../../../src/core/fine/spans';
import { normalizeWithMap } from '../../../src/core/fine/normalize';

describe('fine/spans', () => {
  describe('tiers', () => {
    const cases: { name: string; note: string; quote: string; expected: string | null; tier?: string }[] = [
      { name: 'exact', note: 'Pain began 3 days ago.', quote: 'began 3 days', expected: 'began 3 days', tier: 'exact' },
      { name: 'trimmed quote', note: 'Pain began 3 days ago.', quote: '  began 3 days \n', expected: 'began 3 days', tier: 'exact' },
      { name: 'case', note: 'BP Was Normal today', quote: 'bp was normal', expected: 'BP Was Normal', tier: 'normalized' },
      { name: 'CRLF vs LF', note: 'line one\r\nline two', quote: 'one\nline', expected: 'one\r\nline', tier: 'normalized' },
      { name: 'tabs and space runs', note: 'a\t\tb   c', quote: 'a b c', expected: 'a\t\tb   c', tier: 'normalized' },
      {
        name: 'curly quotes',
        note: 'She said \u201cno\u201d and didn\u2019t stay',
        quote: 'said "no" and didn\'t',
        expected: 'said \u201cno\u201d and didn\u2019t',
        tier: 'normalized',
      },
      { name: 'dashes', note: 'range 5\u201310 mg', quote: 'range 5-10 mg', expected: 'range 5\u201310 mg', tier: 'normalized' },
      { name: 'em dash vs hyphen', note: 'well\u2014known', quote: 'well-known', expected: 'well\u2014known', tier: 'normalized' },
      { name: 'nbsp', note: 'dose\u00a010 mg', quote: 'dose 10 mg', expected: 'dose\u00a010 mg', tier: 'normalized' },
      { name: 'ellipsis char', note: 'and so on\u2026 then', quote: 'so on... then', expected: 'so on\u2026 then', tier: 'normalized' },
      { name: 'accented decomposed', note: 'the cafe\u0301 is open', quote: 'café is', expected: 'cafe\u0301 is', tier: 'normalized' },
      { name: 'emoji before match', note: '😀😀 patient is happy 🎉 today', quote: 'happy 🎉 today', expected: 'happy 🎉 today', tier: 'exact' },
      { name: 'emoji with normalisation', note: '👩‍⚕️ Doctor SAID 👍🏽  fine', quote: 'doctor said 👍🏽 fine', expected: 'Doctor SAID 👍🏽  fine', tier: 'normalized' },
      { name: 'astral letters folded', note: '𝐁𝐨𝐥𝐝 text here', quote: 'bold text', expected: '𝐁𝐨𝐥𝐝 text', tier: 'normalized' },
      {
        name: 'fuzzy typo',
        note: 'The patient reported severe headaches since Monday.',
        quote: 'patient reportd severe headache since monday',
        expected: 'patient reported severe headaches since Monday',
        tier: 'fuzzy',
      },
      {
        name: 'fuzzy small word change',
        note: 'He was prescribed amoxicillin for ten days by the GP.',
        quote: 'prescribed amoxicilin for 10 days',
        expected: 'prescribed amoxicillin for ten days',
        tier: 'fuzzy',
      },
      {
        name: 'elided with ...',
        note: 'Patient reports a cough for two weeks and, when asked, denies fever.',
        quote: 'reports a cough ... denies fever',
        expected: 'reports a cough for two weeks and, when asked, denies fever',
        tier: 'elided',
      },
      {
        name: 'elided with … and case',
        note: 'He TAKES metformin daily; later he also takes aspirin.',
        quote: 'takes metformin…aspirin',
        expected: 'TAKES metformin daily; later he also takes aspirin',
        tier: 'elided',
      },
      { name: 'elided parts out of order', note: 'denies fever. reports a cough.', quote: 'reports a cough ... denies fever', expected: null },
      { name: 'absent quote', note: 'The patient denies chest pain.', quote: 'reports shortness of breath at night', expected: null },
      { name: 'short quote never fuzzy', note: 'aspirin daily', quote: 'asprin', expected: null },
      { name: 'empty quote', note: 'anything', quote: '   ', expected: null },
      { name: 'paraphrase below threshold', note: 'The child has had a fever for two days.', quote: 'kid febrile over the last 48 hours', expected: null },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const hit = locateQuote(indexNote(c.note), c.quote);
        assert.equal(hit ? c.note.slice(hit.start, hit.end) : null, c.expected);
        if (hit && c.tier) assert.equal(hit.tier, c.tier);
      });
    }
  });

  it('elided parts must stand close together', () => {
    const note = `reports a cough ${'x '.repeat(400)} denies fever`;
    assert.equal(locateQuote(indexNote(note), 'reports a cough ... denies fever'), null);
  });

  it('never splits a surrogate pair', () => {
    const note = 'x 😀a😀b 😀 done';
    for (const quote of ['a😀b', 'A😀B', '😀 done', 'xx 😀a😀b 😀 don']) {
      const hit = locateQuote(indexNote(note), quote);
      if (!hit) continue;
      for (const offset of [hit.start, hit.end]) {
        const code = note.charCodeAt(offset);
        assert.ok(!(code >= 0xdc00 && code <= 0xdfff), `offset ${offset} is inside a surrogate pair for ${quote}`);
      }
    }
  });

  it('maps folded text back to original offsets exactly', () => {
    const note = 'A\r\n\tB\u2014C \u201cD\u201d 😀 e\u0301';
    const n = normalizeWithMap(note);
    assert.equal(n.text, 'a b-c "d" 😀 e');
    assert.equal(note.slice(n.starts[1], n.ends[1]), '\r\n\t');
    assert.equal(note.slice(n.starts[n.text.length - 1], n.ends[n.text.length - 1]), 'e\u0301');
  });

  describe('repeated phrases', () => {
    const note = 'S: pain is mild. O: exam normal. A: pain is mild. P: rest.';
    const first = note.indexOf('pain is mild');
    const second = note.lastIndexOf('pain is mild');

    it('lists every occurrence', () => {
      assert.deepEqual(
        findOccurrences(indexNote(note), 'pain is mild').map((h) => h.start),
        [first, second],
      );
    });
    it('takes the first without context', () => {
      assert.equal(locateQuote(indexNote(note), 'pain is mild')?.start, first);
    });
    it('takes the first at or after the reading position', () => {
      assert.equal(locateQuote(indexNote(note), 'PAIN IS MILD', { after: note.indexOf('O:') })?.start, second);
    });
    it('falls back to the last before the reading position', () => {
      assert.equal(locateQuote(indexNote(note), 'pain is mild', { after: note.length })?.start, second);
    });
    it('follows the unique quotes of the same entity', () => {
      const [a, b] = locateQuoteGroup(indexNote(note), ['pain is mild', 'A:'], { after: 0 });
      assert.equal(a?.start, second);
      assert.equal(b?.start, note.indexOf('A:'));
    });
    it('leaves unlocated quotes of a group null', () => {
      const hits = locateQuoteGroup(indexNote(note), ['pain is mild', 'totally absent quote here']);
      assert.equal(hits[0]?.start, first);
      assert.equal(hits[1], null);
    });
    it('repeated fuzzy windows follow the reading position', () => {
      const text = 'Plan: continue metformin twice daily. Later: continue metformin twice daily.';
      const hits = findOccurrences(indexNote(text), 'continue metfromin twice daily');
      assert.equal(hits.length, 2);
      assert.equal(locateQuote(indexNote(text), 'continue metfromin twice daily', { after: 20 })?.start, text.lastIndexOf('continue'));
    });
  });

  it('is fast on a 50k-character note', () => {
    const words = ['patient', 'reports', 'pain', 'in', 'the', 'left', 'knee', 'after', 'running', 'denies', 'fever', 'swelling'];
    let note = '';
    for (let i = 0; note.length < 50_000; i++) note += words[(i * 7) % words.length] + (i % 13 === 0 ? '.\r\n' : ' ');
    const target = 'The quick brown fox jumped over the lazy dog near the river bank.';
    const at = 31_000;
    note = note.slice(0, at) + target + note.slice(at);
    const index = indexNote(note);
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      const hit = locateQuote(index, 'the quick brwn fox jumped over the lazy dog near a river bank');
      assert.equal(hit?.start, at);
      assert.equal(locateQuote(index, 'an unrelated sentence that is nowhere in the note at all'), null);
      // Short quotes made of the note's common words: many weak candidate windows.
      const short = locateQuote(index, 'knee reprts running');
      assert.match(short ? note.slice(short.start, short.end) : '', /^knee\s+reports\s+running$/);
    }
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 5_000, `300 fuzzy searches took ${elapsed} ms`);
  });
});
