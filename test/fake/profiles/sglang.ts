/** SGLang: alternatives that decode to the same text are collapsed (fewer than asked, the first logprob kept). */
import type { ServerProfile } from '../openaiServer';

export const sglang: ServerProfile = {
  name: 'SGLang (merged alternatives)',
  shape: (completion) => {
    for (const choice of completion.choices) {
      for (const token of choice.logprobs?.content ?? []) {
        const seen = new Set<string>();
        token.top_logprobs = token.top_logprobs.filter((alt: any) => !seen.has(alt.token.trim()) && seen.add(alt.token.trim()));
      }
    }
    return completion;
  },
};
