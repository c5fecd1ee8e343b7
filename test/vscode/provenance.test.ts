// How each score was made, in the editor: the engine's provenance and warnings reach the panel
// model and the status bar's hover; sumlens.route / maxStandardError / reasoningBudget reach
// the engine; what the engine learns about the endpoint is told once per run, without the key.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { groq, openaiReasoning } from '../fake/profiles';
import { scenarioHandler } from './fakeJudge';
import { evaluateSelection, fixtureScenario, openFixture, type Fixture } from './helpers';

const config = () => vscode.workspace.getConfiguration('sumlens');
const settingsUsed = ['route', 'maxStandardError', 'reasoningBudget', 'samples'] as const;

describe('how each score was made (provenance in the editor)', () => {
  let fx: Fixture;
  let server: FakeOpenAiServer | undefined;

  /** Points SumLens at a fresh fake server that behaves as `profile` does. */
  async function serve(profile: Parameters<typeof FakeOpenAiServer.start>[0]): Promise<FakeOpenAiServer> {
    await server?.close();
    server = await FakeOpenAiServer.start(profile);
    server.setHandler(scenarioHandler(fixtureScenario(fx.article.document.getText())));
    await config().update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    return server;
  }

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    await fx.api.storeApiKey('sk-provenance-test-key-123');
  });
  afterEach(async () => {
    for (const key of settingsUsed) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('method', 'fine', vscode.ConfigurationTarget.Global);
    await server?.close();
    await fx.server.close();
  });

  it('a server refusing logprobs: the panel and the hover say sampling and why; the quirk is told once, without the key', async () => {
    const judge = await serve({ profile: groq });
    await config().update('samples', 4, vscode.ConfigurationTarget.Global);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    const before = fx.api.engineNotices().length;
    const outcome = await evaluateSelection(fx.api);

    assert.ok(judge.refused.length > 0, 'the server refused something');
    const aspects = outcome.result.aspects;
    assert.ok(aspects.length === 4 && aspects.every((a) => a.provenance?.route === 'sampling'), 'every aspect sampled');

    const model = fx.api.panelModel();
    const shown = model.result!.aspects.find((a) => a.name === 'coherence')!;
    assert.strictEqual(shown.provenance?.route, 'sampling');
    assert.match(shown.provenance.why, /\w/);
    assert.ok((shown.provenance?.samples ?? 0) >= 1 && shown.provenance?.standardError !== undefined, 'n and SE travel to the panel');
    assert.deepStrictEqual(model.result!.provenance, outcome.result.provenance, 'run provenance in the panel');

    const hover = fx.api.statusBarTooltip();
    assert.match(hover, /coherence: 4\.00 \/ 5 — sampling \(.+\) · n \d+, SE \d\.\d\d · valid 100%/);
    assert.ok(hover.split('\n').length <= 7, `the hover stays short:\n${hover}`);

    const notices = fx.api.engineNotices().slice(before);
    assert.ok(notices.length > 0, 'the learned quirk is told');
    assert.ok(
      notices.every((n) => !n.includes('sk-provenance-test-key-123')),
      'never the key',
    );
    assert.strictEqual(new Set(notices).size, notices.length, 'each quirk once');
  });

  it('sumlens.route and sumlens.maxStandardError reach the engine', async () => {
    const judge = await serve({});
    await config().update('route', 'sampling', vscode.ConfigurationTarget.Global);
    await config().update('maxStandardError', 0, vscode.ConfigurationTarget.Global);
    await config().update('samples', 5, vscode.ConfigurationTarget.Global);
    const outcome = await evaluateSelection(fx.api);
    assert.ok(
      judge.chatRequests.every((r) => !r.body.logprobs),
      'no logprob request when sampling is asked for',
    );
    for (const a of outcome.result.aspects) {
      assert.strictEqual(a.provenance?.route, 'sampling', a.name);
      assert.strictEqual(a.provenance?.samples, 5, `${a.name}: all 5 drawn at maxStandardError 0`);
    }
    assert.match(fx.api.statusBarTooltip(), /n 5, SE/);
  });

  it('sumlens.reasoningBudget gives a thinking judge room to reason', async () => {
    const judge = await serve({ profile: openaiReasoning(100) });
    await config().update('reasoningBudget', 3000, vscode.ConfigurationTarget.Global);
    await config().update('samples', 2, vscode.ConfigurationTarget.Global);
    await evaluateSelection(fx.api);
    const limits = judge.chatRequests.map((r) => r.body.max_completion_tokens).filter((n): n is number => typeof n === 'number');
    assert.ok(limits.length > 0 && limits.every((n) => n >= 3000), `max_completion_tokens ${limits.join(', ')}`);
  });
});
