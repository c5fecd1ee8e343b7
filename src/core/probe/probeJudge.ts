/**
 * `sumlens probe`: a handful of one-token requests, each testing one parameter SumLens
 * relies on, sent straight through the transport (no cache, no adaptation) so that what the
 * server does with each parameter is seen as it is: honoured, capped, ignored or refused,
 * in the server's own words.
 */
import { readContent } from '../llm/contentParts';
import { SumLensError } from '../errors';
import { decodeTokenText } from '../geval/tokenText';
import type { ChatCompletionReply } from '../llm/replySchema';
import type { ChatTransport } from '../llm/session';
import { readCap } from '../llm/refusal';
import { tokensOf } from '../llm/replySchema';

export const PROBE_TOP_LOGPROBS = 20;
export const PROBE_N = 20;
/** Room for a reasoning model's thinking before its one-token answer. */
const REASONING_BUDGET = 1024;

export type Support = 'yes' | 'capped' | 'ignored' | 'refused' | 'not probed';

export interface Capability {
  support: Support;
  /** The largest value accepted, where the server stated or showed one. */
  cap?: number;
  /** What was seen, in words (the server's own words for a refusal). */
  detail: string;
}

export interface JudgeProbe {
  endpoint: string;
  model: string;
  streamingOnly: boolean;
  /** The server's words when it demanded streaming. */
  streamingDetail?: string;
  reasoning: { detected: boolean; detail: string };
  logprobs: Capability & { readableTokens?: boolean };
  n: Capability;
  temperature: Capability;
  structuredOutput: { mode: 'json_schema' | 'json_object' | 'prompt only' | 'not probed'; detail: string };
  /** Requests the probe sent. */
  requests: number;
}

type Attempt = { ok: true; reply: ChatCompletionReply } | { ok: false; error: SumLensError };

const QUESTION = [{ role: 'user', content: 'Reply with the single digit 3 and nothing else.' }];
const STREAM_ONLY = /\bstream(?:ing)?\b[^.]*\b(?:only|required|must|enable)|\bonly supports? stream/i;

export async function probeJudge(transport: ChatTransport, endpoint: string, model: string, signal?: AbortSignal): Promise<JudgeProbe> {
  let requests = 0;
  const send = async (body: Record<string, unknown>): Promise<Attempt> => {
    requests++;
    try {
      return { ok: true, reply: await transport.post({ model, messages: QUESTION, ...body }, signal) };
    } catch (error) {
      if (!(error instanceof SumLensError) || error.code === 'cancelled') throw error;
      return { ok: false, error };
    }
  };

  // The plain request: it must work, or the key, URL or model is wrong (reported as for eval).
  let budget: Record<string, number> = { max_tokens: 1 };
  let reasoning = { detected: false, detail: 'no sign of hidden reasoning' };
  let plain = await send(budget);
  if (!plain.ok && STREAM_ONLY.test(plain.error.message)) return streamingOnly(endpoint, model, plain.error.message, requests);
  if (!plain.ok && /max_tokens/.test(plain.error.message) && /max_completion_tokens/.test(plain.error.message)) {
    budget = { max_completion_tokens: REASONING_BUDGET };
    reasoning = { detected: true, detail: 'refuses max_tokens and wants max_completion_tokens (a reasoning model)' };
    plain = await send(budget);
  }
  if (!plain.ok) throw plain.error;
  const answer = plain.reply.choices[0];
  const content = readContent(answer.message.content);
  if (/<think>/i.test(content.text)) reasoning = { detected: true, detail: 'writes <think>…</think> before its answer' };
  else if (content.thinking) reasoning = { detected: true, detail: 'sends thinking parts before its answer' };
  else if (!content.text && answer.finish_reason === 'length') reasoning = { detected: true, detail: 'spent the whole token budget before answering' };

  const temperature = await probeTemperature(send, budget);
  if (temperature.support === 'refused' && !reasoning.detected)
    reasoning = { detected: true, detail: 'accepts only its default temperature (a reasoning model)' };
  const logprobs = await probeLogprobs(send, budget);
  const n = await probeN(send, budget);
  const structuredOutput = await probeStructuredOutput(send, budget);
  return { endpoint, model, streamingOnly: false, reasoning, logprobs, n, temperature, structuredOutput, requests };
}

