/**
 * "Preview rendered prompt": a CodeLens on every prompt template that opens, beside it, the
 * messages the judge will receive for the current source and summary (the last evaluation's,
 * or the Getting Started sample before any), built by the engine's own prompt functions from
 * the template's unsaved text.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Template } from '../../core/prompts';
import { loadEngine } from '../run/loadEngine';
import type { RunContext } from '../run/runContext';
import { loadTemplateText } from './loadTemplateText';
import { isTemplate, templateSelector } from './templateFiles';

export const previewCommand = 'sumlens.previewPrompt';

export class PromptPreviewLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isTemplate(document)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, { title: vscode.l10n.t('$(eye) Preview rendered prompt'), command: previewCommand, arguments: [document.uri.toString()] }),
    ];
  }
}

interface PreviewInput {
  source: string;
  summary: string;
  reference?: string;
  /** Where the texts come from, said at the top of the preview. */
  origin: string;
}

/** The messages, as Markdown: one heading per message, its content verbatim in a fence. */
function messagesMarkdown(template: Template, input: PreviewInput): string {
  const engine = loadEngine();
  const messages: { title: string; content: string }[] = [];
  if (engine.isAspectTemplate(template)) {
    const vars = engine.templateVars({ ...input, task: template.task });
    let steps = template.sections.steps;
    if (!steps) {
      messages.push({ title: 'Message 1 (once per template): the judge writes the evaluation steps', content: engine.stepsPrompt(template) });
      steps = '«the evaluation steps the judge wrote in answer to message 1»';
    }
    messages.push({ title: `Message ${messages.length + 1}: the score of ${template.aspect}`, content: engine.scorePrompt(template, vars, steps) });
  } else {
    // Fine-grained steps are filled by the engine with the facts it extracted: what can be known now is shown.
    const known = {
      note: input.summary,
      target: input.summary,
      source: input.source,
      document: input.source,
      summary: input.summary,
      reference: input.reference,
    };
    const filled = Object.fromEntries(
      template.placeholders.map((name) => [name, known[name as keyof typeof known] ?? `«${name}: filled by the engine during the run»`]),
    );
    messages.push({ title: 'The template with its inputs (the engine adds the reply format it asks for)', content: engine.renderTemplate(template, filled) });
  }
  const fence = (text: string) => '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [
    `# What the judge receives: ${template.id}`,
    '',
    `Rendered from the editor's text of the template, with ${input.origin}. Every message is sent as the user's turn.`,
    '',
    ...messages.flatMap((m) => [`## ${m.title}`, '', `${fence(m.content)}text`, m.content, fence(m.content), '']),
  ].join('\n');
}

/** The last run's texts, or the Getting Started sample. */
function previewInput(last: RunContext | undefined, extensionUri: vscode.Uri): PreviewInput {
  if (last) {
    return {
      source: last.source.text,
      summary: last.summary.text,
      reference: last.reference?.text,
      origin: `the source and summary of the last evaluation (${path.basename(vscode.Uri.parse(last.summary.uri).path)})`,
    };
  }
  const sample = (name: string) => fs.readFileSync(vscode.Uri.joinPath(extensionUri, 'media', 'sample', name).fsPath, 'utf8');
  return { source: sample('article.txt'), summary: sample('summary.md'), origin: 'the Getting Started sample (no evaluation yet in this window)' };
}

export function registerPromptPreview(extensionUri: vscode.Uri, scratchDir: string, lastRun: () => RunContext | undefined): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeLensProvider(templateSelector, new PromptPreviewLenses()),
    vscode.commands.registerCommand(previewCommand, async (uri?: unknown) => {
      // Only an open template is previewed, whatever a command link passes.
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) ?? vscode.window.activeTextEditor?.document;
      if (!document || !isTemplate(document)) {
        void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open a prompt template (prompts/<task>/<name>.md) first.'));
        return undefined;
      }
      let content: string;
      try {
        content = messagesMarkdown(loadTemplateText(document, scratchDir), previewInput(lastRun(), extensionUri));
      } catch (error) {
        void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: this template cannot be rendered yet: {0}', (error as Error).message));
        return undefined;
      }
      const preview = await vscode.workspace.openTextDocument({ language: 'markdown', content });
      await vscode.window.showTextDocument(preview, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
      return preview;
    }),
  ];
}
