/** Gemini's OpenAI compatibility: logprobs an unknown field; n is candidateCount (1–8); errors are a JSON list. */
import type { ServerProfile } from '../openaiServer';
import { listError } from './errorShapes';

export const gemini: ServerProfile = {
  name: 'Gemini',
  refuse: ({ body }) => {
    if (body.logprobs !== undefined) return listError(400, 'Invalid JSON payload received. Unknown name "logprobs": Cannot find field.');
    if (body.n !== undefined && body.n > 8) {
      return listError(
        400,
        `Unable to submit request because candidateCount value of ${body.n} but the supported range is from 1 (inclusive) to 9 (exclusive). Update the value and try again.`,
      );
    }
    return undefined;
  },
};
