// A long source in the editor: the fixture's article hidden on line 2,501 of a 5,000-line,
// 130,000-word document. With a small sumlens.sourceTokens the aspect scores are made on
// excerpts of it, with an 8,192-token context the fine-grained facts on passages of it: the
// panel and the status bar's hover say so, "Show the Excerpts the Judge Saw" highlights exactly
// the ranges the result names, and the findings land on the right lines.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { scenarioHandler } from './fakeJudge';
import { evaluateSelection, fileUri, fixtureScenario, openFixture, rangeOfText, sumlensDiagnostics, type Fixture } from './helpers';
import { longSource } from './longSource';

const config = () => vscode.workspace.getConfiguration('sumlens');
const articleLine = 2500;

describe('a long source in the editor', function () {
  this.timeout(240_000);
  let fx: Fixture;
  let long: vscode.TextDocument;

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    const uri = fileUri('long-article.txt');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(longSource(fx.article.document.getText(), 5000, articleLine), 'utf8'));
    long = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(long, vscode.ViewColumn.One);
    fx.server.setHandler(scenarioHandler(fixtureScenario(long.getText())));
    await fx.api.pairWith(fx.summary.document.uri, uri);
    await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('sumlens.clearSourceExcerpts');
    for (const key of ['sourceTokens', 'contextTokens', 'method']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('method', 'fine', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('sumlens.clearFindings');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(long.uri);
    await fx.server.close();
  });

  it('with a small sumlens.sourceTokens the judge sees excerpts; the panel, the hover and the highlight say which', async () => {
    await config().update('sourceTokens', 400, vscode.ConfigurationTarget.Global);
    const outcome = await evaluateSelection(fx.api);
    const shown = outcome.result.sourceShown;
    assert.ok(shown, 'the result says the source was shortened');
    assert.strictEqual(shown.reason, 'budget');
    assert.strictEqual(shown.budgetTokens, 400);
    assert.ok(shown.shownTokens <= 400 && shown.share > 0 && shown.share < 0.02, JSON.stringify({ ...shown, ranges: shown.ranges.length }));
    const prompts = fx.server.chatRequests.map((r) => JSON.stringify(r.body.messages));
    assert.ok(
      prompts.every((p) => p.length < 20_000),
      'no prompt carries the whole source',
    );

    // The panel gets the ranges and the source's length, never the source's text.
    const model = fx.api.panelModel();
    assert.deepStrictEqual(model.result?.sourceShown, shown);
    assert.strictEqual(model.notes?.source.length, long.getText().length);
    assert.ok(!JSON.stringify(model).includes('tasting festival'), 'no source text in the panel model');
    assert.match(fx.api.statusBarTooltip(), /\ncoherence, .*: judged on excerpts, \d+(\.\d)?% of the source \(source budget\)\n/);

    // The highlight: exactly the result's ranges, on the source, shown in an editor.
    assert.strictEqual(await vscode.commands.executeCommand('sumlens.showSourceExcerpts'), true);
    const highlighted = fx.api.excerptHighlights(long.uri);
    assert.deepStrictEqual(highlighted, shown.ranges);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), long.uri.toString(), 'the source is shown');
    const texts = highlighted.map((r) => long.getText(new vscode.Range(long.positionAt(r.start), long.positionAt(r.end))));
    assert.ok(
      texts.some((t) => t.includes('approved a new bridge')),
      `the article's sentence is among the excerpts: ${texts.join(' | ')}`,
    );
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor.visibleRanges[0].contains(long.positionAt(highlighted[0].start)), 'the first excerpt is scrolled into view');
    // Asked again, it goes on to the next excerpt (they are far apart in a long source).
    await vscode.commands.executeCommand('sumlens.showSourceExcerpts');
    assert.strictEqual(long.offsetAt(editor.selection.active), highlighted[1].start);
    assert.ok(
      editor.visibleRanges.some((r) => r.contains(long.positionAt(highlighted[1].start))),
      'the second excerpt is scrolled into view',
    );

    await vscode.commands.executeCommand('sumlens.clearSourceExcerpts');
    assert.deepStrictEqual(fx.api.excerptHighlights(long.uri), []);
  });

  it('fine-grained, with an 8,192-token context: facts judged on passages of the source, findings on the right lines of it', async () => {
    await config().update('method', 'fine', vscode.ConfigurationTarget.Global);
    await config().update('contextTokens', 8192, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('sumlens.clearFindings');
    await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    const outcome = await evaluateSelection(fx.api);
    assert.ok(outcome.result.fine, 'a fine-grained result');
    const passages = outcome.result.fine.sourceShown;
    assert.strictEqual(passages?.reason, 'context', 'the facts were judged against passages of the source');
    const prompts = fx.server.chatRequests.map((r) => JSON.stringify(r.body.messages));
    assert.ok(
      prompts.every((p) => p.length < 8192 * 4),
      'every prompt within the context',
    );
    assert.deepStrictEqual(fx.api.panelModel().result?.fine?.sourceShown, passages);
    assert.match(fx.api.statusBarTooltip(), /\nfine-grained facts: judged on excerpts, \d+(\.\d)?% of the source \(to fit the judge's context\)\n/);
    assert.strictEqual(await vscode.commands.executeCommand('sumlens.showSourceExcerpts', 'fine-grained facts'), true);
    assert.deepStrictEqual(fx.api.excerptHighlights(long.uri), passages.ranges);

    const missing = sumlensDiagnostics(long.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(missing.length, 1, missing.map((d) => `${d.range.start.line}: ${d.message}`).join(' | '));
    assert.deepStrictEqual(missing[0].range, rangeOfText(long, 'Mayor Ana Silva said it would cut commuting times by half'));
    assert.strictEqual(missing[0].range.start.line, articleLine);

    const error = sumlensDiagnostics(fx.summary.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(error, 'the wrong figure is an Error on the summary');
    assert.strictEqual(fx.summary.document.getText(error.range), '40 million euros');
    const evidence = error.relatedInformation?.[0]?.location;
    assert.strictEqual(evidence?.uri.toString(), long.uri.toString());
    assert.deepStrictEqual(evidence?.range, rangeOfText(long, '12 million euros'));
    assert.strictEqual(evidence?.range.start.line, articleLine);
  });
});
