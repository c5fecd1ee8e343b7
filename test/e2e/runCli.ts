/** Runs the compiled `sumlens` CLI in a child process, as a user would, and collects its output. */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/paths';

const cli = path.join(packageRoot(), 'out', 'src', 'cli', 'run.js');

export function runSumlens(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
