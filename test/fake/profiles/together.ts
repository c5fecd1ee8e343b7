/** Together: chat replies carry the legacy completions logprobs shape (parallel arrays, alternatives as a map). */
import type { ServerProfile } from '../openaiServer';

export const together: ServerProfile = {
  name: 'Together',
  shape: (completion) => {
    for (const choice of completion.choices) {
      const tokens: any[] | undefined = choice.logprobs?.content;
      if (!tokens) continue;
      choice.logprobs = {
        tokens: tokens.map((t) => t.token),
        token_logprobs: tokens.map((t) => t.logprob),
        token_ids: tokens.map((_, i) => 1000 + i),
        top_logprobs: tokens.map((t) => Object.fromEntries(t.top_logprobs.map((a: any) => [a.token, a.logprob]))),
      };
    }
    return completion;
  },
};
