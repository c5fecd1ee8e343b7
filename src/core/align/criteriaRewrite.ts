/**
 * Rewritten criteria: the judge (or --optimizer-model) reads the rated items where it
 * disagreed most with people and proposes revised criteria and evaluation steps (one round).
 * The reply is JSON checked by a schema that also refuses what would break the template (a
 * heading, a placeholder); an unusable reply is asked again once (callJson), then the
 * candidate is dropped with the reason, never patched up.
 */
import * as z from 'zod';
import { isCancellation, SumLensError } from '../errors';
import { buildMessages } from '../fine/messages';
import { callJson, jsonSchemaOf } from '../fine/jsonCall';
import type { LlmSession } from '../llm/types';
import { resolveTemplate } from '../prompts/resolveTemplate';
import type { AspectTemplate } from '../prompts/template';
import type { TemplateExample } from './fewShotTemplate';
import { quoteText, sourceOpening } from './fewShotTemplate';
import { replaceSection } from './templateSections';

/** Disagreements shown to the optimizer: the largest |judge − people| of the training items. */
export const DISAGREEMENTS_SHOWN = 8;

const templateSafe = (text: string) => !/\{\{|^\s*#/m.test(text);
const RewriteSchema = z.strictObject({
  criteria: z.string().min(20).max(6000).refine(templateSafe, 'no Markdown headings and no {{ in the criteria'),
  steps: z.array(z.string().min(3).max(1000).refine(templateSafe, 'no Markdown headings and no {{ in a step')).min(1).max(12),
});

export type Rewrite = { text: string } | { dropped: string };

export interface RewriteOptions {
  session: LlmSession;
  promptDir?: string;
  signal?: AbortSignal;
}

export async function rewriteCriteria(
  original: AspectTemplate,
  originalText: string,
  scored: readonly (TemplateExample & { judge: number })[],
  options: RewriteOptions,
): Promise<Rewrite> {
  const worst = [...scored]
    .sort((a, b) => Math.abs(b.judge - b.human) - Math.abs(a.judge - a.human) || a.key.localeCompare(b.key))
    .slice(0, DISAGREEMENTS_SHOWN);
  const disagreements = worst
    .map((item, i) =>
      [
        `${i + 1}. The judge: ${item.judge.toFixed(1)}; the raters: ${item.human}`,
        'Summary:',
        quoteText(item.summary),
        'Source (opening):',
        quoteText(sourceOpening(item.source, 80)),
      ].join('\n'),
    )
    .join('\n\n');
  const template = resolveTemplate('align/criteria', { overrideDir: options.promptDir });
  const vars = {
    aspect: original.aspect,
    criteria: original.sections.criteria,
    steps: original.sections.steps ?? '(none written: the judge generates its own)',
    disagreements,
  };
  try {
    const reply = await callJson({
      session: options.session,
      messages: buildMessages(template, vars, jsonSchemaOf(RewriteSchema)),
      schema: RewriteSchema,
      name: 'revised_criteria',
      purpose: `align:criteria:${original.aspect}`,
      signal: options.signal,
    });
    const steps = reply.steps.map((step, i) => `${i + 1}. ${step.replace(/^\d+[.)]\s*/, '')}`).join('\n');
    return { text: replaceSection(replaceSection(originalText, 'criteria', reply.criteria), 'steps', steps) };
  } catch (error) {
    if (isCancellation(error) || !(error instanceof SumLensError) || error.code !== 'invalid-reply') throw error;
    return { dropped: `the optimizer's reply could not be used twice (${error.message.split('\n')[0]})` };
  }
}
