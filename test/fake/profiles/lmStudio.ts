/** LM Studio: logprobs accepted and never returned; n ignored (assumed); json_object refused with a string error. */
import type { ServerProfile } from '../openaiServer';
import { ignoring, stringError } from './errorShapes';

export const lmStudio: ServerProfile = {
  name: 'LM Studio',
  refuse: ({ body }) => (body.response_format?.type === 'json_object' ? stringError(400, "'response_format.type' must be 'json_schema' or 'text'") : undefined),
  accept: ignoring('n', 'logprobs', 'top_logprobs'),
  // The native REST API (0.3.6+): the model as loaded has a shorter context than it could.
  metadata: ({ method, path }) =>
    method === 'GET' && path.startsWith('/api/v0/models/')
      ? {
          id: decodeURIComponent(path.slice('/api/v0/models/'.length)),
          object: 'model',
          type: 'llm',
          publisher: 'lmstudio-community',
          arch: 'llama',
          compatibility_type: 'gguf',
          quantization: 'Q4_K_M',
          state: 'loaded',
          max_context_length: 131072,
          loaded_context_length: 8192,
        }
      : method === 'GET' && path === '/v1/models'
        ? { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'organization_owner' }] }
        : undefined,
};
