/** Deployments returning convert_ids_to_tokens text: "Ġ" for a leading space, with the bytes of that text. */
import type { ServerProfile } from '../openaiServer';

const byteText = (token: string) => token.replace(/ /g, 'Ġ').replace(/\n/g, 'Ċ');

export const byteLevel: ServerProfile = {
  name: 'byte-level token text',
  shape: (completion) => {
    for (const choice of completion.choices) {
      for (const token of choice.logprobs?.content ?? []) {
        token.token = byteText(token.token);
        token.bytes = [...Buffer.from(token.token)];
        for (const alt of token.top_logprobs) alt.token = byteText(alt.token);
      }
    }
    return completion;
  },
};
