/**
 * What to change in the next request after a server refused a parameter of this one. The
 * change is read from the refused body (not from what is known by now), so two requests
 * refused side by side teach the same thing. A refusal that leaves nothing to change is
 * reported as it is.
 */
import { SumLensError } from '../errors';
import type { Refusal } from './refusal';
import type { Capabilities } from './types';

export interface RefusedRequest {
  body: Record<string, unknown>;
  caps: Capabilities;
  /** top_logprobs the user chose explicitly; a cap below it is their error, not a quirk to learn. */
  userTopLogprobs?: number;
  endpoint: string;
}

/** The capabilities to learn, or undefined when the refusal cannot be adapted to. */
export function adaptationFor(refusal: Refusal, refused: RefusedRequest): Capabilities | undefined {
  const { body, caps } = refused;
  switch (refusal.param) {
    case 'logprobs': {
      const asked = Number(body.top_logprobs ?? 0);
      if (refusal.cap !== undefined && refusal.cap >= 1 && refusal.cap < asked) {
        if (refused.userTopLogprobs === asked) {
          throw new SumLensError(
            'usage',
            `--top-logprobs ${asked} is more than ${refused.endpoint} allows (${refusal.cap}; it said: "${refusal.message}"); use --top-logprobs ${refusal.cap} or less`,
          );
        }
        return { topLogprobsCap: refusal.cap };
      }
      return body.logprobs === undefined ? undefined : { logprobs: false };
    }
    case 'n': {
      const asked = Number(body.n ?? 1);
      if (asked <= 1) return undefined;
      const cap = refusal.cap !== undefined && refusal.cap >= 1 && refusal.cap < asked ? refusal.cap : 1;
      return { nCap: cap };
    }
    case 'max_tokens':
      // Reasoning models: "Use 'max_completion_tokens' instead". A limit that is merely too large is reported as it is.
      return body.max_tokens !== undefined && /max_completion_tokens|not supported|unsupported/i.test(refusal.message)
        ? { maxCompletionTokens: true }
        : undefined;
    case 'temperature':
    case 'top_p':
      return body[refusal.param] === undefined ? undefined : { fixedTemperature: true };
    case 'response_format': {
      const format = body.response_format as { type?: string } | undefined;
      if (!format) return undefined;
      return format.type === 'json_schema' ? { jsonSchema: false } : { jsonObject: false };
    }
    case 'stream':
      return body.stream === true ? undefined : { streamOnly: true };
    case 'seed':
    case 'stop':
      return body[refusal.param] === undefined ? undefined : { omit: [...new Set([...(caps.omit ?? []), refusal.param])] };
  }
}

/** What a body sent differently from what the request asked, in words a user reads. */
export function bodyFallbacks(
  request: { topLogprobs?: number; temperature?: number; responseFormat?: { type: string } },
  body: Record<string, unknown>,
): string[] {
  const notes: string[] = [];
  if (request.topLogprobs && Number(body.top_logprobs) < request.topLogprobs) {
    notes.push(`top_logprobs capped at ${String(body.top_logprobs)} (asked ${request.topLogprobs})`);
  }
  if (request.temperature !== undefined && body.temperature === undefined) notes.push(`temperature ${request.temperature} refused: the model's default used`);
  if (body.max_completion_tokens !== undefined) notes.push('max_completion_tokens sent instead of max_tokens');
  const format = body.response_format as { type?: string } | undefined;
  if (request.responseFormat && format?.type !== request.responseFormat.type) {
    notes.push(`response_format ${request.responseFormat.type} refused: ${format?.type ?? 'the prompt alone asks for JSON'}`);
  }
  if (body.stream === true) notes.push('streamed (the server answers only streamed requests)');
  return notes;
}
