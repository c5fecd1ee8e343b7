/**
 * The aspect-choice method (`--method choose`), after reason-grounded evaluation (Tanaka,
 * advised by Kobayashi, "評価理由の生成に基づく大規模言語モデルによる自動評価への取り組み",
 * a thesis in Japanese): the judge chooses the aspects that fit the output from a catalogue
 * and scores each 1–5. Without reasons, one request per summary: a reason and a score per
 * chosen aspect. With `reasons` (fsv1 or fsv2 few-shot
 * examples), K reasons are written first and each is scored on its own; the K conditioned
 * readings are pooled: an aspect is chosen when most readings chose it, its score is their
 * mean, with their spread. Aspects not chosen get no number: they are listed as not chosen.
 */
import { evaluateAspects } from '../geval/evaluateAspects';
import type { AspectInput } from '../geval/inputVariables';
import { listTemplates } from '../prompts/resolveTemplate';
import type { RoutePreference } from '../geval/scoreRoutes';
import type { LlmSession } from '../llm/types';
import type { AspectResult, ChoiceSummary, ReasonExamples, SourceShown } from '../result';
import { askWithFittedSource, type PromptSize, type ShownSource } from '../geval/fitSource';
import { loadCatalogue, type Catalogue } from './catalogue';
import { choosePrompts, type ChoosePrompts } from './choosePrompts';
import { pooledChoice, type PooledAspect } from './pooledChoice';
import { readChoice, type ChoiceReading } from './readChoice';
import { REASON_SETTINGS, writeReasons } from './writeReasons';
import { DEFAULT_REASONS_K } from './reasonsDefault';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';

/** A reason and a score for each of a handful of aspects. */
export const ANSWER_MAX_TOKENS = 600;
/** Scores only, after a reason written beforehand. */
export const CONDITIONED_MAX_TOKENS = 120;

export interface ChooseOptions {
  session: LlmSession;
  route?: RoutePreference;
  /** Sampling route: answers drawn per prompt (default 20 for the one-request form, 1 per reason with --reasons). */
  samples?: number;
  reasons?: ReasonExamples;
  reasonsK?: number;
  /** Also score the chosen aspects that have a template of the task (`<task>/<aspect>.md`) with it, by G-Eval. */
  withTemplates?: boolean;
  promptOverrideDir?: string;
  fenceInputs?: boolean;
  /** Show the judge at most this many tokens of the source (--source-tokens). */
  sourceTokens?: number;
  /** The reasons written in this language (prompts/reasonLanguage.ts). */
  reasonLanguage?: string;
  signal?: AbortSignal;
  onProgress?(done: number, total: number, label: string): void;
}

export interface ChooseOutcome {
  aspects: AspectResult[];
  choice: ChoiceSummary;
  provenance: string[];
  /** Set when the question showed excerpts of a long source. */
  sourceShown?: SourceShown;
}

export async function evaluateChoose(input: AspectInput, options: ChooseOptions): Promise<ChooseOutcome> {
  const catalogue = loadCatalogue(options.promptOverrideDir);
  const promptsFor = (shown: ShownSource) =>
    choosePrompts({ ...input, source: shown.text }, catalogue, {
      overrideDir: options.promptOverrideDir,
      fenced: options.fenceInputs,
      sourceHead: shown.head,
      reasonLanguage: options.reasonLanguage,
    });
  // Every prompt of the choice carries the question, and so the source: fitted once for all of them.
  const sizes = (shown: ShownSource): PromptSize[] => {
    const prompts = promptsFor(shown);
    if (!options.reasons) return [{ text: prompts.answer(), replyTokens: ANSWER_MAX_TOKENS }];
    return [
      { text: prompts.reason(options.reasons), replyTokens: REASON_SETTINGS.maxTokens },
      { text: prompts.conditioned(''), replyTokens: CONDITIONED_MAX_TOKENS + REASON_SETTINGS.maxTokens },
    ];
  };
  const noun = input.task === 'dialogue' ? 'conversation' : 'document';
  const request = {
    source: input.source,
    summary: input.summary,
    sourceNoun: noun,
    purpose: 'the aspect choice',
    prompts: sizes,
    sourceTokens: options.sourceTokens,
    signal: options.signal,
  };
  const { value, fit } = await askWithFittedSource(options.session, request, (fitted) => choose(input, catalogue, promptsFor(fitted.shown), options));
  if (!fit.fallback) return value;
  return {
    ...value,
    aspects: value.aspects.map((a) => ({
      ...a,
      sourceShown: fit.sourceShown,
      provenance: a.provenance && { ...a.provenance, fallbacks: [...(a.provenance.fallbacks ?? []), fit.fallback!] },
    })),
    sourceShown: fit.sourceShown,
  };
}

