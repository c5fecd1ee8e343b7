/**
 * The language model tools as an agent meets them, in the real VS Code: listed in
 * vscode.lm.tools with their schemas, run through vscode.lm.invokeTool against the fake
 * judge (scores, findings with spans, the panel; a comparison's figures), and their failures
 * as errors. invokeTool outside a chat shows no confirmation in a test run (VS Code's dialog
 * service confirms by itself under test), so the confirmation is read through the extension's
 * test API, which runs the tool's own prepareInvocation.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { scenarioHandler } from './fakeJudge';
import { confirmationText, eventually, fileUri, fixtureScenario, invokeAgentTool, openFixture, rangeOfText, sumlensDiagnostics, type Fixture } from './helpers';

const toolNames = ['sumlens_compare_runs', 'sumlens_evaluate_summary', 'sumlens_summary_findings'];
/** The engine's tools the editor offers as `sumlens mcp` serves them. */
const engineToolNames = ['sumlens_audit_judge', 'sumlens_estimate_cost', 'sumlens_evaluate_dataset', 'sumlens_get_dataset', 'sumlens_list_datasets'];

/** "summary.md:5:28–5:44" for the first occurrence of `words` in the document. */
function spanOf(document: vscode.TextDocument, words: string): string {
  const range = rangeOfText(document, words);
  const name = document.uri.path.split('/').pop();
  return `${name}:${range.start.line + 1}:${range.start.character + 1}–${range.end.line + 1}:${range.end.character + 1}`;
}

const panelTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('sumlens.panel'));

