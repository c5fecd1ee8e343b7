import { strict as assert } from 'assert';
import { decodeTokenText } from '../../../src/core/geval/tokenText';

const cases: [string, string | null][] = [
  [' 4', ' 4'],
  ['4', '4'],
  ['Ġ4', ' 4'],
  ['Ċ', '\n'],
  ['ĠCoherence', ' Coherence'],
  ['▁4', ' 4'],
  ['<0x34>', '4'],
  ['<0x0A>', '\n'],
  ['<0xE2><0x82><0xAC>', '€'],
  ['<0xE2>', null],
  ['token_id:19', null],
  ['\uFFFD', null],
  ['Yes', 'Yes'],
];

describe('decodeTokenText', () => {
  for (const [token, want] of cases) {
    it(`${JSON.stringify(token)} → ${JSON.stringify(want)}`, () => assert.equal(decodeTokenText(token), want));
  }
});
