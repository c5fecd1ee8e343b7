import * as assert from 'assert';
import * as vscode from 'vscode';
import { evaluateSelection, eventually, fixtureScenario, openFixture, sumlensDiagnostics, type Fixture } from './helpers';
import { scenarioHandler } from './fakeJudge';

describe('cancellation', () => {
  let fx: Fixture;

  before(async () => {
    fx = await openFixture({ method: 'all' });
  });
  after(async () => {
    await vscode.workspace.getConfiguration('sumlens').update('method', 'fine', vscode.ConfigurationTarget.Global);
    await fx.server.close();
  });

  it('stops the run when cancelled and keeps what finished', async () => {
    const answer = scenarioHandler(fixtureScenario(fx.article.document.getText()));
    let hung = 0;
    // Holistic aspects answer; the fine-grained judges never do.
    fx.server.setHandler((request) => {
      if (request.body?.response_format?.json_schema?.name?.startsWith('fine_correctness')) {
        hung++;
        return { hang: true };
      }
      return answer(request);
    });
    const run = evaluateSelection(fx.api);
    const deadline = Date.now() + 20_000;
    while (hung === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(hung > 0, 'the run reached the judges');
    // 4 aspects + 15 fine-grained calls planned; all but the 3 correctness judges answer.
    await eventually(() => fx.api.panelModel().progress?.done === 16, 'everything but correctness finished');
    assert.strictEqual(await vscode.commands.executeCommand('sumlens.cancelEvaluation'), true);
    const outcome = await run;
    assert.strictEqual(outcome.result.cancelled, true);
    assert.ok(
      outcome.result.aspects.some((a) => a.score !== null),
      'finished aspects are kept',
    );
    assert.ok(outcome.result.fine?.completeness, 'the finished fine-grained metrics are kept');
    assert.strictEqual(outcome.result.fine?.correctness, null);
    const missing = sumlensDiagnostics(fx.article.document.uri);
    assert.ok(
      missing.some((d) => d.message.startsWith('Missing from the summary')),
      'the missing fact is still shown in the source',
    );
    assert.strictEqual(fx.api.panelModel().running, false);
  });
});
