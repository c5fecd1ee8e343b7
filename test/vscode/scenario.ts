/** The planted facts of the fixture workspace (article.txt, summary.md), shared by the host and UI tests. */
import type { Scenario } from './fakeJudge';

export function fixtureScenario(source: string): Scenario {
  return {
    source,
    summaryFacts: [
      { text: 'Lakeford approved a bridge', quote: 'Lakeford approved a bridge', answer: 'Yes' },
      {
        text: 'The bridge costs 40 million euros',
        quote: '40 million euros',
        answer: 'No',
        evidence: '12 million euros',
        explanation: 'the article says the bridge will cost 12 million euros',
      },
      { text: 'The bridge opens in 2027', quote: 'It opens in 2027', answer: 'Yes' },
    ],
    sourceFacts: [
      { text: 'The city council approved a new bridge', quote: 'approved a new bridge', answer: 'Yes' },
      { text: 'The bridge opens in 2027', quote: 'open in 2027', answer: 'Yes' },
      {
        text: 'The mayor said the bridge would halve commuting times',
        quote: 'Mayor Ana Silva said it would cut commuting times by half',
        answer: 'No',
        explanation: 'the summary says nothing about commuting',
      },
    ],
    scores: { coherence: 4, consistency: 2, fluency: 3, relevance: 4 },
    readability: [{ quote: 'It opens in 2027.', category: 'awkward flow', explanation: 'abrupt jump from cost to opening date' }],
  };
}