type Send = (body: Record<string, unknown>) => Promise<Attempt>;

async function probeTemperature(send: Send, budget: Record<string, number>): Promise<Capability> {
  const result = await send({ ...budget, temperature: 0 });
  return result.ok ? { support: 'yes', detail: 'temperature 0 accepted' } : refusal(result.error);
}

async function probeLogprobs(send: Send, budget: Record<string, number>): Promise<JudgeProbe['logprobs']> {
  let asked = PROBE_TOP_LOGPROBS;
  let result = await send({ ...budget, logprobs: true, top_logprobs: asked });
  if (!result.ok) {
    const cap = readCap(result.error.message);
    if (cap === undefined || cap < 1 || cap >= asked) return refusal(result.error);
    asked = cap;
    result = await send({ ...budget, logprobs: true, top_logprobs: asked });
    if (!result.ok) return refusal(result.error);
  }
  const tokens = tokensOf(result.reply.choices[0]);
  if (!tokens?.length) return { support: 'ignored', detail: 'accepted, but the reply carries no logprobs' };
  const listed = tokens[0].top.length;
  const readableTokens = decodeTokenText(tokens[0].token) !== null;
  const readable = readableTokens ? 'token text readable' : `token text unreadable (${JSON.stringify(tokens[0].token)})`;
  if (asked < PROBE_TOP_LOGPROBS)
    return { support: 'capped', cap: asked, readableTokens, detail: `at most ${asked} alternatives (the server said so); ${readable}` };
  if (listed < asked) return { support: 'capped', cap: listed, readableTokens, detail: `${listed} of ${asked} alternatives returned; ${readable}` };
  return { support: 'yes', readableTokens, detail: `${listed} alternatives; ${readable}` };
}

async function probeN(send: Send, budget: Record<string, number>): Promise<Capability> {
  const result = await send({ ...budget, n: PROBE_N });
  if (!result.ok) {
    const cap = readCap(result.error.message);
    return cap !== undefined && cap > 1 ? { ...refusal(result.error), support: 'capped', cap } : { ...refusal(result.error), cap: 1 };
  }
  const got = result.reply.choices.length;
  if (got >= PROBE_N) return { support: 'yes', detail: `${got} choices for n=${PROBE_N}` };
  return { support: 'ignored', cap: 1, detail: `${got} choice${got === 1 ? '' : 's'} back for n=${PROBE_N}: each answer will be its own request` };
}

async function probeStructuredOutput(send: Send, budget: Record<string, number>): Promise<JudgeProbe['structuredOutput']> {
  const schema = { type: 'object', properties: { score: { type: 'integer' } }, required: ['score'], additionalProperties: false };
  const room = 'max_tokens' in budget ? { max_tokens: 16 } : budget;
  const strict = await send({ ...room, response_format: { type: 'json_schema', json_schema: { name: 'score', schema } } });
  if (strict.ok) return { mode: 'json_schema', detail: 'json_schema accepted' };
  const loose = await send({ ...room, response_format: { type: 'json_object' } });
  if (loose.ok) return { mode: 'json_object', detail: `json_schema refused (${strict.error.message}); json_object accepted` };
  return { mode: 'prompt only', detail: `response_format refused (${loose.error.message}); the prompt alone asks for JSON` };
}

/**
 * A parameter the server refused, in its words. A 401/403 here is about the parameter, not
 * the key: the plain request with the same key has just been answered.
 */
function refusal(error: SumLensError): Capability {
  const detail = error.code === 'auth' ? 'answered 401/403 to this parameter, though the key works for plain requests' : error.message;
  return { support: 'refused', detail };
}

function streamingOnly(endpoint: string, model: string, message: string, requests: number): JudgeProbe {
  const notProbed: Capability = { support: 'not probed', detail: 'the server answers streamed requests only' };
  return {
    endpoint,
    model,
    streamingOnly: true,
    streamingDetail: message,
    reasoning: { detected: false, detail: 'not probed' },
    logprobs: notProbed,
    n: notProbed,
    temperature: notProbed,
    structuredOutput: { mode: 'not probed', detail: notProbed.detail },
    requests,
  };
}
