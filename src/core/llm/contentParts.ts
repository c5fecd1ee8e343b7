/**
 * Message content as a list of typed parts, as Mistral's reasoning models (Magistral) send
 * it: `[{type: "thinking", thinking: [{type: "text", text}]}, {type: "text", text}]`, in
 * whole replies and in streamed deltas alike. Text parts are the answer; thinking parts are
 * thinking, kept apart like `reasoning_content`. Parts of other types (references, say) are
 * neither and are left out.
 */
import * as z from 'zod';

const textPart = z.looseObject({ type: z.literal('text'), text: z.string() });
const thinkingPart = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ text: z.string().optional() })]))]),
});
const otherPart = z.looseObject({ type: z.string() });

export const contentSchema = z.union([z.string(), z.array(z.union([textPart, thinkingPart, otherPart]))]);

export type MessageContent = z.infer<typeof contentSchema>;

export interface ReadContent {
  text: string;
  /** The thinking parts' text, when there were any. */
  thinking?: string;
}

export function readContent(content: MessageContent | null | undefined): ReadContent {
  if (content === null || content === undefined) return { text: '' };
  if (typeof content === 'string') return { text: content };
  let text = '';
  let thinking = '';
  for (const part of content) {
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
    else if (part.type === 'thinking') thinking += thinkingText((part as z.infer<typeof thinkingPart>).thinking);
  }
  return thinking ? { text, thinking } : { text };
}

function thinkingText(thinking: z.infer<typeof thinkingPart>['thinking']): string {
  if (typeof thinking === 'string') return thinking;
  return thinking.map((piece) => (typeof piece === 'string' ? piece : (piece.text ?? ''))).join('');
}
