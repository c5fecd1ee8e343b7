import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as cacache from 'cacache';
import { z } from 'zod';
import type { ChatResult } from './types';

/**
 * A content-addressed disk cache of chat results (cacache: atomic writes, integrity
 * checked reads, safe under concurrent processes). The key is a hash of everything that
 * determines the answer: endpoint, model, parameters and the rendered messages. The API
 * key is never part of it.
 */
const cachedResultSchema = z.object({
  choices: z.array(
    z.object({
      text: z.string(),
      finishReason: z.string().nullable(),
      logprobs: z
        .array(
          z.object({
            token: z.string(),
            logprob: z.number(),
            top: z.array(z.object({ token: z.string(), logprob: z.number() })),
          }),
        )
        .optional(),
    }),
  ),
  promptTokens: z.number(),
  completionTokens: z.number(),
  logprobsUnavailable: z.boolean().optional(),
});

/** Where the answers are cached inside a cache directory (beside the capabilities file). */
export function resultsCacheDir(cacheDir: string): string {
  return path.join(cacheDir, 'results');
}

export interface CacheStats {
  directory: string;
  entries: number;
  /** Bytes of cached answers. */
  bytes: number;
}

/**
 * Results whose write is under way (callers do not wait for the disk), by directory and key:
 * every session of this process is served from memory until the answer is on disk.
 */
const beingWritten = new Map<string, Omit<ChatResult, 'cached'>>();

export class ResultCache {
  private warned = false;

  /** `onWriteFailure` hears once (per cache) that answers cannot be stored, e.g. a read-only directory. */
  constructor(
    readonly directory: string,
    private readonly onWriteFailure?: (message: string) => void,
  ) {}

  static async stats(directory: string): Promise<CacheStats> {
    const entries = await cacache.ls(directory).catch(() => ({}) as Awaited<ReturnType<typeof cacache.ls>>);
    const list = Object.values(entries);
    return { directory, entries: list.length, bytes: list.reduce((sum, e) => sum + (e.size ?? 0), 0) };
  }

  /** Removes every cached answer; returns how many there were. */
  static async clear(directory: string): Promise<number> {
    const { entries } = await ResultCache.stats(directory);
    await cacache.rm.all(directory);
    return entries;
  }

  static key(parts: Record<string, unknown>): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  async get(key: string): Promise<Omit<ChatResult, 'cached'> | undefined> {
    const writing = beingWritten.get(this.slot(key));
    if (writing) return writing;
    try {
      const { data } = await cacache.get(this.directory, key);
      const parsed = cachedResultSchema.safeParse(JSON.parse(data.toString('utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // a miss, or an entry that failed its integrity check: ask again
    }
  }

  /** Stores a result; a failed write (read-only or full disk) costs a future hit, never the answer in hand. */
  async put(key: string, result: ChatResult): Promise<void> {
    const { cached: _cached, ...stored } = result;
    beingWritten.set(this.slot(key), stored);
    try {
      await cacache.put(this.directory, key, JSON.stringify(stored));
    } catch (error) {
      // The cache is an optimisation: the caller has its answer either way. Say so once.
      if (this.warned) return;
      this.warned = true;
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.onWriteFailure?.(`cannot write the answer cache in ${this.directory} (${reason}); answers are not cached (use --cache-dir DIR or --no-cache)`);
    } finally {
      beingWritten.delete(this.slot(key));
    }
  }

  private slot(key: string): string {
    return `${this.directory}\u0000${key}`;
  }
}
