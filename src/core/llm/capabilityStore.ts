/**
 * Endpoint quirks learned from explicit refusals ("capabilities"), per endpoint and model,
 * so a later run asks the right way the first time. Each quirk keeps when it was learned
 * and the server's words, expires after a week (servers get upgraded), and can be listed
 * and reset (`sumlens capabilities`). A silent drop (logprobs or n ignored on every request
 * of a run) is weaker evidence than a refusal and is kept for one day, as is the size a server
 * silently cut a prompt to; a context window a too-long error stated is kept a week. Kept in capabilities.json beside the answer cache;
 * without a directory it lives in memory only.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { writeFileAtomically } from '../writeAtomically';
import type { Capabilities, ContextWindow } from './types';

export const DEFAULT_QUIRK_TTL_MS = 7 * 24 * 3600 * 1000;
export const SILENT_QUIRK_TTL_MS = 24 * 3600 * 1000;

export type QuirkName = keyof Capabilities;

export interface LearnedQuirk {
  name: QuirkName;
  value: Capabilities[QuirkName];
  /** ISO time it was learned. */
  learnedAt: string;
  /** ISO time it is forgotten. */
  expiresAt: string;
  /** What taught it: the server's words ('the server said: "…"') or what its replies showed. */
  because: string;
}

export interface EndpointQuirks {
  endpoint: string;
  model: string;
  quirks: LearnedQuirk[];
}

const windowSchema = z.object({
  tokens: z.number().int().positive(),
  from: z.enum(['user', 'server', 'table', 'error', 'truncation']),
  detail: z.string(),
  serverTokens: z.number().int().positive().optional(),
});
const quirkSchema = z.object({
  value: z.union([z.boolean(), z.number(), z.array(z.string()), windowSchema]),
  learnedAt: z.string(),
  /** Absent in files written before per-quirk expiry: learnedAt plus a week. */
  expiresAt: z.string().optional(),
  because: z.string(),
});
const fileSchema = z.object({
  version: z.literal(2),
  entries: z.array(z.object({ endpoint: z.string(), model: z.string(), quirks: z.record(z.string(), quirkSchema) })),
});
type StoredEntry = z.infer<typeof fileSchema>['entries'][number];

export interface CapabilityStoreOptions {
  ttlMs?: number;
  now?: () => number;
}

export class CapabilityStore {
  private entries: StoredEntry[];
  private readonly file?: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(directory?: string, options: CapabilityStoreOptions = {}) {
    this.file = directory ? capabilityFile(directory) : undefined;
    this.entries = this.file ? readStore(this.file) : [];
    this.ttlMs = options.ttlMs ?? DEFAULT_QUIRK_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** False when quirks live in memory only (no cache directory): nothing outlives the run. */
  get persistent(): boolean {
    return this.file !== undefined;
  }

  /** What the endpoint is known to accept (unexpired quirks only). */
  get(endpoint: string, model: string): Capabilities {
    const caps: Record<string, unknown> = {};
    for (const quirk of this.learned(endpoint, model)) caps[quirk.name] = quirk.value;
    return caps;
  }

  /** The unexpired quirks of one endpoint and model, with when and why they were learned. */
  learned(endpoint: string, model: string): LearnedQuirk[] {
    const entry = this.entries.find((e) => e.endpoint === endpoint && e.model === model);
    return entry ? this.live(entry) : [];
  }

  /** Records quirks learned from a refusal (or, with a shorter ttl, a silent drop); returns the names that are new (to be announced). */
  update(endpoint: string, model: string, change: Capabilities, { because, ttlMs = this.ttlMs }: { because: string; ttlMs?: number }): QuirkName[] {
    if (this.file) this.entries = readStore(this.file); // another run may have learned meanwhile
    let entry = this.entries.find((e) => e.endpoint === endpoint && e.model === model);
    if (!entry) this.entries.push((entry = { endpoint, model, quirks: {} }));
    const live = new Map(this.live(entry).map((q) => [q.name, q.value]));
    const learnedAt = new Date(this.now()).toISOString();
    const expiresAt = new Date(this.now() + ttlMs).toISOString();
    const fresh: QuirkName[] = [];
    for (const [name, value] of Object.entries(change) as Array<[QuirkName, Capabilities[QuirkName]]>) {
      if (value === undefined) continue;
      if (JSON.stringify(live.get(name)) !== JSON.stringify(value)) fresh.push(name);
      entry.quirks[name] = { value, learnedAt, expiresAt, because };
    }
    this.save();
    return fresh;
  }

  /** Every endpoint's unexpired quirks. */
  list(): EndpointQuirks[] {
    return this.entries.map((e) => ({ endpoint: e.endpoint, model: e.model, quirks: this.live(e) })).filter((e) => e.quirks.length > 0);
  }

  /** Forgets some quirks of one endpoint and model (a reply contradicted them). */
  forget(endpoint: string, model: string, names: QuirkName[]): void {
    if (this.file) this.entries = readStore(this.file);
    const entry = this.entries.find((e) => e.endpoint === endpoint && e.model === model);
    if (!entry) return;
    for (const name of names) delete entry.quirks[name];
    this.save();
  }

  /** Forgets every quirk, or those of one endpoint (any model); returns how many endpoint+model entries went. */
  reset(endpoint?: string): number {
    const before = this.entries.length;
    const wanted = endpoint?.replace(/\/+$/, '');
    this.entries = wanted === undefined ? [] : this.entries.filter((e) => e.endpoint !== wanted);
    this.save();
    return before - this.entries.length;
  }

  private live(entry: StoredEntry): LearnedQuirk[] {
    return Object.entries(entry.quirks)
      .map(([name, quirk]) => ({
        name: name as QuirkName,
        ...quirk,
        expiresAt: quirk.expiresAt ?? new Date(Date.parse(quirk.learnedAt) + this.ttlMs).toISOString(),
      }))
      .filter((quirk) => Date.parse(quirk.expiresAt) > this.now());
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeFileAtomically(this.file, JSON.stringify({ version: 2, entries: this.entries }, null, 2));
    } catch {
      // Remembering is an optimisation; a read-only cache directory must not fail a run.
    }
  }
}