async function choose(input: AspectInput, catalogue: Catalogue, prompts: ChoosePrompts, options: ChooseOptions): Promise<ChooseOutcome> {
  const names = catalogue.aspects.map((a) => a.name);
  const route = options.route ?? 'auto';
  const provenance: string[] = [];

  let readings: ChoiceReading[];
  let reasons: ChoiceSummary['reasons'];
  if (!options.reasons) {
    options.onProgress?.(0, 1, 'choose');
    readings = [
      await readChoice(options.session, prompts.answer(), names, {
        route,
        samples: options.samples ?? DEFAULT_SAMPLES,
        maxTokens: ANSWER_MAX_TOKENS,
        purpose: 'choose',
        signal: options.signal,
      }),
    ];
    options.onProgress?.(1, 1, 'choose');
  } else {
    const asked = options.reasonsK ?? DEFAULT_REASONS_K;
    const total = asked + 1;
    options.onProgress?.(0, total, 'choose:reason');
    const written = await writeReasons(options.session, prompts.reason(options.reasons), asked, options.signal);
    provenance.push(...written.fallbacks);
    if (written.texts.length < asked) provenance.push(`${asked - written.texts.length} of ${asked} reasons were empty and left out`);
    reasons = { examples: options.reasons, asked, texts: written.texts };
    let done = 1;
    options.onProgress?.(done, total, 'choose:reason');
    readings = await Promise.all(
      written.texts.map(async (reason, i) => {
        const reading = await readChoice(options.session, prompts.conditioned(reason), names, {
          route,
          samples: options.samples ?? 1,
          maxTokens: CONDITIONED_MAX_TOKENS,
          purpose: `choose:score ${i + 1}/${written.texts.length}`,
          signal: options.signal,
        });
        options.onProgress?.(++done, total, 'choose:score');
        return reading;
      }),
    );
  }
  for (const reading of readings) provenance.push(...reading.fallbacks);

  const pooled = pooledChoice(readings);
  const chosenNames = new Set(pooled.map((p) => p.aspect));
  const ownTemplate = options.withTemplates ? await scoredByOwnTemplates(input, [...chosenNames], options) : undefined;
  return {
    aspects: pooled.map((p) => aspectResult(p, input, catalogue.filePath)),
    choice: {
      catalogue: catalogue.filePath,
      catalogueOrigin: catalogue.origin,
      offered: names,
      notChosen: names.filter((name) => !chosenNames.has(name)),
      chosen: pooled.map((p) => ({ name: p.aspect, chosenIn: p.chosenIn, of: p.of, ...(p.spread ? p.spread : {}) })),
      ...(reasons ? { reasons } : {}),
      ...(ownTemplate ? { ownTemplate } : {}),
    },
    provenance: [...new Set(provenance)],
  };
}

/** The chosen aspects SumLens has its own template for, scored by G-Eval with it (the same route settings). */
async function scoredByOwnTemplates(input: AspectInput, chosen: string[], options: ChooseOptions): Promise<AspectResult[]> {
  const ids = new Set(listTemplates({ overrideDir: options.promptOverrideDir }).map((t) => t.id));
  const aspects = chosen.filter((name) => ids.has(`${input.task}/${name}`));
  if (aspects.length === 0) return [];
  return evaluateAspects(
    input,
    {
      method: 'geval',
      aspects,
      route: options.route,
      promptOverrideDir: options.promptOverrideDir,
      fenceInputs: options.fenceInputs,
      sourceTokens: options.sourceTokens,
      session: options.session,
    },
    { signal: options.signal },
  );
}

function aspectResult(pooled: PooledAspect, input: AspectInput, catalogueFile: string): AspectResult {
  return {
    name: pooled.aspect,
    task: input.task,
    score: pooled.score,
    scale: [1, 5],
    distribution: pooled.distribution,
    method: pooled.route,
    validMass: pooled.validMass,
    ...(pooled.samples !== undefined ? { samples: pooled.samples, unparsed: pooled.unparsed } : {}),
    reason: pooled.reason,
    template: catalogueFile,
    ...(pooled.warnings.length > 0 ? { warnings: pooled.warnings } : {}),
    provenance: {
      route: pooled.route,
      why: pooled.why,
      validMass: pooled.validMass,
      ...(pooled.samples !== undefined ? { samples: pooled.samples } : {}),
      ...(pooled.fallbacks.length > 0 ? { fallbacks: pooled.fallbacks } : {}),
    },
  };
}
