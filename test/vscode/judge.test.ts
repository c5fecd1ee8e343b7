// "SumLens: Check Judge", "Show Judge Capabilities" and "Reset Judge Capabilities", run as a
// user runs them, against the fake OpenAI-compatible server.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { probeProfiles } from '../fake/probeProfiles';
import { groq } from '../fake/profiles';
import { scenarioHandler } from './fakeJudge';
import { evaluateSelection, fixtureScenario, openFixture, type Fixture } from './helpers';

const config = () => vscode.workspace.getConfiguration('sumlens');
const key = 'sk-judge-test-key-456';

describe('checking the judge', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    await fx.api.storeApiKey(key);
  });
  after(async () => {
    await config().update('method', 'fine', vscode.ConfigurationTarget.Global);
    await config().update('samples', undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it('Check Judge probes the configured endpoint and model with the stored key and opens a readable report', async () => {
    fx.server.setHandler(probeProfiles.gemini);
    const sent = fx.server.chatRequests.length;
    const report = await vscode.commands.executeCommand<string>('sumlens.checkJudge');
    const requests = fx.server.chatRequests.slice(sent);
    assert.ok(requests.length > 0 && requests.every((r) => r.headers.authorization === `Bearer ${key}` && r.body.model === 'fake-model'));
    assert.match(report, /# SumLens: Check Judge/);
    assert.match(report, /\| logprobs \| refused/);
    assert.match(report, /## Routes/);
    assert.ok(!report.includes(key), 'never the key');
    const shown = vscode.window.activeTextEditor?.document;
    assert.strictEqual(shown?.uri.scheme, 'sumlens-report');
    assert.strictEqual(shown?.getText(), report);
    assert.strictEqual(shown?.languageId, 'markdown');
  });

  it('Check Judge reports an unreachable endpoint as an error, not a report', async () => {
    const dead = await FakeOpenAiServer.start();
    const url = dead.url;
    await dead.close();
    await config().update('baseUrl', url, vscode.ConfigurationTarget.Global);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('sumlens.checkJudge'), undefined);
    } finally {
      await config().update('baseUrl', fx.server.url, vscode.ConfigurationTarget.Global);
    }
  });

  it('Show and Reset Judge Capabilities list and forget what a run learned', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-caps-'));
    const previous = process.env.SUMLENS_CACHE_DIR;
    // The extension host is this process: the quirks of the next run are kept in `dir`.
    process.env.SUMLENS_CACHE_DIR = dir;
    const server = await FakeOpenAiServer.start({ profile: groq });
    try {
      server.setHandler(scenarioHandler(fixtureScenario(fx.article.document.getText())));
      await config().update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
      await config().update('samples', 2, vscode.ConfigurationTarget.Global);
      // The report opened by Check Judge is in front: evaluate the summary again.
      const summary = await vscode.window.showTextDocument(fx.summary.document, vscode.ViewColumn.Two);
      summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
      await evaluateSelection(fx.api);

      const listed = await vscode.commands.executeCommand<string>('sumlens.showCapabilities');
      assert.match(listed, new RegExp(`fake-model.+${server.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
      assert.match(listed, /logprobs refused/);
      assert.match(listed, /learned \d{4}-\d\d-\d\d, until \d{4}-\d\d-\d\d/);

      const forgotten = await vscode.commands.executeCommand<number>('sumlens.resetCapabilities');
      assert.strictEqual(forgotten, 1);
      assert.match(await vscode.commands.executeCommand<string>('sumlens.showCapabilities'), /Nothing learned yet/);
    } finally {
      process.env.SUMLENS_CACHE_DIR = previous;
      await config().update('baseUrl', fx.server.url, vscode.ConfigurationTarget.Global);
      await server.close();
    }
  });
});
