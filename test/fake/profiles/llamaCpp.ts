/** llama.cpp's llama-server: n ≠ 1 is a runtime error that ex_wrapper turns into a 500. */
import type { ServerProfile } from '../openaiServer';
import { openAiError } from './errorShapes';

export const llamaCpp: ServerProfile = {
  name: 'llama.cpp',
  refuse: ({ body }) =>
    body.n !== undefined && body.n !== 1 ? openAiError(500, { code: 500, message: 'Only one completion choice is allowed', type: 'server_error' }) : undefined,
  // n_ctx_train in /v1/models is what the model was trained on; /props tells what the server gives one slot.
  metadata: ({ method, path }) =>
    method === 'GET' && path === '/v1/models'
      ? {
          object: 'list',
          data: [
            {
              id: 'fake-model',
              object: 'model',
              created: 0,
              owned_by: 'llamacpp',
              meta: { vocab_type: 2, n_vocab: 128256, n_ctx_train: 131072, n_embd: 4096, n_params: 8030261248, size: 4912898304 },
            },
          ],
        }
      : method === 'GET' && path === '/props'
        ? { default_generation_settings: { n_ctx: 4096, params: { n_predict: -1 } }, total_slots: 1, model_path: '/models/fake-model.gguf', chat_template: '' }
        : undefined,
};
