/** The panel's Markdown report says how each score was made, every fallback and caveat, and a shared shortening once. */
import * as assert from 'assert';
import type { AspectResult, EvaluationResult, SourceShown } from '../../../src/core/result';
import { resultToMarkdown } from '../../../src/extension/exportResult';

describe('the Markdown report of a result', () => {
  const shown: SourceShown = {
    rule: 'BM25: …',
    reason: 'context',
    window: { tokens: 8192, detail: "vLLM max_model_len in the server's /models" },
    budgetTokens: 6100,
    sourceTokens: 21690,
    shownTokens: 6000,
    share: 0.27,
    ranges: [{ start: 0, end: 10 }],
  };
  const aspect = (name: string, fallbacks: string[]): AspectResult => ({
    name,
    task: 'summarization',
    score: 3.4,
    scale: [1, 5],
    distribution: { '3': 0.6, '4': 0.4 },
    method: 'logprobs',
    validMass: 0.98,
    provenance: { route: 'logprobs', why: 'server gave readable logprobs', validMass: 0.98, fallbacks },
    sourceShown: shown,
  });
  const shortening = "source shortened: 27% shown, BM25 excerpts, context 8,192 tokens (vLLM max_model_len in the server's /models)";
  const result: EvaluationResult = {
    aspects: [aspect('coherence', [shortening, 'top_logprobs capped at 5']), { ...aspect('fluency', [shortening]), warnings: ['valid mass 62%'] }],
    usage: { calls: 2, promptTokens: 12000, completionTokens: 2, cacheHits: 0, retries: 0 },
    model: 'm',
    endpoint: 'http://127.0.0.1:1/v1',
    method: 'geval',
    task: 'summarization',
    durationMs: 1200,
    warnings: ['the source is not UTF-8'],
    provenance: ['logit_bias dropped (the server refused it)'],
    sourceShown: shown,
  };

  it('names each score’s route, its fallbacks and caveats, the run’s, and the shortening once', () => {
    const text = resultToMarkdown(result, 'summary.md');
    assert.match(text, /\| coherence \| 3\.40 \| 1–5 \| log-probabilities \(server gave readable logprobs\) · valid 98% \|/);
    assert.match(text, /\*\*coherence\*\* fallbacks: top_logprobs capped at 5\n/);
    assert.match(text, /\*\*fluency\*\* ⚠ valid mass 62%\n/);
    assert.match(text, /> ⚠ the source is not UTF-8\n/);
    assert.match(text, /Fallbacks of the run: logit_bias dropped \(the server refused it\)\.\n/);
    assert.equal(text.match(/context of 8,192 tokens \(vLLM max_model_len in the server's \/models\)/g)?.length, 1, text);
    assert.doesNotMatch(text, /source shortened/);
  });
});
