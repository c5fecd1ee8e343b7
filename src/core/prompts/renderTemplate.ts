import { fillPlaceholders, type TemplateVars } from './placeholders';
import type { Template } from './template';
import { lineAt, TemplateError } from './templateError';

/**
 * Fills `text` (the template's body or one of its sections) with `vars`. `text` must come
 * from `template`, whose loader has already checked every placeholder name; `textStartLine`
 * is the file line `text` starts at, for the error naming a placeholder without a value.
 */
export function fillTemplateText(template: Template, text: string, vars: TemplateVars, textStartLine: number): string {
  return fillPlaceholders(text, (name, index) => {
    const value = vars[name as keyof TemplateVars];
    if (value === undefined) throw new TemplateError(template.filePath, textStartLine + lineAt(text, index) - 1, `no value given for {{${name}}}`);
    return value;
  });
}

/** The whole body with its placeholders filled. */
export function renderTemplate(template: Template, vars: TemplateVars): string {
  return fillTemplateText(template, template.body, vars, template.bodyStartLine).trim();
}
