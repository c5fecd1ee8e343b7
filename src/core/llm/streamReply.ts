/**
 * A streamed chat completion (for servers that answer only streamed requests, e.g.
 * DashScope's qwq models), assembled chunk by chunk into the reply a non-streamed request
 * would have had: each choice's content, reasoning and token log-probabilities in order,
 * its finish reason and the usage sent with the last chunk.
 */
import * as z from 'zod';
import { contentSchema, readContent } from './contentParts';

const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        index: z.number().int().optional(),
        delta: z.object({ content: contentSchema.nullish(), reasoning_content: z.string().nullish(), reasoning: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
        logprobs: z.object({ content: z.array(z.unknown()).nullish() }).nullish(),
      }),
    )
    .nullish(),
  usage: z.unknown().optional(),
});

interface ChoiceParts {
  content: string;
  reasoning: string;
  tokens: unknown[] | null;
  finishReason: string | null;
}

/** The assembled reply as plain JSON (validated afterwards like any reply), or undefined when a chunk has the wrong shape. */
export async function assembleStream(chunks: AsyncIterable<unknown>): Promise<unknown> {
  const choices = new Map<number, ChoiceParts>();
  let usage: unknown;
  for await (const raw of chunks) {
    const chunk = chunkSchema.safeParse(raw);
    if (!chunk.success) return undefined;
    if (chunk.data.usage) usage = chunk.data.usage;
    for (const part of chunk.data.choices ?? []) {
      const index = part.index ?? 0;
      const choice = choices.get(index) ?? { content: '', reasoning: '', tokens: null, finishReason: null };
      choices.set(index, choice);
      const content = readContent(part.delta?.content);
      choice.content += content.text;
      choice.reasoning += (part.delta?.reasoning_content ?? part.delta?.reasoning ?? '') + (content.thinking ?? '');
      if (part.logprobs?.content) choice.tokens = [...(choice.tokens ?? []), ...part.logprobs.content];
      if (part.finish_reason) choice.finishReason = part.finish_reason;
    }
  }
  return {
    choices: [...choices.entries()].map(([index, c]) => ({
      index,
      message: { content: c.content, ...(c.reasoning ? { reasoning_content: c.reasoning } : {}) },
      finish_reason: c.finishReason,
      logprobs: c.tokens ? { content: c.tokens } : null,
    })),
    usage,
  };
}
