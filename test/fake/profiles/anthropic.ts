/** Anthropic's OpenAI SDK compatibility: logprobs, response_format, seed ignored; n must be exactly 1. */
import type { ServerProfile } from '../openaiServer';
import { anthropicError, ignoring } from './errorShapes';

export const anthropic: ServerProfile = {
  name: 'Anthropic OpenAI compatibility',
  // The exact status and words of the n refusal are not established; Anthropic's error shape is.
  refuse: ({ body }) => (body.n !== undefined && body.n !== 1 ? anthropicError(400, 'n: Must be exactly 1') : undefined),
  accept: ignoring('logprobs', 'top_logprobs', 'response_format', 'seed'),
};
