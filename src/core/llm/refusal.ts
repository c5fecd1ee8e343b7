/**
 * Telling a refused parameter from a refused request. A 400, 403 or 422 whose body names a
 * parameter we sent is the server saying "not this parameter" (or "not this value"), not
 * "not you": the session drops or adapts that parameter and asks again. Servers say it in
 * many words (see ../shared/guides/provider-behaviours.md), so the parameter is read from
 * the error's `param` field when it names one we sent, else from the message, and a cap
 * ("at most 1", "greater than max allowed: 5", "<= 128", "from 1 to 9") is read with it.
 */
import OpenAI from 'openai';
import { isApiError } from './isApiError';

/** Request parameters a server may refuse and that we can drop or adapt. */
export type RefusableParam = 'logprobs' | 'n' | 'max_tokens' | 'temperature' | 'response_format' | 'stream' | 'seed' | 'stop' | 'top_p';

export interface Refusal {
  param: RefusableParam;
  /** The largest value the server accepts, when its message says so. */
  cap?: number;
  /** The server's own words. */
  message: string;
}

/** Which body fields each refusable parameter stands for, and how a message names it. */
const params: Array<{ param: RefusableParam; fields: string[]; named: RegExp }> = [
  { param: 'logprobs', fields: ['logprobs', 'top_logprobs'], named: /\b(top_)?logprobs\b/i },
  {
    param: 'n',
    fields: ['n'],
    // 'n', "n", `n`, "n must…", "n: Must be exactly 1", and the words of servers that do not name it
    named:
      /['"`]n['"`]|(^|[^\w.'"-])n\s*(:|must|should|is|>|=|only|not|cannot|can't)\s|\bmultiple (choices|candidates)\b|candidate_?count|completion choices?\b/i,
  },
  { param: 'max_tokens', fields: ['max_tokens'], named: /\bmax_tokens\b/i },
  { param: 'response_format', fields: ['response_format'], named: /\bresponse_format\b|\bjson_schema\b|\bjson_object\b/i },
  { param: 'temperature', fields: ['temperature'], named: /\btemperature\b/i },
  { param: 'top_p', fields: ['top_p'], named: /\btop_p\b/i },
  { param: 'seed', fields: ['seed'], named: /\bseed\b/i },
  { param: 'stop', fields: ['stop'], named: /\bstop\b(?! (mode|reason))/i },
];

/** "only support stream mode", "must be streamed", "please enable the stream parameter" (DashScope qwq). */
const streamDemand = /\bonly supports? stream|stream(ing)? (mode )?(is )?required|must (be )?stream|enable the stream/i;

/** Context-window errors mention max_tokens too, but are about the input. */
export function isContextLengthMessage(code: unknown, message: string): boolean {
  return (
    code === 'context_length_exceeded' ||
    /context length|context window|context size|maximum context|too many tokens|prompt is too long|input is too long|exceeds? the maximum number of tokens/i.test(
      message,
    )
  );
}

