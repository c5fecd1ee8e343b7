import * as assert from 'node:assert/strict';
import { estimateTokens } from '../../../src/core/llm/tokenCount';
import { shortenSource } from '../../../src/core/longSource';
import { JA_FAITHSUM, jaSummarised, readJaRows } from '../../fixtures/ja/jaFaithSumRows';
import { bestMatches, haystacksOf, shownCount } from '../../fixtures/longSource/haystack';
import { requireDataset } from '../meta/sharedData';

describe('longSource: the haystack check on Japanese (a JaFaithSum summary’s article among 39 others)', function () {
  this.timeout(60_000);

  it('shows at least 90% of the best-matching article sentences within an 8,192-token judge', async function () {
    const file = requireDataset(this, JA_FAITHSUM);
    const budget = 7000;
    let shown = 0;
    let total = 0;
    for (const haystack of haystacksOf(jaSummarised(readJaRows(file)), 30)) {
      const sourceTokens = estimateTokens(haystack.source);
      assert.ok(sourceTokens > 30_000, `a source of ${sourceTokens} tokens`);
      const matches = bestMatches(haystack);
      const { shown: excerpts } = await shortenSource({ source: haystack.source, summary: haystack.summary }, budget, estimateTokens);
      assert.ok(excerpts.shownTokens <= budget);
      shown += shownCount(matches, excerpts.ranges);
      total += matches.length;
    }
    assert.ok(total > 90);
    assert.ok(shown / total >= 0.9, `${shown} of ${total} best matches shown`);
  });
});
