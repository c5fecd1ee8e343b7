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

/** The planted facts of the Japanese sample (media/sample/ja): a wrong cost, a wrong mayor, who may still drive in left out. */
export function japaneseSampleScenario(source: string): Scenario {
  return {
    source,
    summaryFacts: [
      { text: '西浜市議会が計画を可決した', quote: '賛成21、反対9で可決した', answer: 'Yes' },
      {
        text: '費用は5億円の見込み',
        quote: '費用は5億円の見込み',
        answer: 'No',
        evidence: '3億2000万円',
        explanation: 'the article puts the cost at 320 million yen (3億2000万円)',
      },
      {
        text: '市長は山本健一',
        quote: '山本健一市長',
        answer: 'No',
        evidence: '森田由美市長',
        explanation: 'the mayor in the article is Yumi Morita (森田由美)',
      },
    ],
    sourceFacts: [
      { text: '計画が可決された', quote: '賛成21、反対9で可決した', answer: 'Yes' },
      {
        text: 'バスやタクシーなどは引き続き通行できる',
        quote: 'バス、タクシー、午前10時までの配送車、住民の許可証を持つ車は引き続き通行できる',
        answer: 'No',
        explanation: 'the summary does not say who may still drive in',
      },
    ],
    scores: { coherence: 4, consistency: 2, fluency: 3, relevance: 4 },
  };
}
