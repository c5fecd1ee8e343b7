import type { Capabilities, ChatRequest } from './types';

/**
 * Reasoning models count their hidden reasoning against max_completion_tokens, so the tiny
 * budget a score needs ("4") would be spent before any visible token; give them room.
 */
const reasoningModelTokenFloor = 2048;

/** The chat completions body for a request, shaped by what the server is known to accept. */
export function buildRequestBody(model: string, request: ChatRequest, caps: Capabilities): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: request.messages };
  if (request.maxTokens !== undefined) {
    if (caps.maxCompletionTokens) body.max_completion_tokens = Math.max(request.maxTokens, reasoningModelTokenFloor);
    else body.max_tokens = request.maxTokens;
  }
  if (!caps.fixedTemperature) {
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
  }
  if (request.n !== undefined && request.n > 1) body.n = request.n;
  if (request.topLogprobs && caps.logprobs !== false) {
    body.logprobs = true;
    body.top_logprobs = request.topLogprobs;
  }
  const format = request.responseFormat;
  if (format?.type === 'json_schema' && caps.jsonSchema !== false) {
    body.response_format = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema } };
  } else if (format && caps.jsonObject !== false) {
    body.response_format = { type: 'json_object' };
  }
  return body;
}
