// Named to run last: an ignored finding stays ignored in this workspace for the whole run.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, openFixture, sumlensDiagnostics, type Fixture } from './helpers';

describe('ignored findings', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture();
    await evaluateSelection(fx.api);
  });
  after(() => fx.server.close());

  const errorIn = (doc: vscode.TextDocument) => sumlensDiagnostics(doc.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error);

  it('ignores a finding, and keeps it ignored after another run', async () => {
    const doc = fx.summary.document;
    const error = errorIn(doc)!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, error.range);
    const ignore = actions.find((a) => a.title === 'Ignore this finding')!;
    await vscode.commands.executeCommand(ignore.command!.command, ...(ignore.command!.arguments ?? []));
    await fx.api.diagnosticsSettled();
    assert.strictEqual(errorIn(doc), undefined);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    assert.strictEqual(errorIn(doc), undefined, 'still ignored after a new run');
    assert.ok(
      fx.api.findings(doc.uri).some((f) => f.finding.kind === 'incorrect'),
      'the finding exists, only hidden',
    );
  });
});
