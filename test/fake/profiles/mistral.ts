/**
 * Mistral's reasoning models (Magistral): the message content is a list of typed parts, the
 * thinking first (`{type: "thinking", thinking: [{type: "text", text}]}`), then the answer
 * (`{type: "text", text}`); streamed deltas carry the same parts. The thought ends on a
 * misleading score, so a reader that took the thinking for the answer would be caught.
 * No log-probabilities come back (assumed for a reasoning model); n is honoured.
 */
import type { ServerProfile } from '../openaiServer';
import { ignoring } from './errorShapes';
import { MISLEADING_THOUGHT } from './thinking';

const THINKING_TOKENS = 40;

export const mistralReasoning: ServerProfile = {
  name: 'Mistral reasoning (Magistral)',
  accept: ignoring('logprobs', 'top_logprobs'),
  shape: (completion) => {
    for (const choice of completion.choices) {
      choice.message.content = [
        { type: 'thinking', thinking: [{ type: 'text', text: MISLEADING_THOUGHT }] },
        { type: 'text', text: choice.message.content ?? '' },
      ];
    }
    completion.usage.completion_tokens += THINKING_TOKENS * completion.choices.length;
    return completion;
  },
};
