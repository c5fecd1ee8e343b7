/** Runs the built `sumlens` CLI as a user does, against a fake server, and collects what it prints. */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

const cliScript = path.join(packageRoot(), 'out', 'src', 'cli', 'run.js');

export function sumlens(args: string[], env: Record<string, string>): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliScript, ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A source and a summary in a fresh directory (removed by the returned cleanup). */
export function inputFiles(summary = 'The museum reopened after renovation.'): { dir: string; source: string; summary: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-providers-'));
  const files = { source: path.join(dir, 'article.txt'), summary: path.join(dir, 'summary.txt') };
  fs.writeFileSync(files.source, 'The museum reopened on Monday after a two-year renovation costing 8 million euros.');
  fs.writeFileSync(files.summary, summary);
  return { dir, ...files, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
