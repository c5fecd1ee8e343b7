/** Builds the LlmSession a run talks to, from the settings, the trusted endpoint and the key. */
import * as path from 'path';
import type * as vscode from 'vscode';
import { createOpenAiSession } from '../core/llm/openaiSession';
import type { LlmSession } from '../core/llm/types';
import type { ApiKeyStore } from './secrets';
import type { Settings } from './settings';
import { selectLanguageModel, VscodeLmSession } from './vscodeLmSession';

/**
 * The disk cache for judge replies: SUMLENS_CACHE_DIR when set ("off" disables it, as the
 * integration tests do so that each test's scripted replies are really requested),
 * otherwise the extension's global storage.
 */
function cacheDir(globalStorage: vscode.Uri): string | null {
  const fromEnv = process.env.SUMLENS_CACHE_DIR;
  if (fromEnv === 'off') return null;
  return fromEnv || path.join(globalStorage.fsPath, 'cache');
}

export async function createSession(
  settings: Settings,
  baseUrl: string,
  keys: ApiKeyStore,
  globalStorage: vscode.Uri,
): Promise<LlmSession> {
  if (settings.provider === 'vscode-lm') {
    return new VscodeLmSession(await selectLanguageModel(settings.model), settings.concurrency);
  }
  return createOpenAiSession({
    baseURL: baseUrl,
    apiKey: await keys.get(),
    model: settings.model || undefined,
    concurrency: settings.concurrency,
    cacheDir: cacheDir(globalStorage),
  });
}
