/** OpenRouter: n silently ignored; logprobs passed on, here to a provider that gives none. */
import type { ServerProfile } from '../openaiServer';
import { ignoring } from './errorShapes';

export const openRouter: ServerProfile = {
  name: 'OpenRouter',
  accept: ignoring('n', 'logprobs', 'top_logprobs'),
  metadata: ({ method, path }) =>
    method === 'GET' && path === '/v1/models'
      ? {
          data: [
            {
              id: 'openai/gpt-4o-mini',
              name: 'OpenAI: GPT-4o-mini',
              context_length: 128000,
              top_provider: { context_length: 128000, max_completion_tokens: 16384, is_moderated: true },
            },
            {
              id: 'fake-model',
              name: 'Fake: model',
              context_length: 32768,
              top_provider: { context_length: 32768, max_completion_tokens: null, is_moderated: false },
            },
          ],
        }
      : undefined,
};
