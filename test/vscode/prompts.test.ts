import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { evaluateSelection, eventually, openFixture, type Fixture } from './helpers';

describe('workspace prompt templates', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture();
  });
  after(async () => {
    fs.rmSync(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.sumlens').fsPath, { recursive: true, force: true });
    await fx.server.close();
  });

  it('copies a built-in template into .sumlens/prompts and opens it; edits apply to the next run', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('sumlens.customizePrompt', 'fine/extract');
    assert.ok(uri.fsPath.endsWith('.sumlens/prompts/fine/extract.md'), uri.fsPath);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath);
    fs.writeFileSync(
      uri.fsPath,
      fs.readFileSync(uri.fsPath, 'utf8').replace('Break the note below into entities.', 'CUSTOM-MARKER: break the note below into entities.'),
    );

    await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
    vscode.window.activeTextEditor.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    const sent = fx.server.chatRequests.length;
    await evaluateSelection(fx.api);
    const extracts = fx.server.chatRequests.slice(sent).filter((r) => r.body.response_format?.json_schema?.name === 'fine_extract');
    assert.ok(extracts.length > 0 && extracts.every((r) => JSON.stringify(r.body.messages).includes('CUSTOM-MARKER')));
  });

  it('reports a broken template at its line and uses the built-in meanwhile', async () => {
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.sumlens/prompts/fine/extract.md');
    const lines = fs.readFileSync(file.fsPath, 'utf8').split('\n');
    lines[2] = 'task: [unclosed'; // line 3: YAML front matter broken
    fs.writeFileSync(file.fsPath, lines.join('\n'));

    await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
    vscode.window.activeTextEditor!.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    const sent = fx.server.chatRequests.length;
    const outcome = await evaluateSelection(fx.api);
    assert.ok(outcome.result.fine && outcome.findings.length > 0, 'the run still succeeded');
    const extracts = fx.server.chatRequests.slice(sent).filter((r) => r.body.response_format?.json_schema?.name === 'fine_extract');
    assert.ok(
      extracts.every((r) => !JSON.stringify(r.body.messages).includes('CUSTOM-MARKER')),
      'the built-in template was used',
    );
    // The template is open in an editor: it is checked live, as the change reaches the editor.
    await eventually(() => vscode.languages.getDiagnostics(file).length === 1, 'one diagnostic on the broken template');
    const diagnostics = vscode.languages.getDiagnostics(file);
    assert.ok(
      diagnostics[0].range.start.line >= 1 && diagnostics[0].range.start.line <= 3,
      `line ${diagnostics[0].range.start.line + 1}: ${diagnostics[0].message}`,
    );
  });
});
