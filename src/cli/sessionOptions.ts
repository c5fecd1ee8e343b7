import { Command, Option } from 'commander';
import { defaultCacheDir } from '../core/paths';
import { DEFAULT_CONCURRENCY } from '../core/methodsAndTasks';
import { createOpenAiSession, defaultModel } from '../core/llm/openaiSession';
import type { LlmSession } from '../core/llm/types';
import { positiveSeconds, wholeNumber } from './optionParsers';
import { printNotice, printWarning } from './stderr';
import { environmentOption } from './environmentOptions';
import { cliIo } from './io';
import { spendLimitOf, type SpendLimitFlags } from './spendLimitOptions';

export interface SessionFlags extends SpendLimitFlags {
  baseUrl?: string;
  model?: string;
  concurrency: number;
  timeout: number;
  cacheDir?: string;
  cache: boolean;
  reasoningBudget: number;
  contextTokens?: number;
}

/** Values the user typed (not defaults): a server refusing one of them is a usage error, not a quirk to learn. */
export interface ChosenValues {
  topLogprobs?: number;
}

/** The provider flags every command that calls a model shares (eval, bench). */
export function addSessionOptions(command: Command): Command {
  return command
    .addOption(environmentOption('--base-url <url>', 'OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp, LM Studio)', 'OPENAI_BASE_URL'))
    .addOption(environmentOption('--model <name>', `model to judge with (default ${defaultModel})`, 'SUMLENS_MODEL'))
    .addOption(new Option('--concurrency <n>', 'requests in flight at once (1-64)').default(DEFAULT_CONCURRENCY).argParser(wholeNumber(1, 64)))
    .addOption(new Option('--timeout <seconds>', 'limit on one judge call, its retries included').default(120).argParser(positiveSeconds))
    .addOption(
      new Option('--reasoning-budget <tokens>', 'room for a thinking model (o-series, gpt-5, R1) to reason before it answers')
        .default(2048)
        .argParser(positiveInt),
    )
    .addOption(
      new Option(
        '--context-tokens <n>',
        "the judge's context window in tokens, when the server does not tell it or tells it wrong (prompt and answer together)",
      ).argParser(wholeNumber(256)),
    )
    .option('--cache-dir <dir>', `where answers are cached (default ${defaultCacheDir(cliIo().env)})`)
    .option('--no-cache', 'do not read or write the answer cache (what endpoints taught about themselves is kept: sumlens capabilities)');
}

/** A judge of its own endpoint, model and key (a jury's, judgeSession.ts), in place of the flags' one. */
export interface JudgeEndpoint {
  baseUrl?: string;
  model: string;
  apiKey?: string;
}

/**
 * The API key comes from the environment only: never a flag, so it stays out of shell history.
 * `judge`: a jury's judge, with its own endpoint, model and key (--judges FILE).
 */
export function sessionFrom(flags: SessionFlags, chosen: ChosenValues = {}, judge?: JudgeEndpoint): LlmSession {
  return createOpenAiSession({
    baseURL: judge ? judge.baseUrl : flags.baseUrl,
    apiKey: judge ? judge.apiKey : cliIo().env.OPENAI_API_KEY,
    model: judge ? judge.model : flags.model,
    concurrency: flags.concurrency,
    timeoutMs: flags.timeout * 1000,
    cacheDir: flags.cache ? (flags.cacheDir ?? defaultCacheDir(cliIo().env)) : null,
    // --no-cache turns off answers, not what the endpoint told about itself (`capabilities --reset` forgets that).
    capabilitiesDir: flags.cacheDir ?? defaultCacheDir(cliIo().env),
    reasoningBudget: flags.reasoningBudget,
    userTopLogprobs: chosen.topLogprobs,
    userContext: contextTokensOf(flags),
    onNotice: printNotice,
    onWarning: printWarning,
    spendLimit: spendLimitOf(flags),
  });
}

/** The window `--context-tokens` sets, as a session takes it. */
export function contextTokensOf(flags: Pick<SessionFlags, 'contextTokens'>): { tokens: number; detail: string } | undefined {
  return flags.contextTokens === undefined ? undefined : { tokens: flags.contextTokens, detail: `--context-tokens ${flags.contextTokens}` };
}

/** A whole number from 1 up. */
export const positiveInt = wholeNumber(1);
