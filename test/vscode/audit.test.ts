/**
 * Audit Judge in the real VS Code: a JSONL of summaries in the workspace audited through a
 * scripted judge that favours length (test/fake/auditJudges.ts): the panel shows the audit
 * view with the verdicts and each probe's example change; a fair judge gets no verdict against
 * it; on three items the view shows the third verdict, too few pairs to tell, with the level
 * and the resampling; a rejected key ends as the panel's error (the notification says the
 * same), nothing kept.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { auditItems, auditJudge } from '../fake/auditJudges';
import { fileUri, openFixture, type Fixture } from './helpers';

describe('Audit Judge', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const data = () => fileUri('audit-items.jsonl');

  before(async () => {
    fx = await openFixture({ method: 'geval' });
    fs.writeFileSync(
      data().fsPath,
      auditItems(30)
        .map((item) => JSON.stringify(item))
        .join('\n') + '\n',
    );
  });
  after(async () => {
    await fx.server.close();
    fs.rmSync(data().fsPath, { force: true });
    await vscode.workspace.getConfiguration('sumlens').update('method', undefined, vscode.ConfigurationTarget.Global);
  });

  it('flags a judge that favours length, and shows the verdicts and the example changes in the panel', async () => {
    fx.server.setHandler(auditJudge('length'));
    const outcome = await fx.api.auditJudge(data());
    assert.ok(outcome, 'the audit ran');
    assert.deepStrictEqual(
      outcome.report.probes.filter((p) => p.violated).map((p) => p.probe),
      ['length', 'address'],
    );
    const model = fx.api.panelModel();
    assert.strictEqual(model.view, 'audit');
    const audit = model.audit!;
    assert.strictEqual(audit.items, 30);
    assert.strictEqual(audit.biased, true);
    assert.match(audit.summary, /^2 of 5 probes show bias: favours length/);
    assert.strictEqual(audit.cells.filter((c) => c.verdict === 'violated').length, 8);
    const length = audit.probes.find((p) => p.probe === 'length')!;
    assert.ok(length.example, 'an example change');
    const [span] = length.example.spans;
    assert.ok(length.example.after.startsWith(length.example.before.trim()));
    assert.match(length.example.after.slice(span.start, span.end), /\.$/);
  });

  it('finds nothing against the fair judge, while the damaged aspects fall', async () => {
    fx.server.setHandler(auditJudge('fair'));
    const outcome = await fx.api.auditJudge(data());
    assert.ok(outcome);
    const audit = fx.api.panelModel().audit!;
    assert.strictEqual(audit.biased, false);
    assert.strictEqual(audit.summary, 'no bias found: 0 of 5 probes violated');
    const order = audit.cells.find((c) => c.probe === 'order' && c.aspect === 'coherence')!;
    assert.strictEqual(order.verdict, 'ok');
    assert.ok(order.interval.high! < 0);
  });

  it('on three items the Audit view says too few pairs to tell, not fair and not biased', async () => {
    const three = fileUri('audit-three.jsonl');
    fs.writeFileSync(
      three.fsPath,
      auditItems(3)
        .map((item) => JSON.stringify(item))
        .join('\n') + '\n',
    );
    try {
      fx.server.setHandler(auditJudge('fair'));
      const outcome = await fx.api.auditJudge(three);
      assert.ok(outcome, 'the audit ran');
      const model = fx.api.panelModel();
      assert.strictEqual(model.view, 'audit');
      const audit = model.audit!;
      assert.strictEqual(audit.items, 3);
      assert.strictEqual(audit.biased, false);
      assert.strictEqual(audit.nothingAudited, false);
      assert.match(
        audit.summary,
        /^no verdict: every probe audited has too few pairs to tell; too few pairs to tell in 5: length \(n = 3; at least 10 needed\)/,
      );
      assert.deepStrictEqual(
        audit.probes.map((p) => p.verdict),
        ['too-few-pairs', 'too-few-pairs', 'too-few-pairs', 'too-few-pairs', 'too-few-pairs'],
      );
      const facts = audit.cells.find((c) => c.probe === 'facts' && c.aspect === 'consistency')!;
      assert.deepStrictEqual([facts.verdict, facts.n, facts.pairsNeeded, facts.detectable], ['too-few-pairs', 3, 10, null]);
      assert.ok(
        audit.cells.every((c) => c.verdict === 'too-few-pairs' || c.verdict === 'none'),
        'no cell fair or violated',
      );
      assert.strictEqual(audit.levelNote, 'Holm over 20 cells at alpha 0.05: a cell needs p < 0.0025, at least 10 pairs');
      assert.strictEqual(
        audit.resamplingNote,
        'resampling: 2,000 bootstrap resamples for the 95% intervals; sign-flip p-values from every sign pattern up to 13 pairs, else 9,999 random sign flips; seed 20260101',
      );
    } finally {
      fs.rmSync(three.fsPath, { force: true });
    }
  });

  it('a rejected key stops the audit with its error in the panel', async () => {
    fx.server.setHandler(() => ({ status: 401, error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }));
    const before = fx.server.requests.length;
    const outcome = await fx.api.auditJudge(data());
    assert.strictEqual(outcome, undefined);
    assert.ok(fx.server.requests.length - before < 40, 'stopped at the first refusals, not one per evaluation');
    assert.match(fx.api.panelModel().error ?? '', /Incorrect API key/);
    assert.strictEqual(fx.api.panelModel().running, false);
  });
});
