import * as assert from 'node:assert/strict';
import { aggregateVotes, UNJUDGED_VERDICT, VOTING_RULES } from '../../../src/core/fine/voting';
import { metricScore, ratioToScore, sentenceRatio, verdictMetric } from '../../../src/core/fine/scoring';

describe('fine/voting', () => {
  const table: [keyof typeof VOTING_RULES, string[], string][] = [
    // completeness
    ['completeness', ['Yes', 'Yes', 'Yes'], 'Yes'],
    ['completeness', ['Yes', 'Yes', 'No'], 'Yes'],
    ['completeness', ['Partially', 'Partially', 'Yes'], 'Yes'],
    ['completeness', ['Yes', 'Partially', 'Partially'], 'Yes'],
    ['completeness', ['Partially', 'Yes', 'Partially'], 'Yes'],
    ['completeness', ['Partially', 'Partially', 'No'], 'Partially'],
    ['completeness', ['Partially', 'Partially', 'Partially'], 'Partially'],
    ['completeness', ['Contradict', 'Contradict', 'Yes'], 'Contradict'],
    ['completeness', ['No', 'No', 'Partially'], 'No'],
    ['completeness', ['Yes', 'Partially', 'No'], 'No'],
    ['completeness', ['Yes', 'Contradict', 'Partially'], 'No'],
    ['completeness', ['Yes', 'No'], 'No'],
    ['completeness', ['Yes', 'Yes'], 'Yes'],
    ['completeness', ['Partially'], 'Partially'],
    ['completeness', [], UNJUDGED_VERDICT],
    // correctness
    ['correctness', ['Yes', 'Yes', 'Unknown'], 'Yes'],
    ['correctness', ['No', 'No', 'Yes'], 'No'],
    ['correctness', ['Partially', 'Partially', 'Yes'], 'Yes'],
    ['correctness', ['Partially', 'No', 'Partially'], 'Partially'],
    ['correctness', ['Unknown', 'Unknown', 'No'], 'Unknown'],
    ['correctness', ['Yes', 'No', 'Unknown'], 'Unknown'],
    ['correctness', ['Yes', 'No', 'Partially'], 'Unknown'],
    ['correctness', ['No', 'Yes'], 'Unknown'],
    // alignment
    ['alignment', ['Yes', 'Yes'], 'Yes'],
    ['alignment', ['No', 'No'], 'No'],
    ['alignment', ['Yes', 'No'], 'No'],
    ['alignment', ['No', 'Yes'], 'No'],
    ['alignment', ['Yes'], 'Yes'],
  ];
  for (const [metric, votes, expected] of table) {
    it(`${metric}: ${votes.join(' + ') || '(no votes)'} → ${expected}`, () => {
      assert.equal(aggregateVotes(VOTING_RULES[metric], votes), expected);
    });
  }

  // A failed prompt is not a vote: the verdict stands only if no answer it could have given changes it.
  const failed: [keyof typeof VOTING_RULES, string[], number, string][] = [
    ['correctness', ['Yes', 'Yes'], 3, 'Yes'],
    ['correctness', ['No', 'No'], 3, 'No'],
    ['correctness', ['Unknown', 'Unknown'], 3, 'Unknown'],
    ['correctness', ['Yes', 'No'], 3, UNJUDGED_VERDICT], // the missing answer would decide
    ['correctness', ['Yes'], 3, UNJUDGED_VERDICT],
    ['correctness', ['Partially', 'Partially'], 3, UNJUDGED_VERDICT], // a third Yes would make it Yes
    ['correctness', [], 3, UNJUDGED_VERDICT],
    ['completeness', ['Yes', 'Yes'], 3, 'Yes'],
    ['completeness', ['Yes', 'Partially'], 3, UNJUDGED_VERDICT],
    ['completeness', ['No'], 3, UNJUDGED_VERDICT],
    ['alignment', ['No'], 2, 'No'], // either prompt flagging it is enough
    ['alignment', ['Yes'], 2, UNJUDGED_VERDICT],
    ['alignment', ['Yes'], 1, 'Yes'],
  ];
  for (const [metric, votes, prompts, expected] of failed) {
    it(`${metric}: ${votes.join(' + ') || '(none)'} of ${prompts} prompts → ${expected}`, () => {
      assert.equal(aggregateVotes(VOTING_RULES[metric], votes, prompts), expected);
    });
  }

  it('every exception and default is one of the rule answers', () => {
    for (const rule of Object.values(VOTING_RULES)) {
      assert.ok(rule.answers.includes(rule.noAgreement));
      for (const e of rule.exceptions) for (const v of [...e.votes, e.verdict]) assert.ok(rule.answers.includes(v));
      const table = rule.points ?? rule.penalty ?? {};
      assert.deepEqual(Object.keys(table).sort(), [...rule.answers].sort());
    }
  });

  it('rules are plain JSON data', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(VOTING_RULES)), VOTING_RULES);
  });
});

describe('fine/scoring', () => {
  const U = UNJUDGED_VERDICT;
  // metric, verdicts, ratio, counted, unjudged
  const ratios: [keyof typeof VOTING_RULES, string[], number | null, number?, number?][] = [
    ['completeness', ['Yes', 'Partially', 'No', 'Contradict'], 1.5 / 4, 4],
    ['completeness', ['Yes', 'Yes'], 1, 2],
    ['completeness', ['Yes', U], 1, 1, 1],
    ['completeness', [], null],
    ['completeness', [U], null],
    ['correctness', ['Yes', 'No', 'Partially', 'Unknown'], 1 - 2.5 / 4, 4],
    ['correctness', ['No'], 0, 1],
    ['correctness', ['Unknown', 'Unknown', 'Unknown'], 0, 3], // all unsupported: the minimum
    ['correctness', ['Yes', 'Yes', 'Unknown'], 1 - 1 / 3, 3],
    ['correctness', ['Yes', U, 'Unknown'], 0.5, 2, 1],
    ['alignment', ['Yes', 'No', 'Yes', 'Yes'], 0.75, 4],
  ];
  for (const [metric, verdicts, ratio, counted, unjudged] of ratios) {
    it(`${metric} of ${verdicts.join(', ') || '(none)'} = ${ratio}`, () => {
      const m = verdictMetric(VOTING_RULES[metric], verdicts);
      if (ratio === null) return assert.equal(m, null);
      assert.deepEqual(m, { ratio, score: 1 + 4 * ratio, counted, ...(unjudged ? { unjudged } : {}) });
    });
  }

  it('a summary whose facts are all unsupported never scores above the minimum', () => {
    for (let n = 1; n <= 20; n++) assert.equal(verdictMetric(VOTING_RULES.correctness, Array(n).fill('Unknown'))?.score, 1);
  });

  it('maps ratios linearly onto 1–5', () => {
    assert.deepEqual([0, 0.25, 0.5, 1].map(ratioToScore), [1, 2, 3, 5]);
    assert.deepEqual(metricScore(0.75), { ratio: 0.75, score: 4 });
    assert.equal(metricScore(null), null);
  });

  it('readability from sentences with issues', () => {
    assert.equal(sentenceRatio(4, 1), 0.75);
    assert.equal(sentenceRatio(2, 5), 0);
    assert.equal(sentenceRatio(0, 0), null);
  });
});
