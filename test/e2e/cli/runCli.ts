/** Runs the compiled `sumlens` in a child process, as a user would, and collects what it printed. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

export const cliEntry = path.join(packageRoot(), 'out', 'src', 'cli', 'run.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliProcessOptions {
  /** The folder it runs in (main() in process cannot have its own). */
  cwd?: string;
  /** Called with the child as it starts: to signal or kill it. A promise it returns that rejects fails the run. */
  onStart?: (child: ChildProcess) => void | Promise<void>;
}

/**
 * For what needs a process of its own: a signal, a kill, a working folder. Everything else
 * runs in the test's process (runInProcess). Only PATH is inherited: no key, base URL or
 * cache setting leaks in from the developer's shell.
 */
export function runCli(args: string[], env: Record<string, string | undefined>, { cwd, onStart }: CliProcessOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliEntry, ...args], { env: { PATH: process.env.PATH, ...env }, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    void Promise.resolve(onStart?.(child)).catch(reject);
  });
}

/** The lines of stderr, without empty ones. */
export function stderrLines(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line) => line.trim() !== '');
}
