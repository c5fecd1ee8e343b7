import * as assert from 'node:assert/strict';
import { GAP_MARK } from '../../../src/core/longSource';
import { DEFAULT_SHAPE, EXCERPT_HEADING, SourceRetrieval } from '../../../src/core/fine/retrieval';

const SOURCE = [
  'The river flooded the lower town.',
  'Schools closed for two days.',
  'The mayor promised new flood walls by 2027.',
  'A bakery gave away bread to the volunteers.',
  'The football match was postponed.',
  'Rain is expected again on Friday.',
].join(' ');

describe('passages retrieved for a fact', () => {
  let retrieval: SourceRetrieval;
  before(async () => {
    retrieval = await SourceRetrieval.of(SOURCE);
  });
  const text = (indices: number[]) => retrieval.spansOf(indices).map((s) => SOURCE.slice(s.start, s.end));

  it('ranks the sentences that share the fact’s words first, with their neighbours, in document order', () => {
    assert.equal(retrieval.sentences.length, 6);
    assert.deepEqual(retrieval.sentencesFor('flood walls promised by the mayor', { perFact: 1, neighbours: 0 }), [2]);
    assert.deepEqual(retrieval.sentencesFor('flood walls promised by the mayor', { perFact: 1, neighbours: 1 }), [1, 2, 3]);
    assert.deepEqual(retrieval.sentencesFor('nothing in common', DEFAULT_SHAPE), []);
  });

  it('gives exact spans of the original text, adjacent sentences as one passage', () => {
    assert.deepEqual(text([1, 2, 5]), ['Schools closed for two days. The mayor promised new flood walls by 2027.', 'Rain is expected again on Friday.']);
  });

  it('renders an excerpt that says what it is and marks every gap', () => {
    assert.equal(
      retrieval.render([5, 1, 2]),
      [
        EXCERPT_HEADING,
        GAP_MARK,
        'Schools closed for two days. The mayor promised new flood walls by 2027.',
        GAP_MARK,
        'Rain is expected again on Friday.',
      ].join('\n'),
    );
    assert.equal(retrieval.render([0]), [EXCERPT_HEADING, 'The river flooded the lower town.', GAP_MARK].join('\n'));
    assert.equal(retrieval.render([]), [EXCERPT_HEADING, GAP_MARK].join('\n'));
  });

  it('finds a fact in a Chinese source, at its exact offsets', async () => {
    const chinese = '今天天气很好。市长宣布明年修建新的防洪墙。学校放假两天。';
    const cjk = await SourceRetrieval.of(chinese);
    const [best] = cjk.sentencesFor('防洪墙', { perFact: 1, neighbours: 0 });
    assert.deepEqual(
      cjk.spansOf([best]).map((s) => chinese.slice(s.start, s.end)),
      ['市长宣布明年修建新的防洪墙。'],
    );
  });
});
