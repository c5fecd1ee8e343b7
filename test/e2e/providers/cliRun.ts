/** Input files for the providers' CLI runs (made with runInProcess against a fake server). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A source and a summary in a fresh directory (removed by the returned cleanup). */
export function inputFiles(summary = 'The museum reopened after renovation.'): { dir: string; source: string; summary: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-providers-'));
  const files = { source: path.join(dir, 'article.txt'), summary: path.join(dir, 'summary.txt') };
  fs.writeFileSync(files.source, 'The museum reopened on Monday after a two-year renovation costing 8 million euros.');
  fs.writeFileSync(files.summary, summary);
  return { dir, ...files, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
