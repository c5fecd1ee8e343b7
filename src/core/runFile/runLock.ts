/**
 * A lock file next to a run file (`<out>.lock`, holding the writer's pid and host), so two
 * processes never append to one run file. A lock whose process is gone (a killed run) is
 * taken over, and the caller is told.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import * as z from 'zod';
import { SumLensError } from '../errors';

const LockSchema = z.object({ pid: z.number().int(), host: z.string(), started: z.string() });

export function lockPath(out: string): string {
  return `${out}.lock`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): z.infer<typeof LockSchema> | undefined {
  try {
    const parsed = LockSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // vanished or half-written: treated as stale below
  }
}

/** Takes the lock for `out`; returns its release. `onNotice` hears of a stale lock taken over. */
export function acquireRunLock(out: string, onNotice: (text: string) => void = () => {}): () => void {
  const path = lockPath(out);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      return () => {
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    if (holder && (holder.host !== hostname() || alive(holder.pid))) {
      throw new SumLensError(
        'usage',
        `${out} is being written by another sumlens (pid ${holder.pid} on ${holder.host}, since ${holder.started}); ` +
          `wait for it, or delete ${path} if that process is gone`,
      );
    }
    onNotice(`took over the stale lock ${path}${holder ? ` (pid ${holder.pid} is gone)` : ''}`);
    rmSync(path, { force: true });
  }
  throw new SumLensError('usage', `${path}: another process keeps taking the lock`);
}