/** How each server states its window in a too-long error; the first group is the window. */
const contextLimitWords: RegExp[] = [
  /maximum context length is (\d+)/i, // OpenAI, vLLM: "This model's maximum context length is 8192 tokens."
  /available context size \((\d+)/i, // llama.cpp: "request (9000 tokens) exceeds the available context size (8192 tokens)"
  /(\d+) maximum context length/i, // Mistral: "too large for model with 32768 maximum context length"
  /tokens > (\d+) maximum/i, // Anthropic: "prompt is too long: 210000 tokens > 200000 maximum"
  /maximum number of tokens allowed \((\d+)\)/i, // Gemini: "exceeds the maximum number of tokens allowed (1048576)"
  /context (?:window|length|size) (?:is|of) (\d+)/i,
  /(?:configured |exceeds )limit of (\d+) tokens/i, // "Input tokens exceed the configured limit of 272000 tokens"
];

/** The number the first of `patterns` to match captures, or undefined when none matches. */
function firstNumber(patterns: readonly RegExp[], message: string): number | undefined {
  for (const words of patterns) {
    const found = words.exec(message);
    if (found) return Number(found[1]);
  }
  return undefined;
}

/** The context window a too-long error states, in tokens, or undefined when it names none. */
export function readContextLimit(message: string): number | undefined {
  return firstNumber(contextLimitWords, message);
}

const promptCountWords: RegExp[] = [
  /\((\d+) in the messages/i, // vLLM: "you requested 4241 tokens (4233 in the messages, 8 in the completion)"
  /messages resulted in (\d+) tokens/i, // OpenAI: "However, your messages resulted in 130012 tokens."
  /request \((\d+) tokens\) exceeds/i, // llama.cpp
  /prompt is too long: (\d+) tokens/i, // Anthropic
];

/** The prompt tokens a too-long error says the server counted, where it says so. */
export function readPromptCount(message: string): number | undefined {
  return firstNumber(promptCountWords, message);
}

/**
 * The parameter an error refused, or undefined when the error is about something else
 * (the key, the model, the input, an outage). `sent` is the request body that was refused.
 */
export function readRefusal(error: unknown, sent: Record<string, unknown>): Refusal | undefined {
  if (!isApiError(error)) return undefined;
  const status = error.status ?? 0;
  const message = serverWords(error);
  if (isContextLengthMessage(error.code, message)) return undefined;
  if (status >= 500) {
    // llama.cpp answers n > 1 with a 500 "Only one completion choice is allowed": retrying
    // it would fail forever, so a 5xx that clearly refuses n is read as the refusal it is.
    return sent.n !== undefined && /only one (completion )?choice/i.test(message) ? { param: 'n', cap: 1, message } : undefined;
  }
  if (status !== 400 && status !== 403 && status !== 422) return undefined;
  if (sent.stream !== true && streamDemand.test(message)) return { param: 'stream', message };
  const param = namedParam(typeof error.param === 'string' ? error.param : '', message, sent);
  // A 403 is a refused key unless it is about logprobs (o4-mini: "not allowed to request logprobs").
  if (!param || (status === 403 && param !== 'logprobs')) return undefined;
  const cap = param === 'n' || param === 'logprobs' ? readCap(message) : undefined;
  return { param, ...(cap !== undefined ? { cap } : {}), message };
}

/** The refused parameter, from the `param` field or else the earliest one the message names; only one we sent. */
function namedParam(field: string, message: string, sent: Record<string, unknown>): RefusableParam | undefined {
  const wasSent = (entry: (typeof params)[number]) => entry.fields.some((f) => sent[f] !== undefined);
  const fromField = params.find((entry) => wasSent(entry) && entry.fields.some((f) => field === f || field.startsWith(`${f}.`)));
  if (fromField) return fromField.param;
  let earliest: { param: RefusableParam; at: number } | undefined;
  for (const entry of params) {
    if (!wasSent(entry)) continue;
    const at = message.search(entry.named);
    if (at >= 0 && (!earliest || at < earliest.at)) earliest = { param: entry.param, at };
  }
  return earliest?.param;
}

/** The largest accepted value a refusal states, in the words servers use. */
export function readCap(message: string): number | undefined {
  const exclusive = /from (\d+) \(inclusive\) to (\d+) \(exclusive\)/i.exec(message);
  if (exclusive) return Number(exclusive[2]) - 1;
  const range = /(?:from|between) (\d+) (?:to|and) (\d+)/i.exec(message);
  if (range) return Number(range[2]);
  const single = /(?:at most|exactly|max(?:imum)? allowed:?|<=|more than|maximum(?: value)?(?: is| of)?|up to|cannot exceed|must not exceed)\s*(\d+)/i.exec(
    message,
  );
  if (single) return Number(single[1]);
  if (/\bonly one\b|multiple candidates is not enabled/i.test(message)) return 1;
  return undefined;
}

/** The server's message without the status the client puts in front of it. */
export function serverWords(error: InstanceType<typeof OpenAI.APIError>): string {
  return String(error.message).replace(/^\d{3}\s+/, '');
}
