/**
 * Evaluate Dataset and Compare Runs in the real VS Code: a CSV of summaries (its source column
 * names a file beside it) evaluated into .sumlens/runs/ through the fake judge, the panel's
 * table, an item opened side by side with its findings as diagnostics, resume, a fatal error,
 * cancel keeping what finished, and two runs compared (refused when made differently unless
 * allowed).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { scenarioHandler } from './fakeJudge';
import { eventually, fileUri, fixtureScenario, openFixture, sumlensDiagnostics, type Fixture } from './helpers';

const data = () => fileUri('summaries.csv');
const runFile = (method: string) => fileUri(`.sumlens/runs/summaries-${method}.jsonl`).fsPath;
const records = (method: string) => fs.readFileSync(runFile(method), 'utf8').split('\n').filter(Boolean).slice(1);

describe('datasets: Evaluate Dataset and Compare Runs', function () {
  this.timeout(120_000);
  let fx: Fixture;

  before(async () => {
    fx = await openFixture({ method: 'fine' });
    fs.rmSync(fileUri('.sumlens/runs').fsPath, { recursive: true, force: true });
  });
  after(async () => {
    await fx.server.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('evaluates every row into .sumlens/runs/ and shows the table of items × aspects in the panel', async () => {
    const outcome = await fx.api.evaluateDataset(data(), 'fine');
    assert.ok(outcome, 'the run ran');
    assert.deepStrictEqual([outcome.summary.written, outcome.summary.failed, outcome.summary.cancelled], [3, 0, false]);
    assert.strictEqual(outcome.runFile, runFile('fine'));
    const header = JSON.parse(fs.readFileSync(runFile('fine'), 'utf8').split('\n')[0]);
    assert.strictEqual(header.sumlens, 'run');
    assert.strictEqual(header.spec.judge.model, 'fake-model');
    assert.strictEqual(records('fine').length, 3);

    const model = fx.api.panelModel();
    assert.strictEqual(model.view, 'dataset');
    const dataset = model.dataset!;
    // The four metrics, and SummEval's aspects read from them (SumAutoEval §4.3).
    assert.deepStrictEqual(dataset.aspects, ['completeness', 'correctness', 'alignment', 'readability', 'coherence', 'consistency', 'fluency', 'relevance']);
    assert.deepStrictEqual(dataset.items.map((i) => i.id).sort(), ['bridge-1', 'bridge-2', 'bridge-3']);
    const correctness = dataset.rows.find((r) => r.aspect === 'correctness')!;
    assert.strictEqual(correctness.scored, 3);
    assert.ok(correctness.low! <= correctness.mean! && correctness.mean! <= correctness.high!, 'the mean lies in its interval');
    // bridge-1 carries the planted wrong cost: a lower correctness and findings to open.
    const first = dataset.items.find((i) => i.id === 'bridge-1')!;
    const second = dataset.items.find((i) => i.id === 'bridge-2')!;
    assert.ok(first.scores.correctness < second.scores.correctness, `bridge-1 ${first.scores.correctness} < bridge-2 ${second.scores.correctness}`);
    assert.ok(first.findings > 0);
    assert.deepStrictEqual(dataset.run && [dataset.run.written, dataset.run.failed], [3, 0]);
  });

  it('opens a clicked item: summary and source side by side, its findings as diagnostics', async () => {
    const item = fx.api.panelModel().dataset!.items.find((i) => i.id === 'bridge-1')!;
    const summaryUri = await fx.api.openDatasetItem(item.key);
    assert.ok(summaryUri, 'the item opened');
    const visible = vscode.window.visibleTextEditors.map((e) => e.document);
    const summary = visible.find((d) => d.uri.toString() === summaryUri.toString());
    const source = visible.find((d) => d.uri.scheme === 'sumlens-item' && d.uri.path.endsWith('.source.txt'));
    assert.ok(summary && source, 'both notes are visible');
    assert.strictEqual(summary.getText(), 'Lakeford approved a bridge costing 40 million euros. It opens in 2027.');
    assert.match(source.getText(), /12 million euros/);
    await fx.api.diagnosticsSettled();
    const wrongCost = sumlensDiagnostics(summary.uri).find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(wrongCost, 'the wrong cost is an error in the summary');
    assert.strictEqual(summary.getText(wrongCost.range), '40 million euros');
    const missing = sumlensDiagnostics(source.uri);
    assert.ok(
      missing.some((d) => source.getText(d.range).includes('commuting')),
      'the missed fact is flagged in the source',
    );
  });

  it('resumes: evaluating the same data again sends nothing for the rows already done', async () => {
    const before = fx.server.requests.length;
    const outcome = await fx.api.evaluateDataset(data(), 'fine');
    assert.deepStrictEqual(outcome && [outcome.summary.alreadyDone, outcome.summary.written], [3, 0]);
    assert.strictEqual(fx.server.requests.length, before, 'no request was sent');
  });

  it('resumes a run the CLI made with a relative --data path, and its progress says it finished, not "0 of 0"', async () => {
    // `sumlens eval --data summaries.csv --out .sumlens/runs/summaries-fine.jsonl`, run in the workspace folder, names the data so.
    const [headerLine, ...rest] = fs.readFileSync(runFile('fine'), 'utf8').split('\n');
    fs.writeFileSync(runFile('fine'), [JSON.stringify({ ...JSON.parse(headerLine), data: 'summaries.csv' }), ...rest].join('\n'));
    const before = fx.server.requests.length;
    const labels = new Set<string>();
    let watching = true;
    const watch = () => {
      const label = fx.api.panelModel().progress?.label;
      if (label) labels.add(label);
      if (watching) setImmediate(watch);
    };
    watch();
    const outcome = await fx.api.evaluateDataset(data(), 'fine').finally(() => (watching = false));
    assert.deepStrictEqual(outcome && [outcome.summary.alreadyDone, outcome.summary.written], [3, 0], fx.api.panelModel().error);
    assert.strictEqual(fx.server.requests.length, before, 'no request was sent');
    assert.strictEqual(JSON.parse(fs.readFileSync(runFile('fine'), 'utf8').split('\n')[0]).data, 'summaries.csv', "the header keeps the CLI's name");
    assert.ok(![...labels].some((l) => /\b0 of 0\b/.test(l)), [...labels].join(' | '));
    assert.ok(
      [...labels].some((l) => l.startsWith('finished: 3 summaries')),
      `the progress said it finished: ${[...labels].join(' | ')}`,
    );
  });

  it('a cancelled run keeps the rows that finished and says so', async () => {
    // bridge-3's judges never answer, so the run is still going when it is cancelled.
    const answer = scenarioHandler(fixtureScenario(fs.readFileSync(fileUri('article.txt').fsPath, 'utf8')));
    fx.server.setHandler((request) => (JSON.stringify(request.body?.messages).includes('the council said') ? { hang: true } : answer(request)));
    const running = fx.api.evaluateDataset(data(), 'geval');
    await eventually(() => fs.existsSync(runFile('geval')) && records('geval').length === 2, 'two rows finished', 30_000);
    assert.strictEqual(await vscode.commands.executeCommand('sumlens.cancelEvaluation'), true);
    const outcome = await running;
    fx.server.setHandler(answer);
    assert.deepStrictEqual(outcome && [outcome.summary.cancelled, outcome.summary.written], [true, 2]);
    assert.strictEqual(records('geval').length, 2, 'the finished rows are kept, the cancelled one is not written');
    assert.strictEqual(fx.api.panelModel().dataset?.run?.cancelled, true);
  });

  it('a rejected key stops the run at the first error, kept in the panel as the error', async () => {
    fx.server.setHandler(() => ({ status: 401, error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }));
    const before = fx.server.requests.length;
    const outcome = await fx.api.evaluateDataset(data(), 'rationale');
    fx.server.setHandler(scenarioHandler(fixtureScenario(fs.readFileSync(fileUri('article.txt').fsPath, 'utf8'))));
    assert.ok(outcome?.summary.fatal, 'the run stopped');
    assert.strictEqual(outcome.summary.written, 0);
    const sent = fx.server.requests.length - before;
    assert.ok(sent < 12, `${sent} requests: not one refused request per row and aspect`);
    assert.match(fx.api.panelModel().error ?? '', /Incorrect API key/);
  });

  it('compares two runs: refused when made differently unless allowed, then B − A per aspect', async () => {
    // The rationale run again (the key is good now) and the finished G-Eval run: two methods.
    const rationale = await fx.api.evaluateDataset(data(), 'rationale');
    assert.strictEqual(rationale?.summary.written, 3);
    await fx.api.evaluateDataset(data(), 'geval'); // finishes the row the cancelled run left
    const runs = [vscode.Uri.file(runFile('geval')), vscode.Uri.file(runFile('rationale'))];

    assert.strictEqual(await fx.api.compareRuns(runs, false), undefined);
    assert.match(fx.api.panelModel().error ?? '', /made differently \(method: geval \(A\) vs rationale \(B\)/);

    const comparison = await fx.api.compareRuns(runs, true);
    assert.ok(comparison);
    assert.strictEqual(comparison.paired, 3);
    const model = fx.api.panelModel();
    assert.strictEqual(model.view, 'comparison');
    assert.deepStrictEqual(
      model.comparison!.aspects.map((a) => a.aspect),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    assert.match(model.comparison!.differences.join('\n'), /method: geval \(A\) vs rationale \(B\)/);
    for (const row of model.comparison!.aspects) assert.strictEqual(row.wins + row.ties + row.losses, 3);
  });
});
