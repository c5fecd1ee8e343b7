/** The aspect template an alignment starts from: the user's copy (--prompts) or the built-in one. */
import { readFileSync } from 'node:fs';
import { SumLensError } from '../errors';
import { resolveTemplate } from '../prompts/resolveTemplate';
import { isAspectTemplate, type AspectTemplate } from '../prompts/template';

export function aspectTemplate(task: string, aspect: string, promptDir?: string): AspectTemplate {
  const template = resolveTemplate(`${task}/${aspect}`, { overrideDir: promptDir });
  if (!isAspectTemplate(template)) throw new SumLensError('template', `${template.filePath} is not an aspect template`);
  return template;
}

export function originalTemplatePath(task: string, aspect: string, promptDir?: string): string {
  return aspectTemplate(task, aspect, promptDir).filePath;
}

export function originalTemplateText(task: string, aspect: string, promptDir?: string): string {
  return readFileSync(originalTemplatePath(task, aspect, promptDir), 'utf8');
}
