import * as assert from 'node:assert/strict';
import { findSections, headingName, sectionAt, WHOLE_NOTE } from '../../../src/core/fine/sections';
import { splitSentences } from '../../../src/core/fine/sentences';

describe('fine/sections', () => {
  const headings: [string, string | null][] = [
    ['## Medications', 'Medications'],
    ['# Plan:', 'Plan'],
    ['**Assessment**', 'Assessment'],
    ['Chief complaint:', 'Chief complaint'],
    ['ASSESSMENT AND PLAN', 'ASSESSMENT AND PLAN'],
    ['Cough for two weeks.', null],
    ['BP 120/80', null],
    ['Note: patient is fine', null],
    ['', null],
  ];
  for (const [line, expected] of headings) {
    it(`heading ${JSON.stringify(line)} → ${expected}`, () => assert.equal(headingName(line), expected));
  }

  it('a note without headings is one section', () => {
    assert.deepEqual(findSections('Just text.\nMore text.'), [{ name: WHOLE_NOTE, start: 0, end: 21, headingEnd: 0 }]);
  });

  it('sections cover the note, CRLF included', () => {
    const note = 'Intro line\r\nS:\r\ncough\r\nO:\r\nclear lungs';
    const sections = findSections(note);
    assert.deepEqual(
      sections.map((s) => s.name),
      ['Preamble', 'S', 'O'],
    );
    assert.equal(sectionAt(sections, note.indexOf('cough'))?.name, 'S');
    assert.equal(sectionAt(sections, note.indexOf('clear'))?.name, 'O');
    assert.equal(sectionAt(sections, undefined), null);
  });
});

describe('fine/sentences', () => {
  const cases: [string, string[]][] = [
    ['One. Two! Three? Four', ['One.', 'Two!', 'Three?', 'Four']],
    ['Dr. Smith saw him. He is 3.5 kg heavier.', ['Dr. Smith saw him.', 'He is 3.5 kg heavier.']],
    ['Plan:\r\n- rest\r\n- fluids', ['- rest', '- fluids']],
    ['He said "stop." Then left.', ['He said "stop."', 'Then left.']],
    ['😀 Great day. 🎉 Party!', ['😀 Great day.', '🎉 Party!']],
    ['  \n--\n', []],
    ['', []],
    // Not at "U.S." or "Dr." (the Unicode rules alone split before a capital there).
    ['The U.S. Army said so. Dr. Jones agreed.', ['The U.S. Army said so.', 'Dr. Jones agreed.']],
    ['Mr. J. R. Smith met Gov. Brown, e.g. on Monday.', ['Mr. J. R. Smith met Gov. Brown, e.g. on Monday.']],
    // Not at every line break: a wrapped line runs on; a blank line, a list item or a capital after a bare line end it.
    ['The patient has had a cough\nfor two weeks. She takes\nmetformin.', ['The patient has had a cough\nfor two weeks.', 'She takes\nmetformin.']],
    ['Cough and fever,\nAspirin daily.', ['Cough and fever,\nAspirin daily.']],
    ['First paragraph\n\nsecond paragraph', ['First paragraph', 'second paragraph']],
    ['Cough for two weeks\nFever since Monday', ['Cough for two weeks', 'Fever since Monday']],
    ['Findings:\n- cough\n  lasting two weeks\n- fever', ['- cough\n  lasting two weeks', '- fever']],
    ['It ended.\nthen it began again.', ['It ended.', 'then it began again.']],
    ['Prices rose 3.5 percent in the U.K. on Monday. Good.', ['Prices rose 3.5 percent in the U.K. on Monday.', 'Good.']],
    ['Is it? Yes! Fine…', ['Is it?', 'Yes!', 'Fine…']],
    ['ASSESSMENT\nStable. Improving.', ['Stable.', 'Improving.']],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () =>
      assert.deepEqual(
        splitSentences(text).map((s) => text.slice(s.start, s.end)),
        expected,
      ),
    );
  }
});
