import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import type { ChatResult } from './types';

/**
 * A content-keyed disk cache of chat results: one file per answer, `<dir>/<ab>/<key>.json`,
 * written to a temporary name and renamed into place, so a reader (in this or another process)
 * sees a whole entry or none; an entry whose key or shape does not check out is a miss. The
 * key is a hash of everything that determines the answer: endpoint, model, parameters and the
 * rendered messages. The API key is never part of it. (Our own rather than cacache: the same
 * guarantees for this one use, without 200 KB of dependencies to load before the first request.)
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

const entrySchema = z.object({ key: z.string(), result: cachedResultSchema });

const KEY = /^[0-9a-f]{64}$/;

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
 * Results whose write is under way, by directory and key: another session of this process
 * asking meanwhile is served from memory rather than sending the request again.
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
    const files = await entryFiles(directory);
    const sizes = await Promise.all(
      files.map((file) =>
        fs.stat(file).then(
          (stat) => stat.size,
          () => 0,
        ),
      ),
    );
    return { directory, entries: files.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
  }

  /** Removes every cached answer; returns how many there were. */
  static async clear(directory: string): Promise<number> {
    const { entries } = await ResultCache.stats(directory);
    await fs.rm(directory, { recursive: true, force: true });
    return entries;
  }

  static key(parts: Record<string, unknown>): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  async get(key: string): Promise<Omit<ChatResult, 'cached'> | undefined> {
    const writing = beingWritten.get(this.slot(key));
    if (writing) return writing;
    try {
      const parsed = entrySchema.safeParse(JSON.parse(await fs.readFile(this.file(key), 'utf8')));
      return parsed.success && parsed.data.key === key ? parsed.data.result : undefined;
    } catch {
      return undefined; // a miss, or an entry that is not one of ours: ask again
    }
  }

  /** Stores a result; a failed write (read-only or full disk) costs a future hit, never the answer in hand. */
  async put(key: string, result: ChatResult): Promise<void> {
    const { cached: _cached, ...stored } = result;
    beingWritten.set(this.slot(key), stored);
    const file = this.file(key);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(temporary, JSON.stringify({ key, result: stored }));
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => {});
      // The cache is an optimisation: the caller has its answer either way. Say so once.
      if (this.warned) return;
      this.warned = true;
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.onWriteFailure?.(`cannot write the answer cache in ${this.directory} (${reason}); answers are not cached (use --cache-dir DIR or --no-cache)`);
    } finally {
      beingWritten.delete(this.slot(key));
    }
  }

  private file(key: string): string {
    return path.join(this.directory, key.slice(0, 2), `${key}.json`);
  }

  private slot(key: string): string {
    return `${this.directory}\u0000${key}`;
  }
}

/** The entry files of a cache directory (none when it does not exist). */
async function entryFiles(directory: string): Promise<string[]> {
  const shards = await fs.readdir(directory).catch(() => [] as string[]);
  const lists = await Promise.all(
    shards
      .filter((shard) => /^[0-9a-f]{2}$/.test(shard))
      .map(async (shard) =>
        (await fs.readdir(path.join(directory, shard)).catch(() => [] as string[]))
          .filter((name) => KEY.test(name.slice(0, -5)) && name.endsWith('.json'))
          .map((name) => path.join(directory, shard, name)),
      ),
  );
  return lists.flat();
}