export function capabilityFile(directory: string): string {
  return path.join(directory, 'capabilities.json');
}

/** Lists the quirks remembered in a cache directory (the CLI's and the extension's `capabilities` command). */
export function listCapabilities(directory: string): EndpointQuirks[] {
  return new CapabilityStore(directory).list();
}

/** Forgets the quirks remembered in a cache directory: all, or one endpoint's. */
export function resetCapabilities(directory: string, endpoint?: string): number {
  return new CapabilityStore(directory).reset(endpoint);
}

/** A quirk in words a user reads, e.g. "top_logprobs capped at 5". */
export function describeQuirk(name: QuirkName, value: unknown): string {
  switch (name) {
    case 'logprobs':
      return value === false ? 'no token log-probabilities (logprobs refused or dropped): sampling route' : 'logprobs accepted';
    case 'topLogprobsCap':
      return `top_logprobs capped at ${String(value)}`;
    case 'multipleChoices':
      return value === false ? 'n > 1 refused: one request per answer' : 'n > 1 accepted';
    case 'nCap':
      return value === 1 ? 'n > 1 refused or ignored: one request per answer' : `n capped at ${String(value)}: answers drawn in batches of ${String(value)}`;
    case 'maxCompletionTokens':
      return 'max_tokens refused: max_completion_tokens sent instead';
    case 'fixedTemperature':
      return "temperature refused: the model's default temperature used";
    case 'jsonSchema':
      return 'response_format json_schema refused: json_object asked instead';
    case 'jsonObject':
      return 'response_format refused: the prompt alone asks for JSON';
    case 'streamOnly':
      return 'non-streamed requests refused: answers streamed';
    case 'reasoning':
      return 'a thinking model: token limits raised by the reasoning budget';
    case 'omit':
      return `${(value as string[]).join(', ')} refused: not sent`;
    case 'contextWindow': {
      const window = value as ContextWindow;
      if (window.from === 'truncation') return `context window ${window.tokens} tokens (the size the server cut a prompt to)`;
      // A server that counts more tokens than SumLens: the window it stated, and the same window by SumLens's count.
      const counted =
        window.serverTokens && window.serverTokens !== window.tokens ? `; ${window.tokens} by SumLens's count, as the server counts more tokens` : '';
      return `context window ${window.serverTokens ?? window.tokens} tokens (stated in a too-long error${counted})`;
    }
  }
}

function readStore(file: string): StoredEntry[] {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.entries : [];
  } catch {
    return []; // absent or unreadable (or an older format): learn again
  }
}
