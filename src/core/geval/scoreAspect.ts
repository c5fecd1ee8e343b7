/**
 * One aspect, end to end: evaluation steps (written or generated), an optional reason
 * (rationale-first), then the score by the logprob or sampling route.
 */
import type { LlmSession } from '../llm/types';
import type { TemplateVars } from '../prompts/placeholders';
import type { AspectTemplate } from '../prompts/template';
import type { AspectResult } from '../result';
import { paperScorePrompt, scorePrompt } from './aspectPrompt';
import { evaluationSteps } from './autoCot';
import { writeReason } from './rationale';
import { withPreset, type PresetName } from './presets';
import { scorePromptText, type RouteOptions } from './scoreRoutes';

export type AspectMode = 'geval' | 'rationale';

export interface ScoreAspectOptions extends RouteOptions {
  mode?: AspectMode;
  preset?: PresetName;
}

/** AspectResult plus the caveats of this reading (low valid mass, scale refused for logprobs). */
export interface ScoredAspect extends AspectResult {
  warnings?: string[];
}

export async function scoreAspect(
  session: LlmSession,
  template: AspectTemplate,
  vars: TemplateVars,
  options: ScoreAspectOptions = {},
): Promise<ScoredAspect> {
  const { steps, generated } = await evaluationSteps(session, template, options.signal);
  const reason = options.mode === 'rationale' ? await writeReason(session, template, vars, steps, options.signal) : undefined;
  const { preset, ...routeOptions } = options;
  const settings = withPreset(routeOptions, preset);
  const prompt = settings.layout === 'paper' ? paperScorePrompt(template, vars, steps) : scorePrompt(template, vars, steps, reason);
  const reading = await scorePromptText(session, prompt, template.scale, template.aspect, settings);
  return {
    name: template.aspect,
    task: template.task,
    score: reading.score,
    scale: [template.scale.min, template.scale.max],
    distribution: reading.distribution,
    method: reading.method,
    validMass: reading.validMass,
    provenance: reading.provenance,
    ...(reading.samples !== undefined ? { samples: reading.samples, unparsed: reading.unparsed, answers: reading.answers } : {}),
    ...(reason !== undefined ? { reason } : {}),
    steps,
    stepsGenerated: generated,
    template: template.filePath,
    ...(reading.failure ? { error: reading.failure, errorCode: 'invalid-reply' as const } : {}),
    ...(reading.warnings.length > 0 ? { warnings: reading.warnings } : {}),
  };
}
