/**
 * The `sumlens.*` settings, read once per run into an immutable, validated snapshot
 * (settingsSchema.ts). Trust handling lives in trust.ts; this file only reads.
 */
import * as vscode from 'vscode';
import { settingsSchema, type Settings } from './settingsSchema';

export type { Settings } from './settingsSchema';

/**
 * The aspect choice's engine options for one summary: reasons first when asked (one answer per
 * reason then), and the own templates' scores beside. (A dataset run takes its options from its
 * run spec, datasets/datasetRunSpec.ts.)
 */
export function chooseOptionsOf(settings: Settings) {
  const reasons = settings.reasons === 'none' ? undefined : settings.reasons;
  return { ...(reasons ? { reasons, reasonsK: settings.reasonsK, samples: undefined } : {}), withTemplates: settings.chooseWithTemplates };
}

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
    reasons: config.get('reasons'),
    reasonsK: config.get('reasonsK'),
    chooseWithTemplates: config.get('chooseWithTemplates'),
    concurrency: config.get('concurrency'),
    route: config.get('route'),
    maxStandardError: config.get('maxStandardError'),
    reasoningBudget: config.get('reasoningBudget'),
    contextTokens: config.get('contextTokens') ?? undefined,
    sourceTokens: config.get('sourceTokens') ?? undefined,
    maxCost: config.get('maxCost') ?? undefined,
    // Empty: the language VS Code is displayed in (English adds no instruction: prompts/reasonLanguage.ts).
    reasonLanguage: config.get<string>('reasonLanguage') || vscode.env.language,
    repeat: config.get('repeat'),
    passThreshold: config.get('passThreshold') ?? undefined,
    judges: config.get('judges'),
  });
}
