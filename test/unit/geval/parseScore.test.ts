import { strict as assert } from 'assert';
import { parseScore, type ParseRule } from '../../../src/core/geval/parseScore';
import type { ScoreScale } from '../../../src/core/prompts/scoreScale';

const ONE_TO_FIVE: ScoreScale = { min: 1, max: 5 };
const ONE_TO_THREE: ScoreScale = { min: 1, max: 3 };
const ZERO_ONE: ScoreScale = { min: 0, max: 1 };
const YES_NO: ScoreScale = { min: 0, max: 1, labels: { yes: 1, no: 0 } };

interface Case {
  text: string;
  scale: ScoreScale;
  want: number | null;
}

const robustCases: Case[] = [
  { text: '4', scale: ONE_TO_FIVE, want: 4 },
  { text: ' 4', scale: ONE_TO_FIVE, want: 4 },
  { text: '4\n', scale: ONE_TO_FIVE, want: 4 },
  { text: '4.', scale: ONE_TO_FIVE, want: 4 },
  { text: 'Coherence: 3', scale: ONE_TO_FIVE, want: 3 },
  { text: '- Coherence: 3', scale: ONE_TO_FIVE, want: 3 },
  { text: '- Fluency (1-3): 2', scale: ONE_TO_THREE, want: 2 },
  { text: 'Fluency (1 – 3): 3', scale: ONE_TO_THREE, want: 3 },
  { text: 'Coherence (1-5) - 4', scale: ONE_TO_FIVE, want: 4 },
  { text: 'Score: 4/5', scale: ONE_TO_FIVE, want: 4 },
  { text: 'Score: 4 / 5', scale: ONE_TO_FIVE, want: 4 },
  { text: '4 out of 5', scale: ONE_TO_FIVE, want: 4 },
  { text: 'Assign a rating score of 1, 2, or 3.\nRating: 2', scale: { min: 1, max: 3 }, want: 2 },
  { text: 'Assign a rating score of 1, 2, or 3', scale: { min: 1, max: 3 }, want: null },
  { text: 'On a scale of 1 to 5, I would give it a 2.', scale: ONE_TO_FIVE, want: 2 },
  { text: '4.5', scale: ONE_TO_FIVE, want: 4.5 },
  { text: 'Score: 3.5', scale: ONE_TO_FIVE, want: 3.5 },
  { text: '5.5', scale: ONE_TO_FIVE, want: null },
  { text: '**3**', scale: ONE_TO_FIVE, want: 3 },
  { text: '**Coherence:** 3', scale: ONE_TO_FIVE, want: 3 },
  { text: 'Rating: 2', scale: ONE_TO_FIVE, want: 2 },
  {
    text: 'The summary covers the main points and the 2 sentences flow well. Therefore I rate it 3.',
    scale: ONE_TO_FIVE,
    want: 3,
  },
  { text: 'The summary repeats itself in places.\nRating: 2', scale: ONE_TO_FIVE, want: 2 },
  { text: 'The summary is clear and well organised.\n\n4', scale: ONE_TO_FIVE, want: 4 },
  { text: 'The final score is 5', scale: ONE_TO_FIVE, want: 5 },
  { text: '3 - the summary is understandable', scale: ONE_TO_FIVE, want: 3 },
  { text: '3\n\nThe summary misses the second point.', scale: ONE_TO_FIVE, want: 3 },
  // The scale mention alone is not a score.
  { text: 'Coherence (1-5):', scale: ONE_TO_FIVE, want: null },
  { text: '(1-3)', scale: ONE_TO_THREE, want: null },
  { text: '/5', scale: ONE_TO_FIVE, want: null },
  // Out of scale.
  { text: '7', scale: ONE_TO_FIVE, want: null },
  { text: '4', scale: ONE_TO_THREE, want: null },
  { text: 'Score: 0', scale: ONE_TO_FIVE, want: null },
  { text: '8/10', scale: ONE_TO_FIVE, want: null },
  // Ranges and list markers are not read as a score.
  { text: '3-4', scale: ONE_TO_FIVE, want: null },
  { text: '1. Read the article.\n2. Read the summary.', scale: ONE_TO_FIVE, want: null },
  {
    text: 'Evaluation Steps:\n\n1. Read the conversation.\n2. Read the response.\n3. Assign a rating score of 1, 2, or 3 based on the evaluation.\n\n',
    scale: ONE_TO_THREE,
    want: null,
  },
  { text: 'Evaluation Steps:\n1. Read the summary.\n2. Compare.\n\nCoherence: 2', scale: ONE_TO_THREE, want: 2 },
  // Shapes seen in recorded gpt-3.5 answers (A Closer Look…, Topical-Chat).
  { text: '2. Somewhat interesting', scale: ONE_TO_THREE, want: 2 },
  { text: '0. The response does not mention the fact.', scale: ZERO_ONE, want: 0 },
  { text: '1. 2', scale: ONE_TO_THREE, want: 2 },
  { text: '1. Coherence: 3', scale: ONE_TO_THREE, want: 3 },
  // An answer cut short after the list marker: the "1." numbers ratings, it is not one.
  { text: '1. Coherence:', scale: ONE_TO_THREE, want: null },
  { text: 'Good (3)', scale: ONE_TO_THREE, want: 3 },
  { text: '1. 2\n2. 3\n3. 2', scale: ONE_TO_THREE, want: null },
  { text: 'Response 1: 2\nResponse 2: 1', scale: ONE_TO_THREE, want: null },
  { text: '1) Read the conversation.\n2) Rate it.', scale: ONE_TO_THREE, want: null },
  { text: 'N/A', scale: ONE_TO_THREE, want: null },
  // Nothing to read.
  { text: '', scale: ONE_TO_FIVE, want: null },
  { text: 'The summary is good.', scale: ONE_TO_FIVE, want: null },
  { text: 'Coherence:', scale: ONE_TO_FIVE, want: null },
  // 0/1 numeric scale.
  { text: '1', scale: ZERO_ONE, want: 1 },
  { text: ' 0', scale: ZERO_ONE, want: 0 },
  { text: 'Groundedness (0-1): 1', scale: ZERO_ONE, want: 1 },
  { text: '2', scale: ZERO_ONE, want: null },
  // Yes/no scale.
  { text: 'Yes', scale: YES_NO, want: 1 },
  { text: ' no', scale: YES_NO, want: 0 },
  { text: 'NO.', scale: YES_NO, want: 0 },
  { text: '**Yes**, every fact is supported.', scale: YES_NO, want: 1 },
  { text: 'Answer: No', scale: YES_NO, want: 0 },
  { text: 'The summary adds a date not in the source.\nAnswer: no', scale: YES_NO, want: 0 },
  { text: 'Every claim appears in the article.\nYes', scale: YES_NO, want: 1 },
  { text: 'Maybe', scale: YES_NO, want: null },
  { text: '1', scale: YES_NO, want: null },
];

