/** DashScope (qwq-plus): only streamed requests are answered. */
import type { ServerProfile } from '../openaiServer';
import { openAiError } from './errorShapes';

export const dashScope: ServerProfile = {
  name: 'DashScope (stream only)',
  refuse: ({ body }) =>
    body.stream === true
      ? undefined
      : openAiError(400, {
          code: 'invalid_parameter_error',
          message: 'This model only support stream mode, please enable the stream parameter to access the model. ',
        }),
};
