/** OpenAI's chat completions: plain models, and reasoning models (o-series, gpt-5.x). */
import type { RecordedRequest, ServerProfile } from '../openaiServer';
import { openAiError } from './errorShapes';
import { withThinking } from './thinking';

/** gpt-4o-mini and friends: top_logprobs 0–20, n ≤ 128. */
export const openai: ServerProfile = {
  name: 'OpenAI',
  refuse: ({ body }) => openAiLimits(body),
};

export function openAiLimits(body: any) {
  if (body.n !== undefined && body.n > 128) {
    return openAiError(400, {
      message: `Invalid 'n': integer above maximum value. Expected a value <= 128, but got ${body.n} instead.`,
      param: 'n',
      code: 'integer_above_max_value',
    });
  }
  if (body.top_logprobs !== undefined && body.top_logprobs > 20) {
    return openAiError(400, {
      message: `Invalid 'top_logprobs': integer above maximum value. Expected a value <= 20, but got ${body.top_logprobs} instead.`,
      param: 'top_logprobs',
      code: 'integer_above_max_value',
    });
  }
  return undefined;
}

/** o4-mini / gpt-5: max_tokens, a temperature other than 1 and logprobs are refused; reasoning is hidden. */
export function openaiReasoning(thinkingTokens = 400): ServerProfile {
  return {
    name: 'OpenAI reasoning',
    refuse: ({ body }: RecordedRequest) => {
      if (body.max_tokens !== undefined) {
        return openAiError(400, {
          message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          param: 'max_tokens',
          code: 'unsupported_parameter',
        });
      }
      if (body.temperature !== undefined && body.temperature !== 1) {
        return openAiError(400, {
          message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
          param: 'temperature',
          code: 'unsupported_value',
        });
      }
      if (body.logprobs) return openAiError(403, { message: 'You are not allowed to request logprobs from this model' });
      return openAiLimits(body);
    },
    shape: (completion, body) => withThinking(completion, body, 'hidden', thinkingTokens),
  };
}
