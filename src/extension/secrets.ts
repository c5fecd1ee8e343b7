/**
 * The API key lives in SecretStorage only (never in a setting, never logged); the
 * environment's OPENAI_API_KEY is the fallback.
 */
import * as vscode from 'vscode';

const secretKey = 'sumlens.apiKey';

export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(): Promise<string | undefined> {
    return (await this.secrets.get(secretKey)) || process.env.OPENAI_API_KEY || undefined;
  }

  /** True when a key is stored in SecretStorage (the environment does not count). */
  async isStored(): Promise<boolean> {
    return Boolean(await this.secrets.get(secretKey));
  }

  store(key: string): Thenable<void> {
    return this.secrets.store(secretKey, key);
  }

  clear(): Thenable<void> {
    return this.secrets.delete(secretKey);
  }

  /** A jury judge's own key (SumLens: Set Judge API Key); never the main key, never a setting. */
  judgeKey(name: string): Thenable<string | undefined> {
    return this.secrets.get(`${secretKey}.judge.${name}`);
  }

  storeJudgeKey(name: string, key: string): Thenable<void> {
    return this.secrets.store(`${secretKey}.judge.${name}`, key);
  }
}
