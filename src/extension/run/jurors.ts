/**
 * The jury of `sumlens.judges` as sessions: each judge on its own endpoint and model, with its
 * own key from SecretStorage (SumLens: Set Judge API Key), sharing the answer cache (whose keys
 * hold endpoint and model, so judges never share answers). Two judges or more make a jury.
 */
import * as vscode from 'vscode';
import type { Juror } from '../../core/jury/evaluateJury';
import type { Method } from '../../core/result';
import type { SpendLimit } from '../../core/llm/spendLimit';
import type { ApiKeyStore } from '../secrets';
import type { Settings } from '../settings';
import { loadEngine } from './loadEngine';
import { cacheDir } from './session';

/** True when `method` is scored by the jury of sumlens.judges (G-Eval and rationale-first; the other methods ask the one judge). */
export function judgedByJury(settings: Settings, method: Method): boolean {
  return settings.judges.length >= 2 && settings.provider === 'openai-compatible' && (method === 'geval' || method === 'rationale');
}

/** `spendLimit`: the run's, which every judge spends from. */
export async function jurorsFor(settings: Settings, keys: ApiKeyStore, globalStorage: vscode.Uri, spendLimit?: SpendLimit): Promise<Juror[] | undefined> {
  if (settings.judges.length < 2 || settings.provider !== 'openai-compatible') return undefined;
  const engine = loadEngine();
  return Promise.all(
    settings.judges.map(async (spec) => ({
      spec,
      session: engine.createOpenAiSession({
        baseURL: spec.baseUrl,
        apiKey: await keys.judgeKey(spec.name),
        model: spec.model,
        concurrency: settings.concurrency,
        cacheDir: cacheDir(globalStorage),
        reasoningBudget: settings.reasoningBudget,
        spendLimit,
      }),
    })),
  );
}
