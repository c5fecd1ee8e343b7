import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, eventually, fileUri, openFixture, rangeOfText, sumlensDiagnostics, type Fixture } from './helpers';

describe('evaluating a selected summary', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture();
    await vscode.commands.executeCommand('sumlens.clearFindings');
  });
  after(() => fx.server.close());

  it('puts findings at their exact spans, relative to the selection', async () => {
    const outcome = await evaluateSelection(fx.api);
    assert.ok(outcome.result.fine, 'a fine-grained result');
    const summaryDoc = fx.summary.document;
    const diagnostics = sumlensDiagnostics(summaryDoc.uri);
    const error = diagnostics.find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(error, `an Error among ${diagnostics.map((d) => d.message).join(' | ')}`);
    // The selection starts after a heading: the span must be shifted by the selection's offset.
    assert.deepStrictEqual(error.range, rangeOfText(summaryDoc, '40 million euros'));
    assert.strictEqual(summaryDoc.getText(error.range), '40 million euros');

    const info = diagnostics.find((d) => d.severity === vscode.DiagnosticSeverity.Information);
    assert.ok(info, 'a readability Information');
    assert.strictEqual(summaryDoc.getText(info.range), 'It opens in 2027.');
  });

  it('marks facts the summary misses as Warnings in the source', () => {
    const articleDoc = fx.article.document;
    const warnings = sumlensDiagnostics(articleDoc.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(warnings.length, 1, warnings.map((d) => d.message).join(' | '));
    assert.deepStrictEqual(warnings[0].range, rangeOfText(articleDoc, 'Mayor Ana Silva said it would cut commuting times by half'));
  });

  it('sets source, a code linking to the explanation, and related evidence', () => {
    const error = sumlensDiagnostics(fx.summary.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error)!;
    assert.strictEqual(error.source, 'SumLens');
    const code = error.code as { value: string; target: vscode.Uri };
    assert.strictEqual(code.value, 'correctness/incorrect');
    assert.ok(code.target.path.endsWith('/media/aspects.md') && code.target.fragment === 'correctness', code.target.toString());
    assert.strictEqual(error.relatedInformation?.length, 1);
    const evidence = error.relatedInformation[0].location;
    assert.strictEqual(evidence.uri.toString(), fileUri('article.txt').toString());
    assert.deepStrictEqual(evidence.range, rangeOfText(fx.article.document, '12 million euros'));
  });

  it('shows verdict, votes and explanations in the hover, as plain text', async () => {
    const error = sumlensDiagnostics(fx.summary.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error)!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      fx.summary.document.uri,
      error.range.start.translate(0, 2),
    );
    // Model text is escaped for markdown: read it back as plain text.
    const text = hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
      .join('\n')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&')
      .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1');
    assert.match(text, /Verdict: \*\*No\*\*/);
    assert.match(text, /correctness-faithful/);
    assert.match(text, /the article says the bridge will cost 12 million euros/);
    const ours = hovers.flatMap((h) => h.contents).find((c) => c instanceof vscode.MarkdownString && c.value.includes('SumLens')) as vscode.MarkdownString;
    assert.ok(ours && !ours.isTrusted, 'our hover markdown is not trusted');
  });

  it('offers show evidence, ignore and re-check as quick fixes', async () => {
    const error = sumlensDiagnostics(fx.summary.document.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error)!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', fx.summary.document.uri, error.range);
    const titles = actions.map((a) => a.title);
    for (const title of ['Show the evidence', 'Ignore this finding', 'Re-check this fact']) assert.ok(titles.includes(title), titles.join(', '));
    const show = actions.find((a) => a.title === 'Show the evidence')!;
    await vscode.commands.executeCommand(show.command!.command, ...(show.command!.arguments ?? []));
    await eventually(() => vscode.window.activeTextEditor?.document.uri.toString() === fileUri('article.txt').toString(), 'the article to be shown');
    assert.strictEqual(vscode.window.activeTextEditor!.document.getText(vscode.window.activeTextEditor!.selection), '12 million euros');
  });

  it('escapes model text in hovers (no links or commands from a reply)', async () => {
    fx.server.setHandler(
      (await import('./fakeJudge')).scenarioHandler({
        ...(await import('./helpers')).fixtureScenario(fx.article.document.getText()),
        summaryFacts: [
          {
            text: 'The bridge costs 40 million euros',
            quote: '40 million euros',
            answer: 'No',
            explanation: '[click me](command:sumlens.clearApiKey) <img src=x onerror=alert(1)>',
          },
        ],
      }),
    );
    await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
    fx.summary = vscode.window.activeTextEditor!;
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    const position = rangeOfText(fx.summary.document, '40 million euros').start.translate(0, 1);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', fx.summary.document.uri, position);
    const ours = hovers.flatMap((h) => h.contents).find((c) => c instanceof vscode.MarkdownString && c.value.includes('SumLens')) as vscode.MarkdownString;
    assert.ok(ours);
    assert.ok(!ours.value.includes('](command:'), ours.value);
    assert.ok(!ours.value.includes('<img'), ours.value);
    assert.ok(ours.value.includes('\\[click'), ours.value);
  });
});
