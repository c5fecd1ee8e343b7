/**
 * Runs `sumlens` inside the test's own process: main(argv, io) with collectors for stdout and
 * stderr and the environment given, so no process starts (~0.3 s saved a call). The same code
 * as bin/sumlens.js; runCli stays the way to test what a user's shell sees (the bundle, signals,
 * a process that dies). Calls may run at once: each has its own io (see src/cli/io.ts).
 */
import { main } from '../../../src/cli/main';
import type { OutputStream } from '../../../src/cli/io';
import type { CliRun } from './runCli';

/** Only PATH is passed on, as runCli does: no key or cache setting leaks in from the shell. */
export async function runInProcess(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const stdout = collector();
  const stderr = collector();
  const code = await main([process.execPath, 'sumlens', ...args], { stdout, stderr, env: { PATH: process.env.PATH, ...env } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

function collector(): OutputStream & { text: string } {
  return {
    text: '',
    write(text: string) {
      this.text += text;
      return true;
    },
  };
}
