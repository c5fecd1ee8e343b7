/**
 * Auto chain-of-thought (G-Eval): a template without evaluation steps gets them written by
 * the model from the task introduction and criteria. The prompt holds no input text, so
 * it is the same for every evaluation with that template: the session's cache answers it
 * after the first time, and concurrent evaluations share one in-flight call.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import type { AspectTemplate } from '../prompts/template';
import { stepsPrompt } from './aspectPrompt';

const STEPS_MAX_TOKENS = 400;
const stepsReply = z.string().trim().min(1);

export interface EvaluationSteps {
  steps: string;
  generated: boolean;
}

const inFlight = new WeakMap<LlmSession, Map<string, Promise<string>>>();

/** The template's own steps, or steps generated once per session and template content. */
export async function evaluationSteps(session: LlmSession, template: AspectTemplate, signal?: AbortSignal): Promise<EvaluationSteps> {
  if (template.sections.steps) return { steps: template.sections.steps, generated: false };
  let perSession = inFlight.get(session);
  if (!perSession) inFlight.set(session, (perSession = new Map<string, Promise<string>>()));
  let pending = perSession.get(template.hash);
  if (!pending) {
    pending = generateSteps(session, template, signal);
    perSession.set(template.hash, pending);
    // A failed or cancelled generation is not remembered: the next evaluation tries again.
    pending.catch(() => perSession.delete(template.hash));
  }
  return { steps: await pending, generated: true };
}

async function generateSteps(session: LlmSession, template: AspectTemplate, signal?: AbortSignal): Promise<string> {
  const result = await session.chat(
    {
      messages: [{ role: 'user', content: stepsPrompt(template) }],
      temperature: 0,
      maxTokens: STEPS_MAX_TOKENS,
      purpose: `steps:${template.aspect}`,
      accept: (reply) => stepsReply.safeParse(reply.choices[0]?.text).success,
    },
    signal,
  );
  const parsed = stepsReply.safeParse(result.choices[0]?.text);
  if (!parsed.success) {
    throw new SumLensError(
      'invalid-reply',
      `the model wrote no evaluation steps for ${template.aspect} (${template.filePath}); add a '## Evaluation Steps' section to the template`,
    );
  }
  return parsed.data;
}
