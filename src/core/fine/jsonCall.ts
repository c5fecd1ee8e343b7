/**
 * One structured LLM call: ask for JSON (json_schema response format; the session falls
 * back to json_object where the server lacks it), parse, validate with zod. A reply that
 * is not JSON or fails the schema is retried once with the problem appended to the
 * conversation; a second failure is an error — a reply is never guessed at.
 *
 * `incomplete` catches a valid reply that left something out (an entity without a
 * result): it is retried once the same way; if the second reply is still incomplete it is
 * used as it is and the gap is reported through `onIncomplete` — what is missing then has
 * no answer, nothing is filled in.
 */
import * as z from 'zod';
import { loopTurn } from '../cooperative';
import { SumLensError, throwIfAborted } from '../errors';
import type { ChatMessage, ChatResult, LlmSession } from '../llm/types';

export interface JsonCall<T> {
  session: LlmSession;
  messages: ChatMessage[];
  schema: z.ZodType<T>;
  /** JSON schema name for response_format. */
  name: string;
  /** Label for progress, usage and errors ("fine:extract:target"). */
  purpose: string;
  signal?: AbortSignal;
  incomplete?(value: T): string | null;
  onIncomplete?(problem: string): void;
}

/** The validated value, or why the reply cannot be used (in words the model can act on). */
function problemWith<T>(text: string, finishReason: string | null, schema: z.ZodType<T>): { problem: string } | { value: T } {
  let json: unknown;
  try {
    json = JSON.parse(stripFences(text));
  } catch (error) {
    const cut = finishReason === 'length' ? '; it was cut off at the token limit' : '';
    return { problem: `the reply is not valid JSON (${(error as Error).message})${cut}` };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { problem: `the reply does not match the schema:\n${z.prettifyError(parsed.error)}` };
}

/** Some servers in json_object mode still wrap the object in a Markdown code fence. */
function stripFences(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  return fenced ? fenced[1] : text;
}

/** The JSON schema of a zod schema, without the "$schema" dialect tag (noise in prompts; some servers reject it). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export async function callJson<T>(call: JsonCall<T>): Promise<T> {
  // A long source's dozens of chunks start their calls at once: their requests are built in turns.
  await loopTurn();
  const responseFormat = { type: 'json_schema' as const, name: call.name, schema: jsonSchemaOf(call.schema) };
  let messages = call.messages;
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    throwIfAborted(call.signal);
    // The reply is read once: the session's accept (whether to cache it) and this call share the outcome.
    let read: { text: string; outcome: ReturnType<typeof problemWith<T>> } | undefined;
    const readReply = (reply: ChatResult) => {
      const text = reply.choices[0]?.text ?? '';
      if (read?.text !== text) read = { text, outcome: problemWith(text, reply.choices[0]?.finishReason ?? null, call.schema) };
      return read.outcome;
    };
    const accept = (reply: ChatResult) => 'value' in readReply(reply);
    const result = await call.session.chat({ messages, responseFormat, temperature: 0, purpose: call.purpose, accept }, call.signal);
    const text = result.choices[0]?.text ?? '';
    const outcome = readReply(result);
    if ('value' in outcome) {
      const gap = call.incomplete?.(outcome.value) ?? null;
      if (gap === null) return outcome.value;
      if (attempt === 2) {
        call.onIncomplete?.(gap);
        return outcome.value;
      }
      problem = gap;
    } else {
      problem = outcome.problem;
    }
    messages = [
      ...call.messages,
      { role: 'assistant', content: text },
      { role: 'user', content: `Your reply could not be used: ${problem}\nReply again with only the corrected JSON object.` },
    ];
  }
  throw new SumLensError('invalid-reply', `${call.purpose}: invalid reply after one retry: ${problem}`);
}
