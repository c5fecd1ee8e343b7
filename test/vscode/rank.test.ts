/**
 * "SumLens: Rank Systems (Pairwise)" in the real VS Code: a data file of 4 systems × 6
 * documents ranked by the engine's pairwise run (every pair in both orders, through the real
 * client against the fake server's scripted judge, which prefers the higher quality except on
 * one pair in four); the comparison view is sent the Bradley–Terry ranking with intervals and
 * the position bias; the same command again goes on from the run file (nothing asked), and
 * the run file opened on its own shows the same ranking.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { RankOutcome } from '../../src/extension/pairwise/rankSystems';
import { FakeOpenAiServer } from '../fake/openaiServer';
import { rankingAnswer, rankingRows } from '../fake/pairwiseJudge';
import { activateSumLens, fileUri } from './helpers';

const DOCS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];

describe('Rank Systems (Pairwise)', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  const data = fileUri('ranking-systems.jsonl');
  const request = { data, group: 'doc_id', system: 'system_id', map: 'summary=output,source=article', human: 'people', aspects: ['overall'], pairsPerDoc: 0 };
  let first: RankOutcome | undefined;

  before(async () => {
    const rows = rankingRows();
    fs.writeFileSync(data.fsPath, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    server = await FakeOpenAiServer.start();
    server.setHandler(rankingAnswer);
    const config = vscode.workspace.getConfiguration('sumlens');
    await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    await config.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await server.close();
    fs.rmSync(data.fsPath, { force: true });
    if (first) fs.rmSync(first.runFile, { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('asks every pair in both orders and sends the view the ranking with intervals, the flip rate and the first-position win rate', async () => {
    const api = await activateSumLens();
    first = await api.rankSystems(request);
    assert.ok(first, 'a ranking, not an error');
    assert.strictEqual(server.chatRequests.length, 2 * DOCS.length * 6, 'two orders × 6 pairs × 6 documents');
    const sent = first.panel.lastMessage;
    assert.ok(sent?.type === 'ranking', `the view was sent the ranking, not ${sent?.type}`);
    const [overall] = sent.ranking.aspects;
    assert.deepStrictEqual(
      overall.ranking?.map((r) => r.system),
      ['s4', 's3', 's2', 's1'],
    );
    for (const r of overall.ranking) {
      const [lo, hi] = r.interval;
      assert.ok(lo !== null && hi !== null && r.strength !== null && lo <= r.strength && r.strength <= hi && hi - lo > 0, `${r.system}: ${JSON.stringify(r)}`);
      assert.strictEqual(r.wins + r.losses + r.ties, DOCS.length * 3);
    }
    assert.strictEqual(overall.flipRate.value, 0, 'the judge answers the same in both orders');
    assert.strictEqual(overall.flipRate.of, 36);
    assert.ok(overall.firstPositionWinRate.of === 72 && overall.firstPositionWinRate.p !== null);
    assert.ok(overall.humanTau && overall.humanTau.value === 1, `tau against people: ${JSON.stringify(overall.humanTau)}`);
    assert.match(sent.ranking.ties, /half/);
  });

  it('run again, goes on from its run file (nothing asked); the run file opened on its own shows the same ranking', async () => {
    const api = await activateSumLens();
    const calls = server.chatRequests.length;
    const again = await api.rankSystems(request);
    assert.strictEqual(server.chatRequests.length, calls, 'every pair was in the run file');
    assert.deepStrictEqual(again?.view.aspects[0].ranking, first!.view.aspects[0].ranking);
    const opened = await api.rankSystems({ data: vscode.Uri.file(first!.runFile) });
    assert.strictEqual(server.chatRequests.length, calls);
    const strengths = (o?: RankOutcome) => o?.view.aspects[0].ranking?.map((r) => [r.system, r.strength, r.interval]);
    assert.deepStrictEqual(strengths(opened), strengths(first));
    assert.strictEqual(opened?.view.aspects[0].humanTau, undefined, 'a run file holds no people’s scores');
  });

  it('a run stopped part way (the key refused) shows the pairs it asked, and the same command goes on with only the others', async () => {
    const api = await activateSumLens();
    const budgeted = { ...request, pairsPerDoc: 3 };
    let answered = 0;
    server.setHandler((r) => (++answered > 20 ? { status: 401, error: { message: 'key refused' } } : rankingAnswer(r)));
    const stopped = await api.rankSystems(budgeted);
    assert.ok(stopped?.view.partial, 'said to be partial');
    assert.match(stopped.view.partial, /Stopped/);
    const kept = stopped.view.aspects[0].pairs;
    assert.ok(kept > 0 && kept < 18, `${kept} of 18 pairs kept`);
    // The other order of a pair stopped half way may still be on its way: wait until the server is quiet.
    for (let last = -1; last !== server.chatRequests.length;) {
      last = server.chatRequests.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    server.setHandler(rankingAnswer);
    const calls = server.chatRequests.length;
    const resumed = await api.rankSystems(budgeted);
    fs.rmSync(resumed!.runFile, { force: true });
    assert.strictEqual(resumed?.runFile, stopped.runFile);
    assert.strictEqual(resumed.view.partial, undefined);
    assert.strictEqual(resumed.view.aspects[0].pairs, 18, '3 pairs × 6 documents');
    const asked = server.chatRequests.slice(calls).map((r) =>
      JSON.stringify(r.body?.messages)
        .match(/council of (\S+) met. This summary by (\S+) has.*?by (\S+) has/)
        ?.slice(1)
        .join(' '),
    );
    assert.strictEqual(server.chatRequests.length - calls, 2 * (18 - kept), `only the pairs missing, in both orders: ${asked.join('; ')}`);
  });
});
