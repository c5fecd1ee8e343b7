// The daily flow: the panel comes to the summary's side after a run, the status bar agrees
// with the Problems panel, progress is worded for people, and runs on two summaries go on
// side by side.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { scenarioHandler } from './fakeJudge';
import { evaluateSelection, eventually, fixtureScenario, openFixture, sumlensDiagnostics, type Fixture } from './helpers';

const panelTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('sumlens.panel'));

async function closePanel(): Promise<void> {
  for (const tab of panelTabs()) await vscode.window.tabGroups.close(tab);
}

describe('the daily flow', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture();
    await vscode.workspace.getConfiguration('sumlens').update('openPanelAfterEvaluation', true, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('sumlens').update('openPanelAfterEvaluation', undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it('opens the panel beside the summary after an evaluation, keeping the editor focused', async () => {
    await closePanel();
    await evaluateSelection(fx.api);
    await eventually(() => panelTabs().length === 1, 'the panel is open');
    const [tab] = panelTabs();
    assert.notStrictEqual(tab.group.viewColumn, fx.summary.viewColumn, 'beside the summary, not over it');
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), fx.summary.document.uri.toString(), 'the summary keeps the focus');
  });

  it('keeps the panel closed when sumlens.openPanelAfterEvaluation is off', async () => {
    await vscode.workspace.getConfiguration('sumlens').update('openPanelAfterEvaluation', false, vscode.ConfigurationTarget.Global);
    await closePanel();
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    assert.strictEqual(panelTabs().length, 0);
  });

  it('words progress for people, with the calls and tokens so far', async () => {
    // Every line as the panel is given it: sampling the model missed a line that lasted under a few ms.
    const labels: string[] = [];
    const watch = fx.api.onDidPanelProgress((label) => {
      if (labels.at(-1) !== label) labels.push(label);
    });
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    try {
      await evaluateSelection(fx.api);
    } finally {
      watch.dispose();
    }
    assert.ok(labels.length > 0, 'progress was reported');
    for (const label of labels) {
      assert.match(label, /^[A-Z][^:]+ · step \d+ of \d+ · \d+ calls?, [\d,]+ tokens so far$/, label);
    }
    assert.ok(
      labels.some((l) => l.startsWith("Checking the summary's facts against the article")),
      labels.join('\n'),
    );
  });

  it('keeps the status bar in step with the Problems panel after Clear Findings', async () => {
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await evaluateSelection(fx.api);
    const shown = sumlensDiagnostics(fx.summary.document.uri).length + sumlensDiagnostics(fx.article.document.uri).length;
    assert.ok(shown > 0);
    assert.match(fx.api.statusBarText(), new RegExp(`· ${shown} findings?$`), fx.api.statusBarText());
    await vscode.commands.executeCommand('sumlens.clearFindings');
    await fx.api.diagnosticsSettled();
    assert.strictEqual(sumlensDiagnostics(fx.summary.document.uri).length, 0);
    assert.doesNotMatch(fx.api.statusBarText(), /finding/, fx.api.statusBarText());
    assert.match(fx.api.statusBarText(), /SumLens \d\.\d\d\/5/, 'the score stays, in the one number format');
  });

  it('runs a second summary beside a running one without aborting it', async () => {
    const answer = scenarioHandler(fixtureScenario(fx.article.document.getText()));
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    // The first summary's judgements wait until the second run has finished.
    fx.server.setHandler(async (request) => {
      if (JSON.stringify(request.body?.messages ?? '').includes('Lakeford approved a bridge')) await firstHeld;
      return answer(request);
    });
    const other = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'The bridge costs 40 million euros.\n' });
    await fx.api.pairWith(other.uri, fx.article.document.uri);

    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    await vscode.window.showTextDocument(fx.summary.document, fx.summary.viewColumn);
    const outcomes: { uri: string; cancelled?: boolean }[] = [];
    const subscription = fx.api.onDidFinishEvaluation((o) => outcomes.push({ uri: o.context.summary.uri, cancelled: o.result.cancelled }));
    try {
      const first = vscode.commands.executeCommand('sumlens.evaluateSelection');
      await vscode.window.showTextDocument(other, vscode.ViewColumn.Three);
      await vscode.commands.executeCommand('sumlens.evaluateDocument');
      await eventually(() => outcomes.length === 1, 'the second run finished');
      assert.strictEqual(outcomes[0].uri, other.uri.toString());
      releaseFirst();
      await first;
      await eventually(() => outcomes.length === 2, 'the first run finished');
      assert.strictEqual(outcomes[1].uri, fx.summary.document.uri.toString());
      assert.ok(!outcomes[1].cancelled, 'the first run was not aborted by the second');
    } finally {
      subscription.dispose();
      releaseFirst();
      fx.server.setHandler(answer);
    }
  });
});
