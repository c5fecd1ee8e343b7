import { strict as assert } from 'assert';
import type { TokenLogprob } from '../../../src/core/llm/types';
import { LOW_VALID_MASS, logprobRouteProblem, scoreFromLogprobs } from '../../../src/core/geval/logprobScore';
import type { ScoreScale } from '../../../src/core/prompts/scoreScale';

const ONE_TO_FIVE: ScoreScale = { min: 1, max: 5 };
const ONE_TO_THREE: ScoreScale = { min: 1, max: 3 };
const ZERO_ONE: ScoreScale = { min: 0, max: 1 };
const YES_NO: ScoreScale = { min: 0, max: 1, labels: { yes: 1, no: 0 } };

/** A generated token with its alternatives given as probabilities. */
function tok(token: string, alternatives: Record<string, number> = { [token]: 1 }): TokenLogprob {
  const top = Object.entries(alternatives).map(([t, p]) => ({ token: t, logprob: Math.log(p) }));
  const own = alternatives[token] ?? 1;
  return { token, logprob: Math.log(own), top };
}

interface Case {
  name: string;
  tokens: TokenLogprob[];
  scale: ScoreScale;
  score: number;
  distribution: Record<string, number>;
  validMass: number;
  position: number;
  warned?: boolean;
}

const cases: Case[] = [
  {
    name: '" 4" with alternatives',
    tokens: [tok(' 4', { ' 4': 0.6, ' 3': 0.3, ' 5': 0.1 })],
    scale: ONE_TO_FIVE,
    score: 3.8,
    distribution: { '3': 0.3, '4': 0.6, '5': 0.1 },
    validMass: 1,
    position: 0,
  },
  {
    name: '"4" alone',
    tokens: [tok('4')],
    scale: ONE_TO_FIVE,
    score: 4,
    distribution: { '4': 1 },
    validMass: 1,
    position: 0,
  },
  {
    name: '"Score: 4" read at the third token',
    tokens: [tok('Score'), tok(':'), tok(' 4', { ' 4': 0.5, ' 5': 0.5 })],
    scale: ONE_TO_FIVE,
    score: 4.5,
    distribution: { '4': 0.5, '5': 0.5 },
    validMass: 1,
    position: 2,
  },
  {
    name: '"- Coherence: 3" (multi-token output, newline after)',
    tokens: [tok('-'), tok(' Co'), tok('herence'), tok(':'), tok(' 3', { ' 3': 0.7, ' 2': 0.2, ' 4': 0.1 }), tok('\n')],
    scale: ONE_TO_FIVE,
    score: 2.9,
    distribution: { '2': 0.2, '3': 0.7, '4': 0.1 },
    validMass: 1,
    position: 4,
  },
  {
    name: 'whitespace variants of one value are summed',
    tokens: [tok('4', { '4': 0.4, ' 4': 0.2, '4\n': 0.1, '2': 0.3 })],
    scale: ONE_TO_FIVE,
    score: 3.4,
    distribution: { '2': 0.3, '4': 0.7 },
    validMass: 1,
    position: 0,
  },
  {
    name: 'scale 1-3 with 4 and 5 among the top tokens: excluded, valid mass < 1',
    tokens: [tok('3', { '3': 0.5, '2': 0.2, '4': 0.2, '5': 0.1 })],
    scale: ONE_TO_THREE,
    score: (3 * 0.5 + 2 * 0.2) / 0.7,
    distribution: { '2': 0.2 / 0.7, '3': 0.5 / 0.7 },
    validMass: 0.7,
    position: 0,
  },
  {
    name: '"1. Coherence: 4" is read at the 4, not at the list marker',
    tokens: [tok('1', { '1': 0.9, '-': 0.1 }), tok('.'), tok(' Co'), tok('herence'), tok(':'), tok(' 2', { ' 2': 0.6, ' 3': 0.4 })],
    scale: ONE_TO_THREE,
    score: 2.4,
    distribution: { '2': 0.6, '3': 0.4 },
    validMass: 1,
    position: 5,
  },
  {
    name: 'byte-level BPE token texts ("Ġ4") are decoded',
    tokens: [tok('Score'), tok(':'), tok('Ġ4', { Ġ4: 0.7, Ġ3: 0.2, Ġgood: 0.1 })],
    scale: ONE_TO_FIVE,
    score: (4 * 0.7 + 3 * 0.2) / 0.9,
    distribution: { '3': 0.2 / 0.9, '4': 0.7 / 0.9 },
    validMass: 0.9,
    position: 2,
  },
  {
    name: 'SentencePiece token texts ("▁4") and byte tokens ("<0x33>") are decoded',
    tokens: [tok('▁4', { '▁4': 0.5, '<0x33>': 0.5 })],
    scale: ONE_TO_FIVE,
    score: 3.5,
    distribution: { '3': 0.5, '4': 0.5 },
    validMass: 1,
    position: 0,
  },
  {
    name: 'alternatives that cannot be decoded (token_id:N) only lower the valid mass',
    tokens: [tok('4', { '4': 0.6, 'token_id:18': 0.4 })],
    scale: ONE_TO_FIVE,
    score: 4,
    distribution: { '4': 1 },
    validMass: 0.6,
    position: 0,
  },
  {
    name: 'fewer alternatives than asked are used as they come',
    tokens: [tok(' 3', { ' 3': 0.5, ' 2': 0.25 })],
    scale: ONE_TO_FIVE,
    score: (3 * 0.5 + 2 * 0.25) / 0.75,
    distribution: { '2': 1 / 3, '3': 2 / 3 },
    validMass: 0.75,
    position: 0,
  },
  {
    name: 'non-score alternatives only lower the valid mass',
    tokens: [tok('4', { '4': 0.45, The: 0.4, '**': 0.15 })],
    scale: ONE_TO_FIVE,
    score: 4,
    distribution: { '4': 1 },
    validMass: 0.45,
    position: 0,
    warned: true,
  },
  {
    name: '0/1 numeric scale',
    tokens: [tok('1', { '1': 0.8, '0': 0.2 })],
    scale: ZERO_ONE,
    score: 0.8,
    distribution: { '0': 0.2, '1': 0.8 },
    validMass: 1,
    position: 0,
  },
  {
    name: 'yes/no labels, case-insensitive and whitespace-insensitive: score is P(yes)',
    tokens: [tok('Yes', { Yes: 0.5, ' yes': 0.1, YES: 0.05, No: 0.25, ' no': 0.05, Maybe: 0.05 })],
    scale: YES_NO,
    score: 0.65 / 0.95,
    distribution: { '0': 0.3 / 0.95, '1': 0.65 / 0.95 },
    validMass: 0.95,
    position: 0,
  },
  {
    name: 'yes/no read after a lead-in',
    tokens: [tok('Answer'), tok(':'), tok(' No', { ' No': 0.9, ' Yes': 0.1 })],
    scale: YES_NO,
    score: 0.1,
    distribution: { '0': 0.9, '1': 0.1 },
    validMass: 1,
    position: 2,
  },
  {
    name: '"Coherence (1-5): 4": the echoed scale is not the answer',
    tokens: [tok('Co'), tok('herence'), tok(' ('), tok('1'), tok('-'), tok('5'), tok('):'), tok(' 4', { ' 4': 0.9, ' 3': 0.1 })],
    scale: ONE_TO_FIVE,
    score: 3.9,
    distribution: { '3': 0.1, '4': 0.9 },
    validMass: 1,
    position: 7,
  },
  {
    name: '"4/5" is read at the 4',
    tokens: [tok('4', { '4': 0.8, '5': 0.2 }), tok('/'), tok('5')],
    scale: ONE_TO_FIVE,
    score: 4.2,
    distribution: { '4': 0.8, '5': 0.2 },
    validMass: 1,
    position: 0,
  },
  {
    name: 'the generated token is counted even if the API left it out of the top list',
    tokens: [{ token: '5', logprob: Math.log(0.5), top: [{ token: '4', logprob: Math.log(0.5) }] }],
    scale: ONE_TO_FIVE,
    score: 4.5,
    distribution: { '4': 0.5, '5': 0.5 },
    validMass: 1,
    position: 0,
  },
  {
    name: 'scale 10-20 (all values two digits, none a prefix of another) is readable',
    tokens: [tok('15', { '15': 0.5, '16': 0.5 })],
    scale: { min: 10, max: 20 },
    score: 15.5,
    distribution: { '15': 0.5, '16': 0.5 },
    validMass: 1,
    position: 0,
  },
];

