/** LM Studio: logprobs accepted and never returned; n ignored (assumed); json_object refused with a string error. */
import type { ServerProfile } from '../openaiServer';
import { ignoring, stringError } from './errorShapes';

export const lmStudio: ServerProfile = {
  name: 'LM Studio',
  refuse: ({ body }) =>
    body.response_format?.type === 'json_object' ? stringError(400, "'response_format.type' must be 'json_schema' or 'text'") : undefined,
  accept: ignoring('n', 'logprobs', 'top_logprobs'),
};
