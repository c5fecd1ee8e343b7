import * as assert from 'node:assert/strict';
import OpenAI from 'openai';
import { readErrorBody } from '../../../src/core/llm/errorBody';
import { readCap, readRefusal } from '../../../src/core/llm/refusal';

/** An APIError as the client makes it from a (normalised) error body. */
function apiError(status: number, message: string, param: string | null = null, code: string | null = null) {
  return OpenAI.APIError.generate(status, { error: { message, param, code } }, undefined, new Headers());
}

const sentAll = {
  model: 'm',
  messages: [],
  max_tokens: 8,
  temperature: 0,
  n: 20,
  logprobs: true,
  top_logprobs: 20,
  response_format: { type: 'json_object' },
  seed: 1,
  stop: ['\n'],
};

describe('llm/refusal: a refused parameter and its cap, in the words servers use', () => {
  it('reads the cap from every phrasing in the provider guide', () => {
    const caps: Array<[string, number]> = [
      ["Invalid 'n': integer above maximum value. Expected a value <= 128, but got 130 instead.", 128],
      ['Requested sample logprobs of 21, which is greater than max allowed: 20 (parameter=logprobs, value=21)', 20],
      ['Cannot request more than 5 logprobs.', 5],
      ['top_logprobs must be between 0 and 20', 20],
      ["'n' : number must be at most 1", 1],
      ['n: Must be exactly 1', 1],
      ['candidateCount value of 2 but the supported range is from 1 (inclusive) to 9 (exclusive).', 8],
      ['Multiple candidates is not enabled for this model', 1],
      ['Only one completion choice is allowed', 1],
    ];
    for (const [message, cap] of caps) assert.equal(readCap(message), cap, message);
  });

  it('names the refused parameter from `param`, else from the message; only one that was sent', () => {
    const cases: Array<[ReturnType<typeof apiError>, string | undefined]> = [
      [apiError(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens'), 'max_tokens'],
      [
        apiError(400, "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.", 'temperature'),
        'temperature',
      ],
      [apiError(403, 'You are not allowed to request logprobs from this model'), 'logprobs'],
      [apiError(400, 'Invalid JSON payload received. Unknown name "logprobs": Cannot find field.'), 'logprobs'],
      [apiError(400, "'response_format.type' must be 'json_schema' or 'text'"), 'response_format'],
      [apiError(400, 'This model only support stream mode, please enable the stream parameter to access the model. '), 'stream'],
      [apiError(400, "'n' : number must be at most 1"), 'n'],
      [apiError(400, 'seed is not supported'), 'seed'],
      [apiError(500, 'Only one completion choice is allowed'), 'n'],
      [apiError(403, 'You do not have access to this model'), undefined],
      [apiError(401, 'Incorrect API key provided'), undefined],
      [apiError(500, 'CUDA out of memory'), undefined],
      [
        apiError(400, "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (max_tokens…)", null, 'context_length_exceeded'),
        undefined,
      ],
    ];
    for (const [error, param] of cases) assert.equal(readRefusal(error, sentAll)?.param, param, error.message);
    assert.equal(readRefusal(apiError(400, 'seed is not supported'), { model: 'm' }), undefined, 'a parameter we did not send is not ours to drop');
    assert.deepEqual(readRefusal(apiError(400, 'Cannot request more than 5 logprobs.'), sentAll), {
      param: 'logprobs',
      cap: 5,
      message: 'Cannot request more than 5 logprobs.',
    });
  });
});

describe('llm/errorBody: the server’s words from an error body in any shape', () => {
  const cases: Array<[string, string, string | null, { message: string; param?: string | null }]> = [
    [
      'OpenAI',
      '{"error":{"message":"Invalid \'n\'","type":"invalid_request_error","param":"n","code":"integer_above_max_value"}}',
      null,
      { message: "Invalid 'n'", param: 'n' },
    ],
    [
      'flat vLLM',
      '{"object":"error","message":"Cannot request more than 5 logprobs.","type":"BadRequestError","param":null,"code":400}',
      null,
      { message: 'Cannot request more than 5 logprobs.' },
    ],
    [
      'Gemini list',
      '[{"error":{"code":400,"message":"Unknown name \\"logprobs\\"","status":"INVALID_ARGUMENT"}}]',
      null,
      { message: 'Unknown name "logprobs"' },
    ],
    [
      'string error',
      "{\"error\":\"'response_format.type' must be 'json_schema' or 'text'\"}",
      null,
      { message: "'response_format.type' must be 'json_schema' or 'text'" },
    ],
    ['Anthropic', '{"type":"error","error":{"type":"invalid_request_error","message":"n: Must be exactly 1"}}', null, { message: 'n: Must be exactly 1' }],
    [
      'FastAPI detail',
      '{"detail":[{"loc":["body","n"],"msg":"ensure this value is less than 9"}]}',
      null,
      { message: 'body.n: ensure this value is less than 9', param: 'n' },
    ],
    ['plain text', 'upstream connect error', 'text/plain', { message: 'upstream connect error' }],
    [
      'HTML',
      '<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>',
      'text/html',
      { message: '503 Service Unavailable' },
    ],
  ];
  for (const [shape, text, contentType, expected] of cases) {
    it(shape, () => {
      const body = readErrorBody(text, contentType, 400);
      assert.equal(body.message, expected.message);
      if (expected.param !== undefined) assert.equal(body.param, expected.param);
    });
  }
});
