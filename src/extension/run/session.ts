/** Builds the LlmSession a run talks to, from the settings, the trusted endpoint and the key. */
import * as path from 'path';
import type * as vscode from 'vscode';
import type { SpendLimit } from '../../core/llm/spendLimit';
import type { LlmSession } from '../../core/llm/types';
import type { ApiKeyStore } from '../secrets';
import type { Settings } from '../settings';
import type { RunNotices } from './engineNotices';
import { loadEngine } from './loadEngine';

/**
 * The disk cache for judge replies: SUMLENS_CACHE_DIR when set ("off" disables it, as the
 * integration tests do so that each test's scripted replies are really requested),
 * otherwise the extension's global storage.
 */
export function cacheDir(globalStorage: vscode.Uri): string | null {
  const fromEnv = process.env.SUMLENS_CACHE_DIR;
  if (fromEnv === 'off') return null;
  return fromEnv || path.join(globalStorage.fsPath, 'cache');
}

/**
 * The spending limit of one run (`sumlens.maxCost`), shared by its sessions (a jury's judges);
 * undefined without the setting, or on VS Code's language models (no price per token there).
 */
export function spendLimitFor(settings: Settings, raise = 'sumlens.maxCost'): SpendLimit | undefined {
  if (settings.maxCost === undefined || settings.provider === 'vscode-lm') return undefined;
  return new (loadEngine().SpendLimit)({ maxCostUsd: settings.maxCost, names: { cost: raise } });
}

/** `baseUrl` undefined: the engine's default endpoint. `spendLimit`: the run's, when its other sessions share it. */
export async function createSession(
  settings: Settings,
  baseUrl: string | undefined,
  /** Where the API key and the engine's files (cache, learned quirks) are kept. */
  { keys, globalStorage }: { keys: ApiKeyStore; globalStorage: vscode.Uri },
  { notices, spendLimit = spendLimitFor(settings) }: { notices?: RunNotices; spendLimit?: SpendLimit } = {},
): Promise<LlmSession> {
  const engine = loadEngine();
  const userContext =
    settings.contextTokens === undefined ? undefined : { tokens: settings.contextTokens, detail: `sumlens.contextTokens ${settings.contextTokens}` };
  if (settings.provider === 'vscode-lm') {
    return new engine.VscodeLmSession(await engine.selectLanguageModel(settings.model), settings.concurrency, userContext);
  }
  const apiKey = await keys.get();
  return engine.createOpenAiSession({
    baseURL: baseUrl,
    apiKey,
    model: settings.model || undefined,
    concurrency: settings.concurrency,
    cacheDir: cacheDir(globalStorage),
    reasoningBudget: settings.reasoningBudget,
    userContext,
    spendLimit,
    // The engine redacts what servers say; the key is masked here once more, should a line ever hold it.
    onNotice: notices && ((line) => notices.onNotice(apiKey ? line.split(apiKey).join('***') : line)),
  });
}
