// Apart from judgesFile.ts: every judged command asks for a judge's key, and importing that
// file builds its zod schemas, a cost at start-up for runs that read no judges file.
import { SumLensError } from '../errors';
import type { JudgeSpec } from './judgesFile';

/** The key a judge is given: its environment variable, which must be set when named. */
export function judgeKey(judge: JudgeSpec, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (judge.apiKeyEnv === undefined) return undefined;
  const key = env[judge.apiKeyEnv];
  if (!key) throw new SumLensError('no-api-key', `judge ${judge.name}: the environment variable ${judge.apiKeyEnv} is not set`);
  return key;
}
