/**
 * The aspect choice (Tanaka's thesis) in the real VS Code: with sumlens.method "choose" the judge
 * chooses the aspects from the catalogue; the panel shows the chosen ones (cards and the
 * choice table), each beside SumLens's own template's score, and the unchosen ones folded
 * without a number. A judge whose choice cannot be read twice stops the run with its error.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { chooseJudge } from '../fake/chooseJudge';
import { scoreReply, type RecordedRequest } from '../fake/openaiServer';
import { evaluateSelection, eventually, openFixture, type Fixture } from './helpers';

/** The choosing judge for the aspect-choice prompts; a plain G-Eval score for SumLens's own templates. */
function chooserWithTemplates(request: RecordedRequest) {
  return JSON.stringify(request.body.messages).includes('aspects list:') ? chooseJudge('chooser')(request) : scoreReply('3', { '3': 0.6, '2': 0.4 });
}

describe('Aspect choice (sumlens.method choose)', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const config = () => vscode.workspace.getConfiguration('sumlens');

  before(async () => {
    fx = await openFixture({ method: 'choose' });
  });
  after(async () => {
    await config().update('method', undefined, vscode.ConfigurationTarget.Global);
    await config().update('reasons', undefined, vscode.ConfigurationTarget.Global);
    await config().update('reasonsK', undefined, vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it("the chosen aspects with their scores and reasons, each beside its own template's score; the rest not chosen", async () => {
    fx.server.setHandler(chooserWithTemplates);
    const outcome = await evaluateSelection(fx.api);
    const result = outcome.result;
    assert.strictEqual(result.method, 'choose');
    assert.deepStrictEqual(result.aspects.map((a) => a.name).slice(0, 4), ['coherence', 'consistency', 'fluency', 'relevance']);
    const choice = fx.api.panelModel().result!.choice!;
    assert.strictEqual(choice.offered.length, 20);
    assert.ok(choice.notChosen.includes('empathy'));
    assert.deepStrictEqual(
      choice.ownTemplate!.map((a) => a.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    assert.ok(Math.abs(choice.ownTemplate![0].score! - 2.6) < 1e-9);
    assert.match(result.aspects[0].reason ?? '', /coherence of the output/);
  });

  it('sumlens.reasons fsv1 with 4 reasons: one request for the reasons, one per reason, pooled with the spread', async () => {
    await config().update('reasons', 'fsv1', vscode.ConfigurationTarget.Global);
    await config().update('reasonsK', 4, vscode.ConfigurationTarget.Global);
    fx.server.setHandler(chooserWithTemplates);
    const before = fx.server.chatRequests.length;
    await evaluateSelection(fx.api);
    const choice = fx.api.panelModel().result!.choice!;
    assert.strictEqual(choice.reasons!.texts.length, 4);
    assert.strictEqual(choice.chosen.find((c) => c.name === 'coherence')!.of, 4);
    const reasonRequests = fx.server.chatRequests.slice(before).filter((r) => r.body.n === 4);
    assert.strictEqual(reasonRequests.length, 1);
    await config().update('reasons', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a choice that cannot be read twice stops the run: its error in the panel, no score shown', async () => {
    fx.server.setHandler((request) =>
      JSON.stringify(request.body.messages).includes('aspects list:') ? chooseJudge('malformed')(request) : scoreReply('3', { '3': 1 }),
    );
    const before = fx.server.chatRequests.length;
    await vscode.commands.executeCommand('sumlens.evaluateSelection');
    await eventually(() => /could not be read twice/.test(fx.api.panelModel().error ?? ''), 'the error in the panel', 20_000);
    assert.strictEqual(fx.api.panelModel().running, false);
    assert.strictEqual(fx.api.panelModel().result, null, 'no score shown');
    const asked = fx.server.chatRequests.slice(before);
    assert.strictEqual(asked.length, 2, 'asked once more with the problem stated, then stopped');
    assert.match(JSON.stringify(asked[1].body.messages), /Your answer could not be used/);
  });
});
