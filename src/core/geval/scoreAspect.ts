/**
 * One aspect, end to end: evaluation steps (written or generated), an optional reason
 * (rationale-first), then the score by the logprob or sampling route.
 */
import type { LlmSession } from '../llm/types';
import type { AspectTemplate } from '../prompts/template';
import type { AspectResult } from '../result';
import { paperScorePrompt, reasonPrompt, scorePrompt } from './aspectPrompt';
import { evaluationSteps } from './autoCot';
import { askWithFittedSource, type PromptSize, type ShownSource, type SourceFit } from './fitSource';
import { sourcePlaceholder, templateVars, type AspectInput, type VarsOptions } from './inputVariables';
import { REASON_MAX_TOKENS, writeReason } from './rationale';
import { withPreset, type PresetName } from './presets';
import { SCORE_MAX_TOKENS, scorePromptText, type RouteOptions } from './scoreRoutes';

export type AspectMode = 'geval' | 'rationale';

export interface ScoreAspectOptions extends RouteOptions {
  mode?: AspectMode;
  preset?: PresetName;
  /** How the input fills the template: fenced, the author stated. */
  vars?: VarsOptions;
  /** Show the judge at most this many tokens of the source (--source-tokens). */
  sourceTokens?: number;
  /** The language the rationale is written in (prompts/reasonLanguage.ts); English when absent. */
  reasonLanguage?: string;
}

/** AspectResult plus the caveats of this reading (low valid mass, scale refused for logprobs). */
export interface ScoredAspect extends AspectResult {
  warnings?: string[];
}

export async function scoreAspect(session: LlmSession, template: AspectTemplate, input: AspectInput, options: ScoreAspectOptions = {}): Promise<ScoredAspect> {
  const { steps, generated } = await evaluationSteps(session, template, options.signal);
  const { preset, mode, vars: varsOptions, sourceTokens, reasonLanguage, ...routeOptions } = options;
  const settings = withPreset(routeOptions, preset);
  const varsFor = (shown: ShownSource) => templateVars({ ...input, source: shown.text }, { ...varsOptions, sourceHead: shown.head });
  const promptFor = (shown: ShownSource, reason?: string) =>
    settings.layout === 'paper' ? paperScorePrompt(template, varsFor(shown), steps) : scorePrompt(template, varsFor(shown), steps, reason);
  const ask = async (shown: ShownSource) => {
    const reason =
      mode === 'rationale'
        ? await writeReason(session, template.aspect, reasonPrompt(template, varsFor(shown), steps, reasonLanguage), options.signal)
        : undefined;
    return { reason, reading: await scorePromptText(session, promptFor(shown, reason), { scale: template.scale, purpose: template.aspect }, settings) };
  };
  // The prompts this aspect sends, for fitting a long source to the judge's context.
  const scoreReply = Math.max(SCORE_MAX_TOKENS, settings.sampling?.maxTokens ?? 0);
  const prompts = (shown: ShownSource): PromptSize[] =>
    mode === 'rationale'
      ? [
          { text: reasonPrompt(template, varsFor(shown), steps, reasonLanguage), replyTokens: REASON_MAX_TOKENS },
          { text: promptFor(shown, ''), replyTokens: scoreReply + REASON_MAX_TOKENS },
        ]
      : [{ text: promptFor(shown), replyTokens: scoreReply }];

  let fit: SourceFit | undefined;
  let asked: Awaited<ReturnType<typeof ask>>;
  if (template.placeholders.includes(sourcePlaceholder(input.task))) {
    const noun = input.task === 'dialogue' ? 'conversation' : 'document';
    const request = { source: input.source, summary: input.summary, sourceNoun: noun, purpose: template.aspect, prompts, sourceTokens, signal: options.signal };
    ({ value: asked, fit } = await askWithFittedSource(session, request, (fitted) => ask(fitted.shown)));
  } else asked = await ask({ text: input.source });
  const { reason, reading } = asked;
  const provenance = fit?.fallback ? { ...reading.provenance, fallbacks: [...(reading.provenance.fallbacks ?? []), fit.fallback] } : reading.provenance;
  return {
    name: template.aspect,
    task: template.task,
    score: reading.score,
    scale: [template.scale.min, template.scale.max],
    distribution: reading.distribution,
    method: reading.method,
    validMass: reading.validMass,
    provenance,
    ...(reading.samples !== undefined ? { samples: reading.samples, unparsed: reading.unparsed, answers: reading.answers } : {}),
    ...(reason !== undefined ? { reason } : {}),
    steps,
    stepsGenerated: generated,
    template: template.filePath,
    ...(fit?.sourceShown ? { sourceShown: fit.sourceShown } : {}),
    ...(reading.failure ? { error: reading.failure, errorCode: 'invalid-reply' as const } : {}),
    ...(reading.warnings.length > 0 ? { warnings: reading.warnings } : {}),
  };
}
