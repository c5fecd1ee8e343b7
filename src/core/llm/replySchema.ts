import { z } from 'zod';
import type { ChatChoice } from './types';

/**
 * The part of an OpenAI-compatible chat completion we rely on. Servers differ in what
 * else they send (vLLM, Ollama, llama.cpp), so unknown fields pass; missing or mistyped
 * essentials fail validation.
 */
const alternativeSchema = z.object({ token: z.string(), logprob: z.number() });

const tokenSchema = alternativeSchema.extend({
  top_logprobs: z.array(alternativeSchema).nullish(),
});

export const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        index: z.number().int().optional(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
        logprobs: z.object({ content: z.array(tokenSchema).nullish() }).nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() })
    .nullish(),
});

export type ChatCompletionReply = z.infer<typeof chatCompletionSchema>;

export function toChatChoices(reply: ChatCompletionReply): ChatChoice[] {
  const ordered = [...reply.choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((choice) => {
    const tokens = choice.logprobs?.content;
    return {
      text: choice.message.content ?? '',
      finishReason: choice.finish_reason ?? null,
      ...(tokens
        ? { logprobs: tokens.map((t) => ({ token: t.token, logprob: t.logprob, top: t.top_logprobs ?? [] })) }
        : {}),
    };
  });
}
