import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../writeAtomically';
import type { Capabilities } from './types';

const storeSchema = z.record(
  z.string(),
  z.object({
    logprobs: z.boolean().optional(),
    multipleChoices: z.boolean().optional(),
    maxCompletionTokens: z.boolean().optional(),
    fixedTemperature: z.boolean().optional(),
    jsonSchema: z.boolean().optional(),
    jsonObject: z.boolean().optional(),
  }),
);

/**
 * Remembers, per endpoint and model, which request parameters the server refused, so a
 * later run asks the right way the first time. Kept in a small JSON file beside the
 * cache; without a directory it lives in memory only.
 */
export class CapabilityStore {
  private readonly entries: Record<string, Capabilities>;
  private readonly file?: string;

  constructor(directory?: string) {
    this.file = directory ? path.join(directory, 'capabilities.json') : undefined;
    this.entries = this.file ? readStore(this.file) : {};
  }

  get(endpoint: string, model: string): Capabilities {
    return { ...this.entries[key(endpoint, model)] };
  }

  update(endpoint: string, model: string, change: Capabilities): void {
    const k = key(endpoint, model);
    this.entries[k] = { ...this.entries[k], ...change };
    if (!this.file) return;
    try {
      writeFileAtomically(this.file, JSON.stringify(this.entries, null, 2));
    } catch {
      // Remembering is an optimisation; a read-only cache directory must not fail a run.
    }
  }
}

function key(endpoint: string, model: string): string {
  return `${endpoint} ${model}`;
}

function readStore(file: string): Record<string, Capabilities> {
  try {
    const parsed = storeSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {}; // absent or unreadable: learn again
  }
}
