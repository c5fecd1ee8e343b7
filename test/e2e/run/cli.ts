/** The compiled `sumlens` CLI run in a child process, as a user runs it. */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

export const cliPath = path.join(packageRoot(), 'out', 'src', 'cli', 'run.js');

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
