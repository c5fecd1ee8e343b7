/**
 * The `sumlens.*` settings, read once per run into an immutable, validated snapshot.
 * Trust handling lives in trust.ts; this file only parses.
 */
import * as vscode from 'vscode';
import { z } from 'zod';

export const settingsSchema = z.object({
  provider: z.enum(['openai-compatible', 'vscode-lm']).catch('openai-compatible'),
  model: z.string().catch(''),
  task: z.enum(['summarization', 'dialogue', 'consistency']).catch('summarization'),
  aspects: z.array(z.string().min(1)).catch([]),
  method: z.enum(['geval', 'rationale', 'fine', 'all']).catch('all'),
  samples: z.number().int().min(1).max(100).catch(20),
  concurrency: z.number().int().min(1).max(64).catch(4),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Reads the plain (not trust-sensitive) settings; invalid values fall back to defaults. */
export function readSettings(scope?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration('sumlens', scope);
  return settingsSchema.parse({
    provider: config.get('provider'),
    model: config.get('model'),
    task: config.get('task'),
    aspects: config.get('aspects'),
    method: config.get('method'),
    samples: config.get('samples'),
    concurrency: config.get('concurrency'),
  });
}
