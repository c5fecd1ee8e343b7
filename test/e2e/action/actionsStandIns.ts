/**
 * Stand-ins for the actions action.yml uses, which talk to GitHub's services: the Actions cache
 * (restore: the exact key, else the newest entry whose key starts with a restore key; save: a
 * key is written once, as GitHub's cache is immutable) and code scanning's SARIF upload.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { UsesHandler } from './compositeRunner';

export class FakeActionsCache {
  private readonly entries: { key: string; copy: string }[] = [];

  constructor(private readonly folder: string) {}

  keys(): string[] {
    return this.entries.map((e) => e.key);
  }

  clear(): void {
    this.entries.length = 0;
  }

  readonly restore: UsesHandler = (inputs) => {
    const prefixes = (inputs['restore-keys'] ?? '').split('\n').filter((k) => k.trim() !== '');
    const hit =
      this.entries.find((e) => e.key === inputs.key) ?? [...this.entries].reverse().find((e) => prefixes.some((prefix) => e.key.startsWith(prefix.trim())));
    if (hit && fs.existsSync(hit.copy)) fs.cpSync(hit.copy, inputs.path, { recursive: true });
  };

  readonly save: UsesHandler = (inputs) => {
    if (this.entries.some((e) => e.key === inputs.key) || !fs.existsSync(inputs.path)) return;
    const copy = path.join(this.folder, String(this.entries.length), path.basename(inputs.path));
    fs.cpSync(inputs.path, copy, { recursive: true });
    this.entries.push({ key: inputs.key, copy });
  };
}

/** Code scanning's upload: keeps the SARIF it was given (a missing file fails, as the action does). */
export function fakeSarifUpload(uploaded: unknown[]): UsesHandler {
  return (inputs) => {
    uploaded.push(JSON.parse(fs.readFileSync(inputs.sarif_file, 'utf8')));
  };
}
