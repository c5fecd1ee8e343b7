import * as assert from 'node:assert/strict';
import { aggregateVotes, ERROR_VERDICT, VOTING_RULES } from '../../../src/core/fine/voting';
import { metricScore, ratioToScore, sentenceRatio, verdictRatio } from '../../../src/core/fine/scoring';

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
    ['completeness', [], ERROR_VERDICT],
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
  const ratios: [keyof typeof VOTING_RULES, string[], number | null][] = [
    ['completeness', ['Yes', 'Partially', 'No', 'Contradict'], 1.5 / 4],
    ['completeness', ['Yes', 'Yes'], 1],
    ['completeness', ['Yes', ERROR_VERDICT], 1],
    ['completeness', [], null],
    ['completeness', [ERROR_VERDICT], null],
    ['correctness', ['Yes', 'No', 'Partially', 'Unknown'], 1 - 1.5 / 4],
    ['correctness', ['No'], 0],
    ['alignment', ['Yes', 'No', 'Yes', 'Yes'], 0.75],
  ];
  for (const [metric, verdicts, expected] of ratios) {
    it(`${metric} ratio of ${verdicts.join(', ') || '(none)'} = ${expected}`, () => {
      assert.equal(verdictRatio(VOTING_RULES[metric], verdicts), expected);
    });
  }

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
