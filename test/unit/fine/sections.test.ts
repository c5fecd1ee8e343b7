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
    assert.deepEqual(sections.map((s) => s.name), ['Preamble', 'S', 'O']);
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
    ['😀 great day. 🎉 party!', ['😀 great day.', '🎉 party!']],
    ['  \n--\n', []],
    ['', []],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => assert.deepEqual(splitSentences(text).map((s) => text.slice(s.start, s.end)), expected));
  }
});
