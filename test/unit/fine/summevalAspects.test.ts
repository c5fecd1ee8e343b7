import * as assert from 'node:assert/strict';
import { numberedReferences, quorumEntities, REFERENCE_QUORUM } from '../../../src/core/fine/referenceRubric';
import { fineAspectReading, summevalAspects } from '../../../src/core/fine/summevalAspects';
import type { FineResult, MetricScore } from '../../../src/core/result';

const metric = (ratio: number): MetricScore => ({ ratio, score: 1 + 4 * ratio });

function fine(parts: Partial<FineResult>, stats: Record<string, number> = {}): FineResult {
  return { completeness: null, correctness: null, alignment: null, readability: null, entities: [], findings: [], stats, ...parts };
}

describe('fine/summevalAspects (paper §4.3)', () => {
  // result, aspect, score (null: not scored)
  const table: [string, FineResult, string, number | null][] = [
    ['consistency is the correctness score', fine({ correctness: metric(0.5) }), 'consistency', 3],
    ['all facts unsupported: consistency 1', fine({ correctness: metric(0) }), 'consistency', 1],
    ['no correctness: no consistency', fine({}), 'consistency', null],
    ['relevance averages completeness and alignment', fine({ completeness: metric(0.5), alignment: metric(1) }), 'relevance', 4],
    ['relevance needs both', fine({ completeness: metric(0.5) }), 'relevance', null],
    [
      'coherence from sentences with awkward flow',
      fine({ readability: metric(0.5) }, { sentences: 4, sentencesWithFlowIssues: 1, sentencesWithGrammarOrSpelling: 2 }),
      'coherence',
      4,
    ],
    [
      'fluency from sentences with grammar or spelling errors',
      fine({ readability: metric(0.5) }, { sentences: 4, sentencesWithFlowIssues: 1, sentencesWithGrammarOrSpelling: 2 }),
      'fluency',
      3,
    ],
    ['no readability: no coherence', fine({}, { sentences: 4 }), 'coherence', null],
    ['no sentences: no fluency', fine({ readability: metric(1) }, { sentences: 0 }), 'fluency', null],
  ];
  for (const [name, result, aspect, score] of table) {
    it(`${name}: ${aspect} ${score ?? 'not scored'}`, () => {
      const reading = summevalAspects(result)[aspect as 'coherence'];
      assert.equal(reading.score, score);
      if (score === null) assert.ok('why' in reading && reading.why.length > 0);
    });
  }

  it('has no reading for aspects SummEval does not have', () => {
    assert.equal(fineAspectReading(fine({ correctness: metric(1) }), 'naturalness'), undefined);
    assert.equal(fineAspectReading(undefined, 'consistency'), undefined);
    assert.deepEqual(fineAspectReading(fine({ correctness: metric(1) }), 'consistency'), { score: 5 });
  });
});

describe('fine/referenceRubric', () => {
  const entities = [
    { text: 'carried by five', references: [1, 2, 3, 4, 5] },
    { text: 'carried by four', references: [1, 2, 3, 4] },
    { text: 'four, one named twice', references: [1, 1, 2, 3, 4] },
    { text: 'all eleven', references: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    { text: '  ', references: [1, 2, 3, 4, 5] },
  ];
  const table: [number, string[]][] = [
    [REFERENCE_QUORUM, ['carried by five', 'all eleven']],
    [4, ['carried by five', 'carried by four', 'four, one named twice', 'all eleven']],
    [11, ['all eleven']],
  ];
  for (const [quorum, expected] of table) {
    it(`quorum ${quorum}: ${expected.length} entities`, () => assert.deepEqual(quorumEntities(entities, quorum), expected));
  }

  it('numbers the references on one line each', () => {
    assert.equal(numberedReferences(['A  b.\nC.', 'D.']), '[1] A b. C.\n[2] D.');
  });
});
