/**
 * What a server says about its model's context window, asked once per session (a GET or two,
 * never a chat request). Each kind of server says it in its own place:
 * - OpenAI-compatible `GET /models`: vLLM's and SGLang's `max_model_len`, OpenRouter's and
 *   Together's `context_length`, Groq's `context_window`, Mistral's `max_context_length`;
 *   its `owned_by` also tells llama.cpp ("llamacpp"), Ollama ("library") and vLLM apart;
 * - LM Studio `GET /api/v0/models/{model}`: `loaded_context_length` (the model as loaded),
 *   else `max_context_length`;
 * - llama.cpp `GET /props`: `default_generation_settings.n_ctx` (one slot's context);
 * - Ollama: a loaded model's `context_length` in `GET /api/ps`, else `num_ctx` in the
 *   model's parameters (`POST /api/show`), else Ollama's default for its version (2048
 *   before 0.6.7, 4096 since; from 0.15.5 it depends on the GPU's memory, 4096 at least).
 * Hosted services that have none of the native routes are asked only `/models`. A server
 * that answers none of this leaves the window to the table; nothing here fails a run.
 */
import * as z from 'zod';
import { throwIfAborted } from '../errors';
import type { ContextWindow } from './types';

export type ServerKind = 'vllm' | 'ollama' | 'llama.cpp' | 'lmstudio' | 'other';

export interface ServerContext {
  /** What kind of server answered, when its replies show it. */
  kind?: ServerKind;
  window?: ContextWindow;
}

export interface MetadataTarget {
  /** The OpenAI-compatible base URL (…/v1). */
  baseURL: string;
  model: string;
  headers: Record<string, string>;
  /** For all the look-ups together (default 2.5 s); the metadata is a nicety, never worth a long wait. */
  timeoutMs?: number;
}

const modelEntry = z
  .object({
    id: z.string(),
    owned_by: z.string().optional(),
    max_model_len: z.number().int().positive().optional(),
    context_length: z.number().int().positive().nullish(),
    context_window: z.number().int().positive().optional(),
    max_context_length: z.number().int().positive().optional(),
  })
  .passthrough();
const modelList = z.object({ data: z.array(z.unknown()) });
const lmStudioModel = z.object({ max_context_length: z.number().int().positive().optional(), loaded_context_length: z.number().int().positive().optional() });
const llamaCppProps = z.object({ default_generation_settings: z.object({ n_ctx: z.number().int().positive() }) });
const ollamaPs = z.object({
  models: z.array(z.object({ name: z.string(), model: z.string().optional(), context_length: z.number().int().positive().optional() })),
});
const ollamaShow = z.object({ parameters: z.string().optional() });
const ollamaVersion = z.object({ version: z.string() });

/** Hosts with only the OpenAI-compatible routes: no native route is tried there. */
const hosted =
  /(^|\.)(openai\.com|azure\.com|anthropic\.com|googleapis\.com|mistral\.ai|groq\.com|openrouter\.ai|together\.xyz|deepseek\.com|aliyuncs\.com|fireworks\.ai|deepinfra\.com|x\.ai|cerebras\.ai)$/i;

export async function fetchServerContext(target: MetadataTarget, signal?: AbortSignal): Promise<ServerContext> {
  // One deadline for all the look-ups: a server that hangs costs it once, not once per route.
  const deadline = AbortSignal.timeout(target.timeoutMs ?? 2500);
  const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const get = (url: string, init: RequestInit = {}) => getJson(url, target.headers, init, { until: both, caller: signal });
  const base = target.baseURL.replace(/\/+$/, '');
  const origin = base.replace(/\/v1$/i, '');
  const listed = await fromModelList(await get(`${base}/models`), target.model);
  if (listed.window || hosted.test(new URL(base).hostname)) return listed;
  const kinds: ServerKind[] = listed.kind && listed.kind !== 'other' ? [listed.kind] : ['ollama', 'lmstudio', 'llama.cpp'];
  for (const kind of kinds) {
    const window = await nativeWindow(kind, origin, target.model, get);
    if (window) return { kind, window };
  }
  return listed;
}