describe('language model tools (agent mode)', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const config = () => vscode.workspace.getConfiguration('sumlens');

  before(async () => {
    fx = await openFixture({ method: 'fine' });
    await vscode.commands.executeCommand('sumlens.clearFindings');
    // A model of the price table, so that the confirmation and the result carry a cost.
    await config().update('model', 'gpt-4o-mini', vscode.ConfigurationTarget.Global);
    await config().update('openPanelAfterEvaluation', true, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('openPanelAfterEvaluation', undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("lists the editor's three tools and the engine's five in vscode.lm.tools with their input schemas and descriptions", () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('sumlens_'));
    assert.deepStrictEqual(ours.map((t) => t.name).sort(), [...toolNames, ...engineToolNames].sort());
    const evaluate = ours.find((t) => t.name === 'sumlens_evaluate_summary')!;
    const schema = evaluate.inputSchema as { properties: Record<string, { enum?: string[] }> };
    assert.deepStrictEqual(Object.keys(schema.properties), ['summaryPath', 'sourcePath', 'method', 'aspects', 'maxCost']);
    assert.deepStrictEqual(schema.properties.method.enum, ['geval', 'rationale', 'fine', 'all', 'choose']);
    assert.match(evaluate.description, /costs money/);
    assert.ok(evaluate.tags.includes('sumlens'));
    const compare = ours.find((t) => t.name === 'sumlens_compare_runs')!;
    assert.deepStrictEqual((compare.inputSchema as { required: string[] }).required, ['runA']);
  });

  it("the evaluate tool's confirmation names the judge and the estimated cost, and sends nothing", async () => {
    const before = fx.server.requests.length;
    const prepared = await fx.api.prepareAgentTool('sumlens_evaluate_summary', {});
    assert.strictEqual(fx.server.requests.length, before, 'nothing was sent');
    const confirmation = confirmationText(prepared);
    assert.ok(confirmation, 'a confirmation is asked for');
    assert.strictEqual(confirmation.title, 'Evaluate summary.md, line 5 (selection) with SumLens?');
    const { message } = confirmation;
    const host = new URL(fx.server.url).host;
    assert.match(message, new RegExp(`\\*\\*Judge:\\*\\* \`gpt-4o-mini\` at ${host.replace(/\./g, '\\.')}`));
    assert.match(message, /\*\*Sends:\*\* summary\.md, line 5 \(selection\) and article\.txt/);
    assert.match(message, /\*\*Method:\*\* Fine-grained facts \(completeness, correctness, alignment, readability\)/);
    assert.match(message, /\*\*Estimated cost:\*\* \d+ calls · ~[\d,]+ prompt tokens · ~\$\d+\.\d+ \(estimate from list prices\)/);
    assert.match(message, /\*\*Spending limit:\*\* none \(sumlens\.maxCost is empty\)/);
    assert.doesNotMatch(message, /Restricted Mode/);
  });

  it("maxCost: the call's limit is the agent's, never above sumlens.maxCost; a run stops at it with the limit and the spend", async () => {
    const limitLine = async (input: object) =>
      /\*\*Spending limit:\*\* (.*)/.exec(confirmationText(await fx.api.prepareAgentTool('sumlens_evaluate_summary', input))!.message)![1];
    await config().update('maxCost', 1, vscode.ConfigurationTarget.Global);
    try {
      assert.strictEqual(await limitLine({}), '$1 (sumlens.maxCost)');
      assert.strictEqual(await limitLine({ maxCost: 5 }), '$1 (sumlens.maxCost)', 'an agent does not raise the limit');
      assert.strictEqual(
        await limitLine({ maxCost: 0.0001 }),
        "$0.0001 (this call's maxCost), below the estimate: the run may stop before it ends (what finished is kept)",
      );
      const before = fx.server.chatRequests.length;
      const failure = await invokeAgentTool('sumlens_evaluate_summary', { maxCost: 0.0001 }).then(
        () => assert.fail('the call stopped'),
        (error: Error) => error,
      );
      assert.match(failure.message, /^SumLens: spending limit \$0\.0001 reached: \$0\.0\d+ spent on \d+ requests? \(gpt-4o-mini, list prices of \d{4}-\d\d\)/);
      // What to raise is the call's own limit, the lower one, not the setting.
      assert.match(failure.message, /rerun with a higher maxCost argument, up to sumlens\.maxCost of \$1 \(or none\)/);
      assert.ok(fx.server.chatRequests.length - before < 15, 'stopped before the whole run');
      // A model with no price cannot run under a limit in dollars: said before anything is sent.
      await config().update('model', 'fake-model', vscode.ConfigurationTarget.Global);
      await assert.rejects(
        fx.api.prepareAgentTool('sumlens_evaluate_summary', {}),
        /SumLens: fake-model has no price in SumLens's price table .*leave sumlens\.maxCost empty to run it/,
      );
    } finally {
      await config().update('maxCost', undefined, vscode.ConfigurationTarget.Global);
      await config().update('model', 'gpt-4o-mini', vscode.ConfigurationTarget.Global);
    }
  });

  it('invokeTool evaluates the selection: scores, findings at their spans with evidence, the panel and the diagnostics', async () => {
    for (const tab of panelTabs()) await vscode.window.tabGroups.close(tab);
    const before = fx.server.chatRequests.length;
    const text = await invokeAgentTool('sumlens_evaluate_summary', {});
    assert.ok(fx.server.chatRequests.length > before, 'the judge was asked');
    assert.match(text, /^# SumLens: summary\.md, line 5 \(selection\) against article\.txt/);
    assert.match(text, /Model gpt-4o-mini at http:\/\/127\.0\.0\.1:\d+/);
    for (const metric of ['completeness', 'correctness', 'alignment', 'readability']) assert.match(text, new RegExp(`\\| ${metric} \\| \\d\\.\\d\\d \\|`));
    const summary = fx.summary.document;
    const article = fx.article.document;
    assert.ok(
      text.includes(`- **correctness/incorrect** ${spanOf(summary, '40 million euros')} "40 million euros": `),
      `the wrong cost at its span in:\n${text}`,
    );
    assert.ok(text.includes(`; evidence: ${spanOf(article, '12 million euros')} "12 million euros"`), 'its evidence in the source');
    assert.ok(text.includes(`- **completeness/missing** ${spanOf(article, 'Mayor Ana Silva said it would cut commuting times by half')}`), 'the missed fact');
    assert.match(text, /Cost: ~\$\d+\.\d+ \(estimate from list prices\)\./);
    // As the command's run: the panel opens on the result, the findings are diagnostics.
    await eventually(() => panelTabs().length === 1, 'the panel is open');
    assert.strictEqual(fx.api.panelModel().summaryName, 'summary.md');
    assert.ok(fx.api.panelModel().result?.fine, 'the panel shows the fine-grained result');
    await fx.api.diagnosticsSettled();
    assert.ok(sumlensDiagnostics(summary.uri).some((d) => summary.getText(d.range) === '40 million euros'));
  });

  it('the findings tool returns what SumLens holds for a summary, without a call', async () => {
    const before = fx.server.requests.length;
    const text = await invokeAgentTool('sumlens_summary_findings', { summaryPath: 'summary.md' });
    assert.strictEqual(fx.server.requests.length, before, 'the judge was not asked');
    assert.match(text, /^# SumLens: summary\.md \(latest evaluation\)/);
    assert.ok(text.includes(`${spanOf(fx.summary.document, '40 million euros')} "40 million euros"`), text);
    assert.match(text, /\| correctness \| \d\.\d\d \|/);
    // The active editor's document is the default; the source holds no run of its own.
    assert.strictEqual(await invokeAgentTool('sumlens_summary_findings', {}), text);
    assert.match(await invokeAgentTool('sumlens_summary_findings', { summaryPath: 'background.txt' }), /holds no evaluation of background\.txt/);
  });

  it("the engine's tools as sumlens mcp serves them: the cost first (nothing sent), then a dataset run into a run file inside the workspace", async () => {
    const out = fileUri('.sumlens/agent-run.jsonl').fsPath;
    fs.rmSync(out, { force: true });
    const source = fs.readFileSync(fileUri('article.txt').fsPath, 'utf8');
    fx.server.setHandler(scenarioHandler({ ...fixtureScenario(source), scores: { '*': 4 } }));
    const before = fx.server.requests.length;
    const estimate = await invokeAgentTool('sumlens_estimate_cost', { data: 'summaries.csv', out: '.sumlens/agent-run.jsonl' });
    assert.strictEqual(fx.server.requests.length, before, 'the estimate sends nothing');
    assert.match(estimate, /^3 item\(s\) to evaluate/);
    const confirmation = confirmationText(await fx.api.prepareAgentTool('sumlens_evaluate_dataset', { data: 'summaries.csv', maxCost: 0.5 }));
    assert.match(confirmation!.message, /gpt-4o-mini/);
    assert.match(confirmation!.message, /\$0\.5/);
    const text = await invokeAgentTool('sumlens_evaluate_dataset', { data: 'summaries.csv', out: '.sumlens/agent-run.jsonl' });
    assert.ok(fx.server.requests.length > before, 'the judge was asked');
    assert.match(text, /^3 item\(s\) written to \.sumlens\/agent-run\.jsonl/);
    const structured = JSON.parse(text.slice(text.indexOf('{"out"'))) as { out: string; aspects: { aspect: string; scored: number }[] };
    assert.strictEqual(structured.out, '.sumlens/agent-run.jsonl');
    assert.deepStrictEqual(
      structured.aspects.map((r) => [r.aspect, r.scored]),
      ['coherence', 'consistency', 'fluency', 'relevance'].map((a) => [a, 3]),
    );
    assert.strictEqual(fs.readFileSync(out, 'utf8').trim().split('\n').length, 1 + 3, 'a header and three records');
    assert.match(await invokeAgentTool('sumlens_list_datasets', {}), /summeval/i);
    await assert.rejects(invokeAgentTool('sumlens_evaluate_dataset', { data: '../outside.csv' }), /usage \(exit 2\): data \.\.\/outside\.csv is outside/);
    fx.server.setHandler(scenarioHandler(fixtureScenario(source)));
    fs.rmSync(out, { force: true });
  });

  it('compares two runs: the paired difference per aspect with its interval, and the panel', async () => {
    const runs = fileUri('.sumlens/runs').fsPath;
    fs.rmSync(runs, { recursive: true, force: true });
    const source = fs.readFileSync(fileUri('article.txt').fsPath, 'utf8');
    const runWith = async (scores: Record<string, number>, name: string) => {
      fx.server.setHandler(scenarioHandler({ ...fixtureScenario(source), scores }));
      const outcome = await fx.api.evaluateDataset(fileUri('summaries.csv'), 'geval');
      assert.strictEqual(outcome?.summary.written, 3);
      fs.renameSync(outcome.runFile, `${runs}/${name}.jsonl`);
    };
    await runWith({ '*': 2 }, 'before');
    await runWith({ '*': 4 }, 'after');
    fx.server.setHandler(scenarioHandler(fixtureScenario(source)));

    const before = fx.server.requests.length;
    const text = await invokeAgentTool('sumlens_compare_runs', { runA: '.sumlens/runs/before.jsonl', runB: '.sumlens/runs/after.jsonl' });
    assert.strictEqual(fx.server.requests.length, before, 'nothing was sent');
    assert.match(text, /^# SumLens: B = \.sumlens\/runs\/after\.jsonl against A = \.sumlens\/runs\/before\.jsonl/);
    assert.match(text, /3 items paired/);
    for (const aspect of ['coherence', 'consistency', 'fluency', 'relevance']) {
      const row = new RegExp(
        `\\| ${aspect} \\| 3 \\| (\\d\\.\\d\\d) \\| (\\d\\.\\d\\d) \\| (-?\\d\\.\\d\\d) \\[(-?\\d\\.\\d\\d), (-?\\d\\.\\d\\d)\\] \\| .+ \\| 3 / 0 / 0 \\|`,
      ).exec(text);
      assert.ok(row, `a row for ${aspect} in:\n${text}`);
      const [a, b, difference, low, high] = row.slice(1).map(Number);
      assert.ok(b > a && Math.abs(difference - (b - a)) < 0.011 && low <= difference && difference <= high, row[0]);
    }
    assert.strictEqual(fx.api.panelModel().view, 'comparison');
    assert.strictEqual(fx.api.panelModel().comparison?.paired, 3);
  });

  it('refuses runs made differently unless allowDifferent, with the message the command shows', async () => {
    const outcome = await fx.api.evaluateDataset(fileUri('summaries.csv'), 'rationale');
    const input = { runA: '.sumlens/runs/before.jsonl', runB: `.sumlens/runs/${outcome!.runFile.split('/').pop()}` };
    await assert.rejects(invokeAgentTool('sumlens_compare_runs', input), /SumLens: .*made differently \(method: geval \(A\) vs rationale \(B\)/);
    assert.match(
      await invokeAgentTool('sumlens_compare_runs', { ...input, allowDifferent: true }),
      /Compared although the runs were made differently: method: geval \(A\) vs rationale \(B\)/,
    );
  });

  it('a cancelled call stops the run, which ends as cancelled', async () => {
    const source = fs.readFileSync(fileUri('article.txt').fsPath, 'utf8');
    fx.server.setHandler(() => ({ hang: true }));
    const before = fx.server.chatRequests.length;
    const cancel = new vscode.CancellationTokenSource();
    const running = Promise.resolve(
      vscode.lm.invokeTool('sumlens_evaluate_summary', { input: { method: 'geval' }, toolInvocationToken: undefined }, cancel.token),
    );
    await eventually(() => fx.server.chatRequests.length > before, 'the judge is asked');
    cancel.cancel();
    // VS Code answers a cancelled call with its own Canceled error; the run itself stops and keeps what finished.
    await assert.rejects(running, /Canceled/);
    await eventually(() => fx.api.lastOutcome()?.result.cancelled === true, 'the run ended as cancelled');
    fx.server.setHandler(scenarioHandler(fixtureScenario(source)));
    assert.strictEqual(fx.api.panelModel().running, false);
  });

  it('a failing call is an error: an unreachable judge, a path outside the workspace, an input the schema refuses', async () => {
    await config().update('baseUrl', 'http://127.0.0.1:9/v1', vscode.ConfigurationTarget.Global);
    try {
      const failure = await invokeAgentTool('sumlens_evaluate_summary', { summaryPath: 'summary.md', sourcePath: 'article.txt', method: 'geval' }).then(
        () => assert.fail('the call failed'),
        (error: Error) => error,
      );
      // The same words the command shows in its notification (and the panel as its error).
      assert.strictEqual(failure.message, `SumLens: ${fx.api.panelModel().error}`);
      assert.match(failure.message, /127\.0\.0\.1:9/);
    } finally {
      await config().update('baseUrl', fx.server.url, vscode.ConfigurationTarget.Global);
    }
    await assert.rejects(
      invokeAgentTool('sumlens_summary_findings', { summaryPath: '../outside.md' }),
      /SumLens: \.\.\/outside\.md is outside the workspace folders/,
    );
    await assert.rejects(invokeAgentTool('sumlens_compare_runs', { runA: 'missing.jsonl' }), /SumLens: missing\.jsonl does not exist in the workspace/);
    await assert.rejects(
      invokeAgentTool('sumlens_evaluate_summary', { method: 'best' }),
      /SumLens: sumlens_evaluate_summary got an input it cannot use \(method: /,
    );
  });
});
