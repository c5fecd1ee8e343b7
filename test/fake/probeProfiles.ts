/**
 * Small behaviour profiles for the fake server, enough for `sumlens probe` tests: each
 * answers the way one kind of server in ../shared/guides/provider-behaviours.md treats
 * logprobs, n, temperature, max_tokens, response_format and streaming. (The full
 * per-provider profiles live in test/fake/profiles/.)
 */
import type { ChatHandler, FakeReply } from './openaiServer';

/** A chat.completion with n choices of `text` and no logprobs, whatever was asked. */
export function completionWithoutLogprobs(text: string, n: number) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: Array.from({ length: n }, (_, index) => ({ index, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null })),
    usage: { prompt_tokens: 10, completion_tokens: n },
  };
}

/** Twenty alternatives at the answer's position: the digits, then words. */
function alternatives(prefix: string): Record<string, number> {
  const tokens = ['3', '2', '4', '1', '5', '0', '6', '7', '8', '9', 'The', 'I', 'Three', '**', '-', 'Score', 'A', 'It', 'Sure', 'Yes'];
  return Object.fromEntries(tokens.map((t, i) => [`${/^\d$/.test(t) ? prefix : ''}${t}`, i === 0 ? -0.1 : -3 - i]));
}

function answer(body: any, options: { tokenPrefix?: string; choices?: number } = {}): FakeReply {
  const token = `${options.tokenPrefix ?? ''}3`;
  const n = options.choices ?? body.n ?? 1;
  return { choices: Array.from({ length: n }, () => ({ text: '3', tokens: [{ token, logprob: -0.1, top: alternatives(options.tokenPrefix ?? '') }] })) };
}

const refuse = (status: number, message: string, param: string | null = null, code: string | null = null): FakeReply => ({
  status,
  error: { message, param, code },
});

export type ProbeProfile = 'openai' | 'openai-reasoning' | 'vllm-capped' | 'ollama-old' | 'llama-cpp' | 'gemini' | 'dashscope';

export const probeProfiles: Record<ProbeProfile, ChatHandler> = {
  // Everything honoured.
  openai: ({ body }) => answer(body),
  // o4-mini: max_completion_tokens only, default temperature only, logprobs a 403.
  'openai-reasoning': ({ body }) => {
    if (body.max_tokens !== undefined) {
      return refuse(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        'max_tokens',
        'unsupported_parameter',
      );
    }
    if (body.temperature !== undefined && body.temperature !== 1) {
      return refuse(
        400,
        `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
        'temperature',
        'unsupported_value',
      );
    }
    if (body.logprobs) return refuse(403, 'You are not allowed to request logprobs from this model');
    return answer(body);
  },
  // vLLM started with --max-logprobs 5, byte-level token texts.
  'vllm-capped': ({ body }) => {
    if (body.top_logprobs > 5) {
      return refuse(
        400,
        `Requested sample logprobs of ${body.top_logprobs}, which is greater than max allowed: 5 (parameter=logprobs, value=${body.top_logprobs})`,
        'logprobs',
      );
    }
    return answer(body, { tokenPrefix: 'Ġ' });
  },
  // Ollama before 0.12.11: logprobs dropped silently, n ignored (one choice).
  'ollama-old': () => ({ raw: JSON.stringify(completionWithoutLogprobs('3', 1)) }),
  // llama-server: n ≠ 1 is a 500.
  'llama-cpp': ({ body }) =>
    (body.n ?? 1) !== 1
      ? { raw: JSON.stringify({ error: { code: 500, message: 'Only one completion choice is allowed', type: 'server_error' } }), status: 500 }
      : answer(body),
  // Gemini 2.5 (OpenAI compatibility): no logprobs field, n up to 8.
  gemini: ({ body }) => {
    if (body.logprobs !== undefined) return refuse(400, 'Invalid JSON payload received. Unknown name "logprobs": Cannot find field.');
    if ((body.n ?? 1) > 8) {
      return refuse(
        400,
        `Unable to submit request because candidateCount value of ${body.n} but the supported range is from 1 (inclusive) to 9 (exclusive). Update the value and try again.`,
      );
    }
    return answer(body);
  },
  // DashScope qwq-plus: streamed requests only.
  dashscope: () =>
    refuse(400, 'This model only support stream mode, please enable the stream parameter to access the model. ', null, 'invalid_parameter_error'),
};
