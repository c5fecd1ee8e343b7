/**
 * Runs `sumlens` inside the test's own process: main() with argv, its stdout and stderr
 * captured, the environment given for the call only. The same code as bin/sumlens.js without
 * a process start (~0.3 s each), for tables of many invocations; runCli stays the way to test
 * what a user's shell sees. One call at a time: the streams and the environment are shared.
 */
import { main } from '../../../src/cli/main';
import type { CliRun } from './runCli';

let running = false;

export async function runInProcess(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  if (running) throw new Error('runInProcess: one call at a time');
  running = true;
  const saved = { env: process.env, exitCode: process.exitCode, out: process.stdout.write, err: process.stderr.write };
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof process.stdout.write;
  // Only PATH is inherited, as runCli does: no key or cache setting leaks in from the shell.
  process.env = { PATH: saved.env.PATH, ...env };
  process.exitCode = undefined;
  process.stdout.write = capture((t) => (stdout += t));
  process.stderr.write = capture((t) => (stderr += t));
  try {
    const code = await main([process.execPath, 'sumlens', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    process.env = saved.env;
    process.exitCode = saved.exitCode;
    running = false;
  }
}
