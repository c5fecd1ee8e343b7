/**
 * "SumLens: Compare Two Summaries" in the real VS Code: two summary files selected in the
 * Explorer (the command's arguments as the Explorer passes them), their source paired as for
 * Evaluate, judged per aspect in both orders through the real client against the fake server.
 * The scripted judge prefers the summary with the right cost, whichever place it is shown in,
 * except on fluency, where it always answers "the first": that flip is shown as a tie.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { AspectComparison } from '../../src/core/pairwise/comparePair';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { pairwiseAnswer, RIGHT_SUMMARY as RIGHT, WRONG_SUMMARY as WRONG } from '../fake/pairwiseJudge';
import { activateSumLens, fileUri } from './helpers';
import type { RankingView } from '../../src/extension/webview/comparisonProtocol';

describe('Compare Two Summaries', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  const [right, wrong] = [fileUri('summary-right.md'), fileUri('summary-wrong.md')];

  before(async () => {
    fs.writeFileSync(right.fsPath, RIGHT + '\n');
    fs.writeFileSync(wrong.fsPath, WRONG + '\n');
    server = await FakeOpenAiServer.start();
    server.setHandler(pairwiseAnswer);
    const config = vscode.workspace.getConfiguration('sumlens');
    await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    await config.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
    const api = await activateSumLens();
    await api.pairWith(right, fileUri('article.txt'));
  });
  after(async () => {
    await server.close();
    for (const uri of [right, wrong]) fs.rmSync(uri.fsPath, { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('judges each aspect in both orders: the right summary wins wherever it is shown, a verdict that flips with the order is a tie', async () => {
    const comparisons = await vscode.commands.executeCommand<AspectComparison[]>('sumlens.compareSummaries', right, [right, wrong]);
    assert.ok(comparisons, 'a comparison, not a warning or an error');
    assert.deepStrictEqual(
      comparisons.map((c) => [c.aspect, c.verdict, c.inconsistent, c.orders.map((o) => o.first).join('')]),
      [
        ['coherence', 'A', false, 'AB'],
        ['consistency', 'A', false, 'AB'],
        ['fluency', 'tie', true, 'AB'],
        ['relevance', 'A', false, 'AB'],
      ],
    );
    const consistency = comparisons.find((c) => c.aspect === 'consistency')!;
    assert.ok(Math.abs(consistency.pA - 0.75) < 1e-9 && consistency.orders.every((o) => o.provenance.route === 'logprobs'));
    assert.strictEqual(server.chatRequests.length, 2 * 4, 'two orders × four aspects, no more');
  });

  it('with one file selected, says what to select instead of guessing', async () => {
    const comparisons = await vscode.commands.executeCommand('sumlens.compareSummaries', right, [right]);
    assert.strictEqual(comparisons, undefined);
  });

  it('Rank Systems on a run file the CLI made: four systems ranked with intervals, nothing asked', async () => {
    // test/vscode/fixtures/workspace/ranking.pairwise.jsonl: `sumlens pairwise --data` on 4 systems × 16 documents, a fake judge preferring quality plus noise.
    const outcome = await vscode.commands.executeCommand<{ view: RankingView } | undefined>('sumlens.rankSystems', fileUri('ranking.pairwise.jsonl'));
    assert.ok(outcome, 'the ranking was shown');
    const [overall] = outcome.view.aspects;
    assert.deepStrictEqual(
      overall.ranking?.map((s) => s.system),
      ['reference', 'model-b', 'model-a', 'lead'],
    );
    for (const s of overall.ranking ?? []) assert.ok(s.interval[0]! <= s.strength! && s.strength! <= s.interval[1]!, JSON.stringify(s));
    assert.strictEqual(overall.pairs, 16 * 6);
    assert.ok(overall.flipRate.value !== null && overall.flipRate.of === overall.pairs);
  });
});
