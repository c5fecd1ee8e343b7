/**
 * Rationale-first scoring (after Tanaka's thesis on reason-grounded evaluation): a first call
 * writes a short reason for the aspect; the score is then read from a prompt conditioned on
 * the question and that reason, so the judgement of one aspect is anchored on what was said about that aspect.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import type { TemplateVars } from '../prompts/placeholders';
import type { AspectTemplate } from '../prompts/template';
import { reasonPrompt } from './aspectPrompt';

/** ~100 words with room to finish the sentence. */
export const REASON_MAX_TOKENS = 200;
const reasonReply = z.string().trim().min(1);

export async function writeReason(
  session: LlmSession,
  template: AspectTemplate,
  { vars, steps }: { vars: TemplateVars; steps: string },
  signal?: AbortSignal,
): Promise<string> {
  const result = await session.chat(
    {
      messages: [{ role: 'user', content: reasonPrompt(template, vars, steps) }],
      temperature: 0,
      maxTokens: REASON_MAX_TOKENS,
      purpose: `reason:${template.aspect}`,
      accept: (reply) => reasonReply.safeParse(reply.choices[0]?.text).success,
    },
    signal,
  );
  const choice = result.choices[0];
  const parsed = reasonReply.safeParse(choice?.text);
  if (!parsed.success) throw new SumLensError('invalid-reply', `the model wrote no reason for ${template.aspect}`);
  return choice.finishReason === 'length' ? endAtLastSentence(parsed.data) : parsed.data;
}

/** A reason cut off by the token limit ends at its last full sentence, if it has one. */
export function endAtLastSentence(text: string): string {
  const lastStop = Math.max(text.lastIndexOf('. '), text.lastIndexOf('.\n'), text.endsWith('.') ? text.length - 1 : -1);
  return lastStop > 0 ? text.slice(0, lastStop + 1) : text;
}
