// sumlens.repeat: the summary judged N times independently, and the panel shows each score's
// spread over the runs (mean, sd, range, and the pass rate at sumlens.passThreshold).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatHandler } from '../fake/openaiServer';
import { scenarioHandler, type Scenario } from './fakeJudge';
import { evaluateSelection, fixtureScenario, openFixture, type Fixture } from './helpers';

const config = () => vscode.workspace.getConfiguration('sumlens');
const settingsUsed = ['repeat', 'passThreshold', 'route', 'samples', 'maxStandardError'] as const;

/** The scenario's judge, answering coherence 2, 4, 5, 2, … on successive score requests. */
function varyingCoherence(scenario: Scenario): ChatHandler {
  const answer = scenarioHandler(scenario);
  const coherence = [2, 4, 5];
  let asked = 0;
  return (request) => {
    const prompt = (request.body?.messages ?? []).map((m: { content: string }) => m.content).join('\n');
    if (/Coherence \(1-5\):/.test(prompt) && prompt.includes('Evaluation Form')) scenario.scores = { coherence: coherence[asked++ % coherence.length] };
    return answer(request);
  };
}

describe('sumlens.repeat: the spread over independent runs in the panel', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    await fx.api.storeApiKey('sk-repeat-test');
  });
  afterEach(async () => {
    for (const key of settingsUsed) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('method', 'fine', vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it('three runs: every score with its runs, mean ± sd, range and pass rate; the calls of every run counted', async () => {
    fx.server.setHandler(varyingCoherence(fixtureScenario(fx.article.document.getText())));
    await config().update('repeat', 3, vscode.ConfigurationTarget.Global);
    await config().update('passThreshold', 3.5, vscode.ConfigurationTarget.Global);
    // One answer per aspect and run: the score of each run is the one answer drawn.
    await config().update('route', 'sampling', vscode.ConfigurationTarget.Global);
    await config().update('samples', 1, vscode.ConfigurationTarget.Global);
    await config().update('maxStandardError', 0, vscode.ConfigurationTarget.Global);
    fx.summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    const before = fx.server.chatRequests.length;
    const outcome = await evaluateSelection(fx.api);

    const repeat = fx.api.panelModel().result?.repeat;
    assert.ok(repeat, 'the panel model carries the spread');
    assert.strictEqual(repeat.runs, 3);
    assert.deepStrictEqual(
      repeat.spread.map((s) => s.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    const coherence = repeat.spread[0];
    assert.deepStrictEqual([...coherence.scores].sort(), [2, 4, 5], 'one score per run');
    assert.strictEqual(coherence.mean, 11 / 3);
    assert.ok(Math.abs(coherence.sd! - Math.sqrt(7 / 3)) < 1e-9, `sd ${coherence.sd}`);
    assert.deepStrictEqual([coherence.min, coherence.max], [2, 5]);
    assert.deepStrictEqual(coherence.threshold, { threshold: 3.5, passed: 2, passRate: 2 / 3, straddles: true });
    const steady = repeat.spread[1];
    assert.strictEqual(steady.sd, 0, 'consistency: the same answer each run');
    assert.strictEqual(steady.threshold?.straddles, false);
    assert.strictEqual(outcome.result.usage.calls, fx.server.chatRequests.length - before, 'the calls of all three runs are counted');
    assert.ok(outcome.result.usage.calls >= 12, `4 aspects × 3 runs: ${outcome.result.usage.calls} calls`);
  });

  it('one run (the default): no spread', async () => {
    fx.server.setHandler(scenarioHandler(fixtureScenario(fx.article.document.getText())));
    await evaluateSelection(fx.api);
    assert.strictEqual(fx.api.panelModel().result?.repeat, undefined);
  });
});
