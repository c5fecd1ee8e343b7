import * as assert from 'node:assert/strict';
import { withoutShortening } from '../../../src/core/geval/shortenedLine';

describe('an aspect’s fallbacks where the shortening is said in a place of its own', () => {
  it('leaves the shortening line out, keeps a refit of it and every other fallback', () => {
    const shortened = "source shortened: 31% shown, BM25 excerpts, context 8,192 tokens (vLLM max_model_len in the server's /models)";
    assert.deepEqual(withoutShortening(['top_logprobs capped at 5', shortened]), ['top_logprobs capped at 5']);
    assert.deepEqual(
      withoutShortening([
        `source shortened: 12% shown, BM25 excerpts, context 8,192 tokens (the server said: "max 8192 (tokens)") (fitted again after the server found the prompt too long, to 85% of the window, as the server counts more tokens than SumLens did)`,
      ]),
      ['excerpts fitted again after the server found the prompt too long, to 85% of the window, as the server counts more tokens than SumLens did'],
    );
    assert.deepEqual(withoutShortening(['markup removed (HTML): 12 tags, 0 entities']), ['markup removed (HTML): 12 tags, 0 entities']);
  });
});
