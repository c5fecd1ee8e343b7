import { createHash } from 'node:crypto';
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

export class ResultCache {
  constructor(readonly directory: string) {}

  static key(parts: Record<string, unknown>): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  async get(key: string): Promise<Omit<ChatResult, 'cached'> | undefined> {
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
    try {
      await cacache.put(this.directory, key, JSON.stringify(stored));
    } catch {
      // The cache is an optimisation: the caller has its answer either way.
    }
  }
}
