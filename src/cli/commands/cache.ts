/** `sumlens cache stats|clear`: what the answer cache holds and where, or empty it. */
import type { Command } from 'commander';
import { ResultCache, resultsCacheDir, type CacheStats } from '../../core/llm/cache';
import { defaultCacheDir } from '../../core/paths';
import { cliIo } from '../io';

interface CacheFlags {
  cacheDir?: string;
  json?: boolean;
}

export function registerCache(program: Command): void {
  const cache = program.command('cache').description('show the answer cache (stats) or empty it (clear)');
  cache
    .command('stats')
    .description('entries, size and path of the answer cache')
    .option('--cache-dir <dir>', `the cache directory (default ${defaultCacheDir(cliIo().env)})`)
    .option('--json', 'print JSON')
    .action(async (flags: CacheFlags) => {
      const stats = await ResultCache.stats(directoryOf(flags));
      cliIo().stdout.write(flags.json ? JSON.stringify(stats, null, 2) + '\n' : describe(stats) + '\n');
    });
  cache
    .command('clear')
    .description('remove every cached answer (learned endpoint capabilities are kept)')
    .option('--cache-dir <dir>', `the cache directory (default ${defaultCacheDir(cliIo().env)})`)
    .action(async (flags: CacheFlags) => {
      const directory = directoryOf(flags);
      const removed = await ResultCache.clear(directory);
      cliIo().stdout.write(`removed ${removed} cached answer(s) from ${directory}\n`);
    });
}

function directoryOf(flags: CacheFlags): string {
  return resultsCacheDir(flags.cacheDir ?? defaultCacheDir(cliIo().env));
}

function describe(stats: CacheStats): string {
  return `${stats.directory}: ${stats.entries} cached answer(s), ${formatBytes(stats.bytes)}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
