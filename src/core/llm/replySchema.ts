import * as z from 'zod';
import { contentSchema, readContent } from './contentParts';
import { splitThinking } from './thinking';
import type { ChatChoice, TokenLogprob } from './types';

/**
 * The part of an OpenAI-compatible chat completion we rely on. Servers differ in what
 * else they send (vLLM, Ollama, llama.cpp), so unknown fields pass; missing or mistyped
 * essentials fail validation.
 */
const alternativeSchema = z.object({ token: z.string(), logprob: z.number() });

const tokenSchema = alternativeSchema.extend({
  top_logprobs: z.array(alternativeSchema).nullish(),
});

/** Together's chat replies carry the legacy completions shape: parallel arrays, alternatives as a map. */
const legacyLogprobsSchema = z.object({
  tokens: z.array(z.string()),
  token_logprobs: z.array(z.number().nullable()),
  top_logprobs: z.array(z.record(z.string(), z.number()).nullable()).nullish(),
});

export const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        index: z.number().int().optional(),
        message: z.object({
          // A string, or typed parts (Mistral's reasoning models: thinking, then text).
          content: contentSchema.nullish(),
          refusal: z.string().nullish(),
          // vLLM (reasoning_content, later reasoning), Ollama (reasoning), DeepSeek, llama.cpp
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
        logprobs: z.union([legacyLogprobsSchema, z.object({ content: z.array(tokenSchema).nullish() })]).nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

export type ChatCompletionReply = z.infer<typeof chatCompletionSchema>;
type ReplyChoice = ChatCompletionReply['choices'][number];

/** The choices in order, each answer without its thinking (kept apart in `reasoning`). */
export function toChatChoices(reply: ChatCompletionReply): ChatChoice[] {
  const ordered = [...reply.choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((choice) => {
    const content = readContent(choice.message.content);
    const separate = [choice.message.reasoning_content ?? choice.message.reasoning, content.thinking].filter(Boolean).join('\n') || undefined;
    const split = splitThinking(content.text, tokensOf(choice), separate);
    return {
      text: split.answer,
      finishReason: choice.finish_reason ?? null,
      ...(split.tokens ? { logprobs: split.tokens } : {}),
      ...(split.thinking ? { reasoning: split.thinking } : {}),
    };
  });
}

/** A choice's token log-probabilities in one shape, whichever of the two shapes the server used. */
export function tokensOf(choice: ReplyChoice): TokenLogprob[] | undefined {
  const logprobs = choice.logprobs;
  if (!logprobs) return undefined;
  if ('tokens' in logprobs) {
    return logprobs.tokens.map((token, i) => {
      const top = Object.entries(logprobs.top_logprobs?.[i] ?? {}).map(([t, logprob]) => ({ token: t, logprob }));
      return { token, logprob: logprobs.token_logprobs[i] ?? -Infinity, top };
    });
  }
  return logprobs.content?.map((t) => ({ token: t.token, logprob: t.logprob, top: t.top_logprobs ?? [] })) ?? undefined;
}
