// Prompt templates as a language: live diagnostics at their line, completion and hover for
// placeholders and front-matter keys, and the "Preview rendered prompt" CodeLens.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { evaluateSelection, eventually, openFixture, workspaceRoot, type Fixture } from './helpers';

describe('prompt templates in the editor', () => {
  let fx: Fixture;
  let template: vscode.TextEditor;

  before(async () => {
    fx = await openFixture();
    await evaluateSelection(fx.api); // the preview uses the last evaluation's texts
    const uri = await vscode.commands.executeCommand<vscode.Uri>('sumlens.customizePrompt', 'summarization/coherence');
    template = await vscode.window.showTextDocument(uri);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(vscode.Uri.joinPath(workspaceRoot(), '.sumlens/prompts/summarization').fsPath, { recursive: true, force: true });
    await fx.server.close();
  });

  const templateDiagnostics = () => vscode.languages.getDiagnostics(template.document.uri).filter((d) => d.source === 'SumLens');
  const lineOf = (prefix: string) =>
    template.document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith(prefix));

  async function replaceLine(line: number, text: string): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(template.document.uri, template.document.lineAt(line).range, text);
    assert.ok(await vscode.workspace.applyEdit(edit));
  }

  it('is clean as copied', async () => {
    await eventually(() => templateDiagnostics().length === 0, 'no problems in the built-in template');
  });

  it('flags an unknown front-matter key at its line while typing', async () => {
    const line = lineOf('description:');
    await replaceLine(line, 'colour: blue');
    await eventually(
      () => templateDiagnostics().some((d) => d.range.start.line === line && /colour/.test(d.message)),
      'the unknown key is flagged at its line',
    );
    await vscode.commands.executeCommand('undo');
    await eventually(() => templateDiagnostics().length === 0, 'clean again after undo');
  });

  it('flags a scale that does not parse', async () => {
    const line = lineOf('scale:');
    await replaceLine(line, 'scale: [1, five]');
    await eventually(
      () => templateDiagnostics().some((d) => d.range.start.line === line && d.severity === vscode.DiagnosticSeverity.Error),
      'the scale is flagged',
    );
    await vscode.commands.executeCommand('undo');
    await eventually(() => templateDiagnostics().length === 0, 'clean again after undo');
  });

  it('warns when the judge would never see the summary', async () => {
    const text = template.document.getText();
    const edit = new vscode.WorkspaceEdit();
    const whole = new vscode.Range(template.document.positionAt(0), template.document.positionAt(text.length));
    edit.replace(
      template.document.uri,
      whole,
      text.replace('placeholders: [document, summary]', 'placeholders: [document]').replace(/\{\{summary\}\}/g, '(no summary)'),
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    const line = lineOf('placeholders:');
    await eventually(
      () =>
        templateDiagnostics().some(
          (d) =>
            d.range.start.line === line &&
            d.severity === vscode.DiagnosticSeverity.Error &&
            /never shows the judge the text it evaluates.*\{\{summary\}\}/.test(d.message),
        ),
      'the missing summary placeholder is flagged',
    );
    await vscode.commands.executeCommand('undo');
    await eventually(() => templateDiagnostics().length === 0, 'clean again after undo');
  });

  it('completes and explains placeholders and front-matter keys', async () => {
    const body = template.document.getText().indexOf('{{document}}');
    const inside = template.document.positionAt(body + 2);
    const placeholders = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', template.document.uri, inside);
    assert.ok(placeholders.items.some((i) => i.label === 'summary' && i.detail === 'SumLens placeholder'));
    const keys = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      template.document.uri,
      new vscode.Position(1, 0),
    );
    assert.ok(keys.items.some((i) => i.label === 'scale' && i.detail === 'SumLens template front matter'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      template.document.uri,
      template.document.positionAt(body + 4),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /source text/);
  });

  it('previews the exact prompt for the current source and summary', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', template.document.uri);
    const lens = lenses.find((l) => l.command?.title.includes('Preview rendered prompt'));
    assert.ok(lens, 'the CodeLens is there');
    const preview = await vscode.commands.executeCommand<vscode.TextDocument>(lens.command!.command, ...(lens.command!.arguments ?? []));
    const text = preview.getText();
    assert.match(text, /^# What the judge receives: summarization\/coherence/);
    assert.ok(text.includes(fx.article.document.getText().trim()), 'the article is in the prompt');
    assert.ok(text.includes('Lakeford approved a bridge costing 40 million euros'), 'the summary is in the prompt');
    assert.ok(!text.includes('{{summary}}') && text.includes('## Evaluation Form'));
  });
});
