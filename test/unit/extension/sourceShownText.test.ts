/** Why a source was shortened, as the status bar's hover and the exported report say it. */
import * as assert from 'assert';
import type { SourceShown } from '../../../src/core/result';
import { shownWhy } from '../../../src/extension/webview/sourceShownText';

describe('why a source was shortened, in words', () => {
  const shown: SourceShown = { rule: 'BM25', reason: 'context', budgetTokens: 6100, sourceTokens: 21690, shownTokens: 6000, share: 0.27, ranges: [] };

  it('names the judge’s window and where it was learned, when known', () => {
    assert.strictEqual(
      shownWhy({ ...shown, window: { tokens: 8192, detail: "vLLM max_model_len in the server's /models" } }),
      "the whole source would not fit the judge's context of 8,192 tokens (vLLM max_model_len in the server's /models), which left 6,100 tokens for it",
    );
    assert.strictEqual(shownWhy(shown), "the whole source would not fit the judge's context, which left 6,100 tokens for it");
    assert.strictEqual(shownWhy({ ...shown, reason: 'budget', budgetTokens: 300 }), 'the source budget (sumlens.sourceTokens) is 300 tokens');
  });
});
