/**
 * `sumlens capabilities`: what SumLens has learned about endpoints from their refusals
 * (top_logprobs capped, n refused, max_completion_tokens…), when, in the server's words,
 * and until when; `reset [ENDPOINT]` (or `--reset [ENDPOINT]`) forgets all of it or one endpoint's.
 */
import type { Command } from 'commander';
import { describeQuirk, listCapabilities, resetCapabilities, type EndpointQuirks } from '../../core/llm/capabilityStore';
import { defaultCacheDir } from '../../core/paths';
import { SumLensError } from '../../core/errors';
import { cliIo } from '../io';

interface CapabilitiesFlags {
  reset?: boolean | string;
  cacheDir?: string;
  json?: boolean;
}

export function registerCapabilities(program: Command): void {
  program
    .command('capabilities')
    .description('list the endpoint quirks learned from refusals (kept 7 days) and silent drops (kept 1 day), or forget them')
    .argument('[reset]', 'reset: forget every learned quirk, or those of the endpoint named next')
    .argument('[endpoint]', 'with reset: the endpoint (its base URL) whose quirks to forget')
    .option('--reset [endpoint]', 'forget every learned quirk, or those of one endpoint (its base URL)')
    .option('--cache-dir <dir>', `where they are kept (default ${defaultCacheDir(cliIo().env)})`)
    .option('--json', 'print the list as JSON')
    .action(runCapabilities);
}

function runCapabilities(action: string | undefined, endpointArg: string | undefined, flags: CapabilitiesFlags): void {
  if (action !== undefined && action !== 'reset') throw new SumLensError('usage', `capabilities: unknown action "${action}" (reset is the only one)`);
  if (action === 'reset') flags.reset = endpointArg ?? flags.reset ?? true;
  const dir = flags.cacheDir ?? defaultCacheDir(cliIo().env);
  if (flags.reset !== undefined) {
    const endpoint = typeof flags.reset === 'string' ? flags.reset : undefined;
    const forgotten = resetCapabilities(dir, endpoint);
    cliIo().stderr.write(`sumlens: forgot what was learned about ${forgotten} endpoint/model pair(s)${endpoint ? ` at ${endpoint}` : ''}.\n`);
    return;
  }
  const entries = listCapabilities(dir);
  if (flags.json) {
    cliIo().stdout.write(JSON.stringify(entries, null, 2) + '\n');
    return;
  }
  if (entries.length === 0) {
    cliIo().stderr.write(`sumlens: no endpoint quirks learned (in ${dir}).\n`);
    return;
  }
  cliIo().stdout.write(entries.map(formatEntry).join('\n'));
}

function formatEntry(entry: EndpointQuirks): string {
  const lines = entry.quirks.map((q) => {
    return `  ${describeQuirk(q.name, q.value)}\n    learned ${q.learnedAt.slice(0, 10)}, until ${q.expiresAt.slice(0, 10)}; ${q.because}\n`;
  });
  return `${entry.endpoint}  ${entry.model}\n${lines.join('')}`;
}
