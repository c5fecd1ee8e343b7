/**
 * How scores are read, shared by `eval`, `eval --data`, `bench` and `audit`: the route (log-
 * probabilities or sampling), the sampling route's standard-error bound, a paper's preset, the
 * fenced prompt variant, and the most tokens of the source the judge is shown.
 * A dataset run records them in its run spec (runSpecFromFlags.ts), so a resume or a
 * comparison with other values is refused.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { EvaluateOptions } from '../core/evaluate';
import { DEFAULT_MAX_STANDARD_ERROR } from '../core/geval/adaptiveSampling';
import { PRESETS, type PresetName } from '../core/geval/presets';
import { reasonLanguageOf } from '../core/prompts/reasonLanguage';
import { ROUTES, type RoutePreference } from '../core/geval/scoreRoutes';
import { wholeNumber } from './optionParsers';

export interface ScoringFlags {
  route: RoutePreference;
  maxSe: number;
  preset?: PresetName;
  fenceInputs?: boolean;
  sourceTokens?: number;
  reasonLanguage?: string;
}

function nonNegativeNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new InvalidArgumentError(`expected a number of 0 or more, got "${text}"`);
  return value;
}

export function addScoringOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--route <route>', 'how scores are read: auto (log-probabilities where readable, else sampling), logprobs, or sampling')
        .choices([...ROUTES])
        .default('auto'),
    )
    .option(
      '--max-se <share>',
      `sampling route: stop drawing once the standard error of the mean score is below this share of the scale's range (${DEFAULT_MAX_STANDARD_ERROR} is 0.1 point on 1-3; 0 draws all --samples at once)`,
      nonNegativeNumber,
      DEFAULT_MAX_STANDARD_ERROR,
    )
    .addOption(
      new Option(
        '--preset <name>',
        "reproduce a paper's settings: geval-paper (G-Eval's prompt layout, temperature 2, max_tokens 5, top_p 1, n 20, its parse rule); overrides --route, --samples, --max-se, --parse",
      ).choices([...PRESETS]),
    )
    .option(
      '--fence-inputs',
      'put the judged texts between markers they cannot contain and tell the judge they are data, not instructions (a defence against text that addresses the judge)',
    )
    .option(
      '--source-tokens <n>',
      "show the judge at most N tokens of the source: above that, the source sentences that bear on the summary (BM25 excerpts, in document order); a source too long for the judge's context is shortened so without this flag",
      wholeNumber(1),
    )
    .option(
      '--reason-language <tag>',
      'write reasons, rationales and finding explanations in this language (a language tag: ja, zh-Hans, de); the instructions stay in English, which judges follow best',
      languageTag,
    );
}

function languageTag(text: string): string {
  try {
    reasonLanguageOf(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  return text.trim();
}

/** The evaluate() options these flags set. */
export function scoringOptions(
  flags: ScoringFlags,
): Pick<EvaluateOptions, 'route' | 'maxStandardError' | 'preset' | 'fenceInputs' | 'sourceTokens' | 'reasonLanguage'> {
  const reasonLanguage = reasonLanguageOf(flags.reasonLanguage);
  return {
    route: flags.route,
    maxStandardError: flags.maxSe,
    ...(flags.preset ? { preset: flags.preset } : {}),
    ...(flags.fenceInputs ? { fenceInputs: true } : {}),
    ...(flags.sourceTokens !== undefined ? { sourceTokens: flags.sourceTokens } : {}),
    ...(reasonLanguage !== undefined ? { reasonLanguage } : {}),
  };
}
