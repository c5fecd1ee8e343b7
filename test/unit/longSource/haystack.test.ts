import * as assert from 'node:assert/strict';
import { readDataset } from '../../../src/core/datasets/dataset';
import { estimateTokens } from '../../../src/core/llm/tokenCount';
import { shortenSource } from '../../../src/core/longSource';
import { bestMatches, haystacks, shownCount, unigramF1 } from '../../fixtures/longSource/haystack';
import { requireDataset } from '../meta/sharedData';

describe('longSource: the haystack check (a SummEval summary’s article among 39 others)', function () {
  this.timeout(60_000);

  it('measures unigram F1 on lower-cased words, counting each shared word once', () => {
    assert.equal(unigramF1('the cat sat', 'the cat sat'), 1);
    assert.equal(unigramF1('The cat', 'a dog'), 0);
    assert.equal(unigramF1('cat cat', 'cat dog'), 0.5);
  });

  it('shows at least 90% of the best-matching article sentences within an 8,192-token judge', async function () {
    const dataset = readDataset(requireDataset(this, 'summeval/summeval.json'));
    // An 8,192-token judge leaves about 7,000 tokens for the source after the instructions, summary and reply.
    const budget = 7000;
    let shown = 0;
    let total = 0;
    for (const haystack of haystacks(dataset.items, 30)) {
      const sourceTokens = estimateTokens(haystack.source);
      assert.ok(sourceTokens > 15_000 && sourceTokens < 30_000, `a source of ${sourceTokens} tokens`);
      const matches = bestMatches(haystack);
      const { shown: excerpts } = await shortenSource({ source: haystack.source, summary: haystack.summary }, budget, estimateTokens);
      assert.ok(excerpts.shownTokens <= budget);
      shown += shownCount(matches, excerpts.ranges);
      total += matches.length;
    }
    assert.ok(total > 50);
    assert.ok(shown / total >= 0.9, `${shown} of ${total} best matches shown`);
  });
});