function close(actual: number, expected: number, label: string): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${label}: ${actual} ≈ ${expected}`);
}

describe('scoreFromLogprobs', () => {
  for (const c of cases) {
    it(c.name, () => {
      const reading = scoreFromLogprobs(c.tokens, c.scale);
      assert.ok(reading.ok, !reading.ok ? reading.reason : '');
      close(reading.score, c.score, 'score');
      close(reading.validMass, c.validMass, 'validMass');
      assert.equal(reading.position, c.position);
      assert.deepEqual(Object.keys(reading.distribution).sort(), Object.keys(c.distribution).sort());
      for (const [value, p] of Object.entries(c.distribution)) close(reading.distribution[value], p, `p(${value})`);
      assert.equal(reading.warning !== undefined, c.warned ?? false, reading.warning);
    });
  }

  it('no valid token: no score, and the reason says what the model wrote', () => {
    const reading = scoreFromLogprobs([tok('The'), tok(' summary'), tok(' is')], ONE_TO_FIVE);
    assert.equal(reading.ok, false);
    assert.match(!reading.ok ? reading.reason : '', /no output token holds a valid 1-5 score.*The summary is/);
  });

  it('a range answer ("3-4") is not read as a score', () => {
    assert.equal(scoreFromLogprobs([tok('3'), tok('-'), tok('4')], ONE_TO_FIVE).ok, false);
  });

  it('an answer the text parser cannot read ("7 2" on 1-3) has no reading position', () => {
    assert.equal(scoreFromLogprobs([tok('7'), tok(' '), tok('2')], ONE_TO_THREE).ok, false);
  });

  it('token ids (vLLM --return-tokens-as-token-ids) cannot be read, and say so', () => {
    const reading = scoreFromLogprobs([tok('token_id:19'), tok('token_id:198')], ONE_TO_FIVE);
    assert.equal(reading.ok, false);
    assert.match(!reading.ok ? reading.reason : '', /cannot be decoded.*token_id:19/);
  });

  it("G-Eval's parse rule reads the leading number, as its script does", () => {
    const tokens = [tok('1', { '1': 0.8, '2': 0.2 }), tok('.'), tok(' Co'), tok('herence'), tok(':'), tok(' 3')];
    const reading = scoreFromLogprobs(tokens, ONE_TO_THREE, 'geval');
    assert.ok(reading.ok);
    assert.equal(reading.position, 0);
  });

  it('no tokens at all: no score', () => {
    assert.equal(scoreFromLogprobs([], ONE_TO_FIVE).ok, false);
  });

  it('tiny valid mass is reported with a warning', () => {
    const reading = scoreFromLogprobs([tok('3', { '3': 0.02, I: 0.98 })], ONE_TO_FIVE);
    assert.ok(reading.ok);
    close(reading.validMass, 0.02, 'validMass');
    assert.ok(reading.validMass < LOW_VALID_MASS);
    assert.match(reading.warning ?? '', /2\.0% of the probability/);
  });

  describe('multi-token scales', () => {
    it('1-10 is refused with a clear message', () => {
      assert.match(logprobRouteProblem({ min: 1, max: 10 }) ?? '', /"1" is the first token of "10"/);
      assert.throws(() => scoreFromLogprobs([tok('1'), tok('0')], { min: 1, max: 10 }), /cannot be read from token probabilities/);
    });
    it('0-100 is refused', () => assert.ok(logprobRouteProblem({ min: 0, max: 100 })));
    it('single-digit and yes/no scales are accepted', () => {
      assert.equal(logprobRouteProblem(ONE_TO_FIVE), null);
      assert.equal(logprobRouteProblem({ min: 0, max: 9 }), null);
      assert.equal(logprobRouteProblem(YES_NO), null);
    });
  });
});
