/**
 * Loads a template from an editor's (possibly unsaved) text with the engine's own loader:
 * the text is written to a scratch file at the template's place (`<scratch>/prompts/<id>.md`)
 * so that what is checked is exactly what the engine would check on disk, id included.
 */
import * as fs from 'fs';
import * as path from 'path';
import type * as vscode from 'vscode';
import type { Template } from '../../core/prompts';
import { loadEngine } from '../run/loadEngine';
import { templateIdOf } from './templateFiles';

/** Throws the engine's TemplateError (line numbers are the document's) when the text is not a valid template. */
export function loadTemplateText(document: vscode.TextDocument, scratchDir: string): Template {
  const id = templateIdOf(document.uri);
  const engine = loadEngine();
  if (!id) throw new engine.TemplateError(document.uri.fsPath, 1, 'a template lives under a prompts/ folder as <task>/<name>.md');
  const scratch = path.join(scratchDir, 'prompts', `${id}.md`);
  fs.mkdirSync(path.dirname(scratch), { recursive: true });
  fs.writeFileSync(scratch, document.getText());
  const template = engine.loadTemplate(scratch);
  engine.checkTemplateId(template, id);
  return template;
}
