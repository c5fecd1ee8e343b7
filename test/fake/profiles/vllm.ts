/** vLLM's OpenAI server, as its versions and flags make it behave. */
import type { ServerProfile } from '../openaiServer';
import { flatError, openAiError } from './errorShapes';
import { withThinking } from './thinking';

interface VllmOptions {
  /** --max-logprobs (default 20). */
  maxLogprobs?: number;
  /** Before v0.10.1 errors are flat, without the `error` key. */
  flatErrors?: boolean;
}

function vllmError(flat: boolean, message: string, param: string | null) {
  return flat ? flatError(400, message, param) : openAiError(400, { message, type: 'BadRequestError', param, code: 400 });
}

function logprobLimit(body: any, options: VllmOptions) {
  const max = options.maxLogprobs ?? 20;
  if (body.top_logprobs !== undefined && !body.logprobs)
    return vllmError(!!options.flatErrors, 'when using `top_logprobs`, `logprobs` must be set to true.', 'top_logprobs');
  if (body.logprobs && body.top_logprobs > max) {
    return vllmError(
      !!options.flatErrors,
      `Requested sample logprobs of ${body.top_logprobs}, which is greater than max allowed: ${max} (parameter=logprobs, value=${body.top_logprobs})`,
      'logprobs',
    );
  }
  return undefined;
}

export function vllm(options: VllmOptions = {}): ServerProfile {
  return { name: options.flatErrors ? 'vLLM < 0.10.1 (flat errors)' : 'vLLM', refuse: ({ body }) => logprobLimit(body, options) };
}

/** vLLM 0.4.x: at most 5 logprobs, flat error body. */
export const vllm04: ServerProfile = {
  name: 'vLLM 0.4 (max 5 logprobs)',
  refuse: ({ body }) => (body.logprobs && body.top_logprobs > 5 ? flatError(400, 'Cannot request more than 5 logprobs.') : undefined),
};

/** --return-tokens-as-token-ids: every token text is token_id:{id}. */
export const vllmTokenIds: ServerProfile = {
  name: 'vLLM token ids',
  shape: (completion) => {
    const id = (text: string) => `token_id:${[...text].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) % 150000}`;
    for (const choice of completion.choices) {
      for (const token of choice.logprobs?.content ?? []) {
        token.token = id(token.token);
        for (const alt of token.top_logprobs) alt.token = id(alt.token);
      }
    }
    return completion;
  },
};

/** A DeepSeek-R1-style model with --reasoning-parser: thinking in `reasoning`, content null while only thinking. */
export function vllmReasoning(thinkingTokens = 300): ServerProfile {
  return {
    name: 'vLLM reasoning (R1 style)',
    refuse: ({ body }) => logprobLimit(body, {}),
    shape: (completion, body) => withThinking(completion, body, 'reasoning', thinkingTokens),
  };
}
