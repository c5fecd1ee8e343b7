/**
 * A jury's judge on the command line (--judges FILE): a session on the judge's own endpoint and
 * model, with the key from the environment variable the judges file names for it. Apart from
 * sessionOptions.ts, so a run of one judge never loads the jury's files.
 */
import { judgeKey } from '../core/jury/judgeKey';
import type { JudgeSpec } from '../core/jury/judgesFile';
import type { LlmSession } from '../core/llm/types';
import { cliIo } from './io';
import { sessionFrom, type SessionFlags } from './sessionOptions';

export function judgeSession(flags: SessionFlags, judge: JudgeSpec): LlmSession {
  return sessionFrom(flags, {}, { baseUrl: judge.baseUrl, model: judge.model, apiKey: judgeKey(judge, cliIo().env) });
}
