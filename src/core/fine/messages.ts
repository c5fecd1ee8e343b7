/**
 * Fine-grained prompts: a template (prompts/fine/<name>.md, overridable from a workspace
 * directory) gives the system message (front matter `system`, the paper's identity and
 * goal) and the user message (its body). The engine appends the output format: the JSON
 * schema the reply is validated against, so a user template cannot drift from it.
 */
import type { ChatMessage } from '../llm/types';
import { renderTemplate, resolveTemplate, type Template, type TemplateVars } from '../prompts';

export function loadFineTemplate(name: string, overrideDir?: string): Template {
  return resolveTemplate(`fine/${name}`, { overrideDir });
}

export function outputInstructions(schema: Record<string, unknown>): string {
  return ['Output format: reply with only a JSON object (no prose, no code fences) that follows this JSON schema:', JSON.stringify(schema)].join('\n');
}

/** `notes`: instructions the engine states after the template's own (the note's language, the reasons' language). */
export function buildMessages(template: Template, vars: TemplateVars, schema: Record<string, unknown>, notes: readonly string[] = []): ChatMessage[] {
  const system = template.frontMatter.system;
  const user = [renderTemplate(template, vars), ...notes, outputInstructions(schema)].join('\n\n');
  return typeof system === 'string' && system.trim() !== ''
    ? [
        { role: 'system', content: system.trim() },
        { role: 'user', content: user },
      ]
    : [{ role: 'user', content: user }];
}
