import * as assert from 'node:assert/strict';
import { SumLensError } from '../../../src/core/errors';
import { adaptationFor } from '../../../src/core/llm/adaptation';
import { buildRequestBody } from '../../../src/core/llm/requestBody';
import type { Refusal } from '../../../src/core/llm/refusal';

const body = {
  model: 'm',
  messages: [],
  max_tokens: 8,
  temperature: 0,
  n: 20,
  logprobs: true,
  top_logprobs: 20,
  response_format: { type: 'json_schema' },
  seed: 7,
};
const refused = (extra: Partial<Parameters<typeof adaptationFor>[1]> = {}) => ({ body, caps: {}, endpoint: 'http://e/v1', ...extra });
const refusal = (param: Refusal['param'], message: string, cap?: number): Refusal => ({ param, message, ...(cap !== undefined ? { cap } : {}) });

describe('llm/adaptation: what to change after a refusal', () => {
  it('adapts to the cap the server states, or drops the parameter', () => {
    assert.deepEqual(adaptationFor(refusal('logprobs', 'max allowed: 5', 5), refused()), { topLogprobsCap: 5 });
    assert.deepEqual(adaptationFor(refusal('logprobs', 'not allowed to request logprobs'), refused()), { logprobs: false });
    assert.deepEqual(adaptationFor(refusal('n', 'from 1 (inclusive) to 9 (exclusive)', 8), refused()), { nCap: 8 });
    assert.deepEqual(adaptationFor(refusal('n', 'n must be 1'), refused()), { nCap: 1 });
    assert.deepEqual(adaptationFor(refusal('response_format', 'json_schema unsupported'), refused()), { jsonSchema: false });
    assert.deepEqual(adaptationFor(refusal('stream', 'only support stream mode'), refused()), { streamOnly: true });
    assert.deepEqual(adaptationFor(refusal('seed', 'seed is not supported'), refused()), { omit: ['seed'] });
    assert.deepEqual(adaptationFor(refusal('max_tokens', "Use 'max_completion_tokens' instead."), refused()), { maxCompletionTokens: true });
    assert.equal(adaptationFor(refusal('max_tokens', 'max_tokens is too large: 100000'), refused()), undefined, 'a limit too large is not a reasoning model');
  });

  it('a cap below a value the user chose is a usage error for that value', () => {
    assert.throws(
      () => adaptationFor(refusal('logprobs', 'max allowed: 5', 5), refused({ userTopLogprobs: 20 })),
      (e: SumLensError) => e.code === 'usage' && /--top-logprobs 20 is more than http:\/\/e\/v1 allows \(5/.test(e.message),
    );
  });

  it('the next body leaves out what was refused and caps what was capped', () => {
    const request = { messages: [], maxTokens: 8, temperature: 0, topLogprobs: 20, n: 2 };
    const next = buildRequestBody('m', request, { topLogprobsCap: 5, omit: ['temperature'], streamOnly: true });
    assert.deepEqual(next, {
      model: 'm',
      messages: [],
      max_tokens: 8,
      n: 2,
      logprobs: true,
      top_logprobs: 5,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});