const gevalCases: Case[] = [
  { text: '4', scale: ONE_TO_FIVE, want: 4 },
  { text: ' 4', scale: ONE_TO_FIVE, want: 4 },
  { text: '  4', scale: ONE_TO_FIVE, want: 0 },
  { text: '4.5', scale: ONE_TO_FIVE, want: 4.5 },
  { text: '4.', scale: ONE_TO_FIVE, want: 4 },
  { text: '.5', scale: ONE_TO_FIVE, want: 0.5 },
  { text: '..', scale: ONE_TO_FIVE, want: 0 },
  { text: '4.5.1', scale: ONE_TO_FIVE, want: 0 },
  { text: '7', scale: ONE_TO_FIVE, want: 7 },
  { text: 'Coherence: 3', scale: ONE_TO_FIVE, want: 0 },
  { text: '\n3', scale: ONE_TO_FIVE, want: 0 },
  { text: '3 - good', scale: ONE_TO_FIVE, want: 3 },
  { text: '1. Coherence: 3', scale: ONE_TO_FIVE, want: 1 },
  { text: '', scale: ONE_TO_FIVE, want: 0 },
  { text: 'Yes', scale: YES_NO, want: 1 },
  { text: ' no', scale: YES_NO, want: 0 },
  { text: 'The answer is yes', scale: YES_NO, want: 0 },
];

function runTable(rule: ParseRule, cases: Case[]): void {
  for (const { text, scale, want } of cases) {
    const scaleName = scale.labels ? 'yes/no' : `${scale.min}-${scale.max}`;
    it(`${JSON.stringify(text)} on ${scaleName} → ${want}`, () => {
      assert.equal(parseScore(text, scale, rule), want);
    });
  }
}

describe('parseScore', () => {
  describe("rule 'robust'", () => runTable('robust', robustCases));
  describe("rule 'geval' (G-Eval's script)", () => runTable('geval', gevalCases));
});
