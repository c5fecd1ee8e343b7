// "Measure against people" on a prompt template: the edited template and the built-in one
// score a human-scored set (here the workspace's scored.jsonl), the figures come back on a
// CodeLens and in the panel, with the history of earlier measurements.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { FakeReply, RecordedRequest } from '../fake/openaiServer';
import { openFixture, workspaceRoot, type Fixture } from './helpers';

// The fluency scores of scored.jsonl (fluency is judged from 1 to 3).
const humans = [1, 2, 3, 2, 3, 1, 3, 2];

/** A judge that agrees with people when the template carries the marker, and ranks the other way round otherwise. */
function judge(request: RecordedRequest): FakeReply {
  const prompt = (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
  const k = Number(/Summary number (\d+)/.exec(prompt)?.[1] ?? 0);
  const value = String(prompt.includes('MEASURE-MARKER') ? humans[k] : 4 - humans[k]);
  if (request.body.logprobs) return { choices: [{ text: value, tokens: [{ token: value, top: { [value]: Math.log(0.9) } }] }] };
  return { choices: Array.from({ length: request.body.n ?? 1 }, () => ({ text: value })) };
}

describe('measuring a template against people', () => {
  let fx: Fixture;
  let template: vscode.TextEditor;

  before(async () => {
    fx = await openFixture();
    fx.server.setHandler(judge);
    await vscode.workspace.getConfiguration('sumlens.measure').update('dataset', 'scored.jsonl', vscode.ConfigurationTarget.Workspace);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('sumlens.customizePrompt', 'summarization/fluency');
    template = await vscode.window.showTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    const task = template.document.getText().indexOf('## Task\n') + '## Task\n'.length;
    edit.insert(template.document.uri, template.document.positionAt(task), '\nMEASURE-MARKER: judge as a careful editor would.\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
  });
  after(async () => {
    await vscode.workspace.getConfiguration('sumlens.measure').update('dataset', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(vscode.Uri.joinPath(workspaceRoot(), '.sumlens/prompts/summarization/fluency.md').fsPath, { force: true });
    await fx.server.close();
  });

  const lenses = async () =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', template.document.uri)).map((l) => l.command?.title ?? '');

  it('offers the measurement on an aspect template', async () => {
    assert.ok((await lenses()).some((t) => t.includes('Measure against people')));
  });

  it('compares the edited template with the built-in one on the same items', async () => {
    const m = await fx.api.measureTemplate(template.document.uri);
    assert.ok(m, 'measured');
    assert.strictEqual(m.items, humans.length);
    assert.strictEqual(m.calls, 2 * humans.length, 'one logprob call per item and template');
    assert.ok(Math.abs(m.candidate.correlation! - 1) < 1e-9, 'the edited template ranks like the people');
    assert.ok(Math.abs(m.baseline.correlation! + 1) < 1e-9, `the built-in one ranks the other way round (${m.baseline.correlation})`);
    assert.ok(m.difference.low! > 0 && m.pValue! < 0.1, JSON.stringify(m));
    assert.match(m.set, /scored\.jsonl, 8 of 8 items/);
    const titles = await lenses();
    assert.ok(
      titles.some((t) => /^ρ 1\.00 \[.*\] vs built-in -1\.00 · Δ \+2\.00 \[.*\] \(p 0\.\d{3}\) · 8 items, 16 calls/.test(t)),
      titles.join('\n'),
    );
  });

  it('keeps the history of the template in the panel', async () => {
    await fx.api.measureTemplate(template.document.uri);
    const shown = fx.api.panelModel().measurements;
    assert.strictEqual(shown?.templateId, 'summarization/fluency');
    assert.strictEqual(shown?.history.length, 2);
  });
});
