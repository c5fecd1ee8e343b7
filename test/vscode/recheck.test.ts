import * as assert from 'assert';
import * as vscode from 'vscode';
import { scenarioHandler } from './fakeJudge';
import { evaluateSelection, fileUri, fixtureScenario, openFixture, rangeOfText, sumlensDiagnostics, type Fixture } from './helpers';

describe('re-check, whole documents and the source side', () => {
  let fx: Fixture;

  beforeEach(async () => {
    fx = await openFixture();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await fx.server.close();
  });

  const errorIn = (doc: vscode.TextDocument) => sumlensDiagnostics(doc.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error);

  it('re-checks one fact with a fresh judgement and replaces the finding', async () => {
    await evaluateSelection(fx.api);
    const doc = fx.summary.document;
    const error = errorIn(doc)!;
    // This time the judges find the cost correct.
    const scenario = fixtureScenario(fx.article.document.getText());
    scenario.summaryFacts = scenario.summaryFacts.map((f) => ({ ...f, answer: 'Yes' }));
    fx.server.setHandler(scenarioHandler(scenario));
    const sent = fx.server.chatRequests.length;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, error.range);
    const recheck = actions.find((a) => a.title === 'Re-check this fact')!;
    const replacements = await vscode.commands.executeCommand<unknown[]>(recheck.command!.command, ...(recheck.command!.arguments ?? []));
    await fx.api.diagnosticsSettled();
    assert.deepStrictEqual(replacements, []);
    assert.strictEqual(errorIn(doc), undefined, 'the finding is gone');
    // Only the sentence holding the fact was sent as the summary.
    const extract = fx.server.chatRequests
      .slice(sent)
      .find((r) => r.body.response_format?.json_schema?.name === 'fine_extract' && !JSON.stringify(r.body).includes('Mayor'));
    assert.ok(extract && JSON.stringify(extract.body).includes('Lakeford approved a bridge costing 40 million euros.'));
    assert.ok(!JSON.stringify(extract.body).includes('It opens in 2027'));
  });

  it('evaluates a whole document (offsets from its start)', async () => {
    await evaluateSelection(fx.api, 'sumlens.evaluateDocument');
    const doc = fx.summary.document;
    assert.deepStrictEqual(errorIn(doc)?.range, rangeOfText(doc, '40 million euros'));
  });

  it('moves missing-fact warnings and evidence with edits in the source', async () => {
    await evaluateSelection(fx.api);
    const article = await vscode.window.showTextDocument(fx.article.document, vscode.ViewColumn.One);
    await article.edit((e) => e.insert(new vscode.Position(0, 0), 'LAKEFORD NEWS. '));
    await fx.api.diagnosticsSettled();
    const warning = sumlensDiagnostics(article.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Warning)!;
    assert.deepStrictEqual(warning.range, rangeOfText(article.document, 'Mayor Ana Silva said it would cut commuting times by half'));
    const evidence = errorIn(fx.summary.document)!.relatedInformation![0].location;
    assert.strictEqual(evidence.uri.toString(), fileUri('article.txt').toString());
    assert.deepStrictEqual(evidence.range, rangeOfText(article.document, '12 million euros'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
