import type { Capabilities, ChatRequest } from './types';

/**
 * Thinking models (o-series, gpt-5.x, DeepSeek-R1 style) spend hidden reasoning tokens out of
 * the same limit as the answer, so the few tokens a score needs ("4") would be spent before
 * any visible token: their limit gets this much room on top (`--reasoning-budget`).
 */
export const DEFAULT_REASONING_BUDGET = 2048;

export interface BodyShape {
  /** Reasoning room added to maxTokens: 0 for plain models, 1 budget for thinking ones, 2 on the one retry of a cut-off answer. */
  budgets: number;
  reasoningBudget: number;
}

/** The chat completions body for a request, shaped by what the server is known to accept. */
export function buildRequestBody(
  model: string,
  request: ChatRequest,
  caps: Capabilities,
  shape: BodyShape = { budgets: 0, reasoningBudget: DEFAULT_REASONING_BUDGET },
): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: request.messages };
  if (request.maxTokens !== undefined) {
    const limit = request.maxTokens + shape.budgets * shape.reasoningBudget;
    if (caps.maxCompletionTokens) body.max_completion_tokens = limit;
    else body.max_tokens = limit;
  }
  if (!caps.fixedTemperature) {
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
  }
  if (request.n !== undefined && request.n > 1) body.n = request.n;
  if (request.topLogprobs && caps.logprobs !== false) {
    body.logprobs = true;
    body.top_logprobs = Math.min(request.topLogprobs, caps.topLogprobsCap ?? Infinity);
  }
  const format = request.responseFormat;
  if (format?.type === 'json_schema' && caps.jsonSchema !== false) {
    body.response_format = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema } };
  } else if (format && caps.jsonObject !== false) {
    body.response_format = { type: 'json_object' };
  }
  if (caps.streamOnly) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  for (const name of caps.omit ?? []) delete body[name];
  return body;
}
