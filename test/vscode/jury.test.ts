/**
 * A jury in the real VS Code (sumlens.judges): three judges on their own models score the
 * selected summary; the panel's result is the jury's (each aspect the judges' mean), with
 * every judge's score beside it; a judge that fails is named and left out of the mean.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../fake/openaiServer';
import { scoreReply } from '../fake/openaiServer';
import { evaluateSelection, openFixture, type Fixture } from './helpers';

/** judge-a says 4, judge-b 3, judge-c 2, on every aspect (all within fluency's 1-3 but judge-a's: 3 there). */
function threeJudges(request: RecordedRequest) {
  const fluency = JSON.stringify(request.body.messages).includes('- Fluency:');
  const score = { 'judge-a': fluency ? '3' : '4', 'judge-b': '3', 'judge-c': '2' }[String(request.body.model)] ?? '1';
  return scoreReply(score, { [score]: 1 });
}

describe('Jury (sumlens.judges)', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const config = () => vscode.workspace.getConfiguration('sumlens');

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    await config().update(
      'judges',
      ['judge-a', 'judge-b', 'judge-c'].map((model) => ({ name: model, baseUrl: fx.server.url, model })),
      vscode.ConfigurationTarget.Global,
    );
  });
  after(async () => {
    await config().update('judges', undefined, vscode.ConfigurationTarget.Global);
    await config().update('method', undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it("scores by the jury: each aspect the judges' mean, every judge's score beside it", async () => {
    fx.server.setHandler(threeJudges);
    const outcome = await evaluateSelection(fx.api);
    const result = outcome.result;
    assert.strictEqual(result.model, 'jury of 3');
    assert.deepStrictEqual(
      result.jury!.judges.map((j) => j.name),
      ['judge-a', 'judge-b', 'judge-c'],
    );
    const coherence = result.aspects.find((a) => a.name === 'coherence')!;
    assert.strictEqual(coherence.score, 3);
    assert.match(coherence.provenance!.why, /^jury of 3 \(judge-a, judge-b, judge-c\): their mean$/);
    assert.deepStrictEqual(
      result.jury!.judges.map((j) => j.scores.coherence),
      [4, 3, 2],
    );
    assert.strictEqual(fx.api.panelModel().result?.jury?.aspects.find((a) => a.name === 'coherence')?.sd, 1);
    assert.ok(new Set(fx.server.chatRequests.map((r) => r.body.model)).size >= 3, 'each judge asked on its own model');
  });

  it('a judge that fails is named and left out of the mean', async () => {
    fx.server.setHandler((request) => (request.body.model === 'judge-b' ? { status: 500, error: { message: 'judge-b is down' } } : threeJudges(request)));
    const outcome = await evaluateSelection(fx.api);
    const jury = outcome.result.jury!;
    assert.match(jury.judges.find((j) => j.name === 'judge-b')!.error ?? '', /judge-b is down|server error|500/);
    assert.strictEqual(outcome.result.aspects.find((a) => a.name === 'coherence')!.score, 3, 'mean of 4 and 2');
    assert.deepStrictEqual(jury.aspects.find((a) => a.name === 'coherence')!.leftOut, ['judge-b']);
  });
});
