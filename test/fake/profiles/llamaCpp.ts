/** llama.cpp's llama-server: n ≠ 1 is a runtime error that ex_wrapper turns into a 500. */
import type { ServerProfile } from '../openaiServer';
import { openAiError } from './errorShapes';

export const llamaCpp: ServerProfile = {
  name: 'llama.cpp',
  refuse: ({ body }) =>
    body.n !== undefined && body.n !== 1 ? openAiError(500, { code: 500, message: 'Only one completion choice is allowed', type: 'server_error' }) : undefined,
};
