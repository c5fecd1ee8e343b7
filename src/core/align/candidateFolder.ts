/**
 * A candidate template in a folder of its own, laid out as `--prompts` reads it
 * (<dir>/<task>/<aspect>.md). The folder is named by the template's content hash: the same
 * candidate in a rerun is the same folder, and its prompts hit the answer cache.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomically } from '../writeAtomically';

export function writeCandidateFolder(workDir: string, task: string, aspect: string, templateText: string): string {
  const dir = join(workDir, createHash('sha256').update(templateText).digest('hex').slice(0, 16));
  writeFileAtomically(join(dir, task, `${aspect}.md`), templateText);
  return dir;
}