async function fromModelList(reply: unknown, model: string): Promise<ServerContext> {
  const list = modelList.safeParse(reply);
  if (!list.success) return {};
  const entries = list.data.data.flatMap((item) => {
    const parsed = modelEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const entry = entries.find((e) => e.id === model) ?? entries.find((e) => e.id.split('/').pop() === model.split('/').pop());
  const owner = (entry ?? entries[0])?.owned_by ?? '';
  const kind: ServerKind = owner === 'vllm' ? 'vllm' : owner === 'llamacpp' ? 'llama.cpp' : owner === 'library' || owner === 'ollama' ? 'ollama' : 'other';
  if (!entry) return { kind };
  const fields: Array<[number | null | undefined, string]> = [
    [entry.max_model_len, 'max_model_len'],
    [entry.context_length, 'context_length'],
    [entry.context_window, 'context_window'],
    [entry.max_context_length, 'max_context_length'],
  ];
  const found = fields.find(([value]) => typeof value === 'number');
  if (!found) return { kind };
  return { kind, window: { tokens: found[0] as number, from: 'server', detail: `${kind === 'vllm' ? 'vLLM ' : ''}${found[1]} in the server's /models` } };
}

type Get = (url: string, init?: RequestInit) => Promise<unknown>;

async function nativeWindow(kind: ServerKind, origin: string, model: string, get: Get): Promise<ContextWindow | undefined> {
  switch (kind) {
    case 'lmstudio': {
      const info = lmStudioModel.safeParse(await get(`${origin}/api/v0/models/${encodeURIComponent(model)}`));
      if (!info.success) return undefined;
      if (info.data.loaded_context_length)
        return { tokens: info.data.loaded_context_length, from: 'server', detail: 'LM Studio loaded_context_length in /api/v0/models' };
      if (info.data.max_context_length) {
        return {
          tokens: info.data.max_context_length,
          from: 'server',
          detail: 'LM Studio max_context_length in /api/v0/models (the model is not loaded: LM Studio may load it with a shorter context)',
        };
      }
      return undefined;
    }
    case 'llama.cpp': {
      const props = llamaCppProps.safeParse(await get(`${origin}/props`));
      return props.success ? { tokens: props.data.default_generation_settings.n_ctx, from: 'server', detail: 'llama.cpp n_ctx in /props' } : undefined;
    }
    case 'ollama':
      return ollamaWindow(origin, model, get);
    default:
      return undefined;
  }
}

async function ollamaWindow(origin: string, model: string, get: Get): Promise<ContextWindow | undefined> {
  const version = ollamaVersion.safeParse(await get(`${origin}/api/version`));
  if (!version.success) return undefined; // not Ollama
  const tagged = model.includes(':') ? model : `${model}:latest`;
  const running = ollamaPs.safeParse(await get(`${origin}/api/ps`));
  const loaded = running.success ? running.data.models.find((m) => m.name === tagged || m.model === tagged || m.name === model) : undefined;
  if (loaded?.context_length) return { tokens: loaded.context_length, from: 'server', detail: 'Ollama context_length of the loaded model in /api/ps' };
  const show = ollamaShow.safeParse(await get(`${origin}/api/show`, { method: 'POST', body: JSON.stringify({ model }) }));
  const numCtx = show.success ? /^num_ctx\s+(\d+)/m.exec(show.data.parameters ?? '')?.[1] : undefined;
  if (numCtx) return { tokens: Number(numCtx), from: 'server', detail: "Ollama num_ctx in the model's parameters (/api/show)" };
  const v = version.data.version;
  const tokens = olderThan(v, [0, 6, 7]) ? 2048 : 4096;
  const vram = olderThan(v, [0, 15, 5]) ? '' : ', or more with a large GPU';
  return { tokens, from: 'server', detail: `Ollama ${v}'s default context length (${tokens}${vram}; OLLAMA_CONTEXT_LENGTH changes it)` };
}

/** Whether a version "0.6.2" or "0.12.11-rc1" comes before the given one. */
export function olderThan(version: string, than: [number, number, number]): boolean {
  const parts = version
    .split(/[.-]/)
    .slice(0, 3)
    .map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < 3; i++) if ((parts[i] ?? 0) !== than[i]) return (parts[i] ?? 0) < than[i];
  return false;
}

/** `until` ends the request (the caller's signal or a timeout); only the caller's abort is thrown, a timeout gives undefined. */
async function getJson(
  url: string,
  headers: Record<string, string>,
  init: RequestInit,
  { until, caller }: { until: AbortSignal; caller?: AbortSignal },
): Promise<unknown> {
  try {
    const response = await fetch(url, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) }, signal: until });
    if (!response.ok) return undefined;
    return await response.json();
  } catch {
    throwIfAborted(caller);
    return undefined; // not this kind of server, or it did not answer: the window is left to the table
  }
}
