/** Groq: logprobs refused (wording not established), n must be 1; errors without `param`. */
import type { ServerProfile } from '../openaiServer';
import { openAiError } from './errorShapes';

export const groq: ServerProfile = {
  name: 'Groq',
  refuse: ({ body }) => {
    if (body.logprobs !== undefined) return openAiError(400, { message: 'logprobs is not supported' });
    if (body.n !== undefined && body.n > 1) return openAiError(400, { message: "'n' : number must be at most 1" });
    return undefined;
  },
};
