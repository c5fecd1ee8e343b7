/** Ollama's /v1/chat/completions: n is not a field (ignored); logprobs since 0.12.11. */
import type { ServerProfile } from '../openaiServer';
import { ignoring, openAiError } from './errorShapes';

export const ollama: ServerProfile = {
  name: 'Ollama ≥ 0.12.11',
  refuse: ({ body }) =>
    body.top_logprobs !== undefined && (body.top_logprobs < 0 || body.top_logprobs > 20)
      ? openAiError(400, { message: 'top_logprobs must be between 0 and 20' })
      : undefined,
  accept: ignoring('n'),
};

/** Before 0.12.11: logprobs and top_logprobs dropped silently, as is n. */
export const ollamaOld: ServerProfile = { name: 'Ollama < 0.12.11', accept: ignoring('n', 'logprobs', 'top_logprobs') };

/** Ollama Cloud: logprobs accepted, `logprobs: null` in the reply. */
export const ollamaCloud: ServerProfile = {
  name: 'Ollama Cloud',
  accept: ignoring('n'),
  shape: (completion) => {
    for (const choice of completion.choices) choice.logprobs = null;
    return completion;
  },
};
