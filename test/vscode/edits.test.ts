import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, eventually, openFixture, rangeOfText, sumlensDiagnostics, type Fixture } from './helpers';

describe('edits', () => {
  let fx: Fixture;

  beforeEach(async () => {
    fx = await openFixture();
    await evaluateSelection(fx.api);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await fx.server.close();
  });

  const errorIn = (doc: vscode.TextDocument) => sumlensDiagnostics(doc.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error);

  it('shifts findings with an edit before them', async () => {
    const doc = fx.summary.document;
    await fx.summary.edit((e) => e.insert(rangeOfText(doc, 'Lakeford approved').start, 'In short, '));
    await eventually(
      () => errorIn(doc)?.range.start.character !== undefined && doc.getText(errorIn(doc)!.range) === '40 million euros',
      'the error to follow its words',
    );
    assert.deepStrictEqual(errorIn(doc)!.range, rangeOfText(doc, '40 million euros'));
    // Lines added above move it down too.
    await fx.summary.edit((e) => e.insert(new vscode.Position(0, 0), 'Added line\n\n'));
    await eventually(() => errorIn(doc)?.range.start.line === rangeOfText(doc, '40 million euros').start.line, 'the error to move down');
    assert.strictEqual(doc.getText(errorIn(doc)!.range), '40 million euros');
  });

  it('drops a finding whose own text is edited', async () => {
    const doc = fx.summary.document;
    const before = sumlensDiagnostics(doc.uri).length;
    await fx.summary.edit((e) => e.replace(rangeOfText(doc, '40'), '12'));
    await eventually(() => errorIn(doc) === undefined, 'the edited finding to be dropped');
    assert.strictEqual(sumlensDiagnostics(doc.uri).length, before - 1, 'only that finding is dropped');
  });
});
