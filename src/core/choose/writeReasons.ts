/**
 * The reasons of reason-grounded evaluation (Tanaka's thesis): K reasons drawn in one request from the few-shot reason prompt, at its
 * settings (temperature 1.0, top-p 0.5, at most 200 tokens). A reason cut by the limit ends
 * at its last full sentence; an empty one is left out; none at all is an error.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import { endAtLastSentence } from '../geval/rationale';
import type { LlmSession } from '../llm/types';

export const REASON_SETTINGS = { temperature: 1, topP: 0.5, maxTokens: 200 } as const;
const reasonText = z.string().trim().min(1);

export async function writeReasons(
  session: LlmSession,
  prompt: string,
  count: number,
  signal?: AbortSignal,
): Promise<{ texts: string[]; fallbacks: string[] }> {
  const result = await session.chat(
    {
      messages: [{ role: 'user', content: prompt }],
      ...REASON_SETTINGS,
      n: count,
      purpose: 'choose:reason',
      accept: (reply) => reply.choices.some((c) => reasonText.safeParse(c.text).success),
    },
    signal,
  );
  const texts = result.choices.flatMap((choice) => {
    const parsed = reasonText.safeParse(choice.text);
    if (!parsed.success) return [];
    return [choice.finishReason === 'length' ? endAtLastSentence(parsed.data) : parsed.data];
  });
  if (texts.length === 0) throw new SumLensError('invalid-reply', `the judge wrote no reason in ${result.choices.length} answers`);
  return { texts, fallbacks: result.fallbacks ?? [] };
}
