/**
 * Workspace prompt templates (.sumlens/prompts/). Before each run the override folder is
 * checked: valid templates are staged for the engine, a broken one gets a diagnostic at the
 * offending line (through TemplateDiagnostics, which also checks templates as they are
 * edited) and is left out, so its built-in counterpart is used meanwhile.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TemplateError } from '../core/prompts';
import { loadEngine } from './run/loadEngine';

/** Where the check of a template file on disk goes: its problem, or undefined when it is valid. */
export type TemplateReport = (filePath: string, problem: TemplateError | undefined) => void;

export class PromptTemplates {
  constructor(
    private readonly stagingRoot: vscode.Uri,
    private readonly report: TemplateReport,
  ) {}

  /**
   * Checks the override folder and returns a folder holding only its valid templates (what
   * the engine should use as its override), or undefined when none is valid.
   */
  stage(overrideDir: string | undefined): string | undefined {
    if (!overrideDir) return undefined;
    const staging = path.join(this.stagingRoot.fsPath, createHash('sha256').update(overrideDir).digest('hex').slice(0, 16));
    fs.rmSync(staging, { recursive: true, force: true });
    let staged = 0;
    for (const entry of loadEngine()
      .listTemplates({ overrideDir })
      .filter((e) => e.origin === 'override')) {
      const problem = this.check(entry.id, entry.filePath);
      this.report(entry.filePath, problem);
      if (problem) continue;
      const target = path.join(staging, `${entry.id}.md`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(entry.filePath, target);
      staged++;
    }
    return staged ? staging : undefined;
  }

  private check(id: string, filePath: string): TemplateError | undefined {
    const engine = loadEngine();
    try {
      engine.checkTemplateId(engine.loadTemplate(filePath), id);
      return undefined;
    } catch (error) {
      if (error instanceof engine.TemplateError) return error;
      return new engine.TemplateError(filePath, 1, (error as Error).message);
    }
  }
}

/** Copies a built-in template into the workspace prompt folder (unless already there) and opens it. */
export async function customizePrompt(promptFolder: string, templateId?: string): Promise<vscode.Uri | undefined> {
  const builtins = loadEngine()
    .listTemplates()
    .filter((e) => e.origin === 'builtin');
  let id = templateId;
  if (!id) {
    const choice = await vscode.window.showQuickPick(
      builtins.map((e) => ({ label: e.id, description: e.id.startsWith('fine/') ? vscode.l10n.t('fine-grained') : vscode.l10n.t('aspect') })),
      { title: vscode.l10n.t('SumLens: customize which prompt template?'), placeHolder: vscode.l10n.t('The copy in the workspace shadows the built-in one') },
    );
    id = choice?.label;
  }
  const entry = builtins.find((e) => e.id === id);
  if (!entry) return undefined;
  const target = path.join(promptFolder, `${entry.id}.md`);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(entry.filePath, target);
  }
  const uri = vscode.Uri.file(target);
  await vscode.window.showTextDocument(uri);
  return uri;
}
