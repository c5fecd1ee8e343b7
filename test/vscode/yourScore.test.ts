/**
 * "Your score" in the real VS Code: a score given on an aspect of the shown summary is kept in
 * .sumlens/ratings.jsonl beside the judge's (hashes, never the texts), the latest one counts,
 * a number off the aspect's scale is not a rating, and the panel's agreement of judge and
 * person follows the file, also when another window (or git) writes to it.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { eventually, evaluateSelection, fileUri, openFixture, type Fixture } from './helpers';

describe('Your score', function () {
  this.timeout(120_000);
  let fx: Fixture;
  const file = () => fileUri('.sumlens/ratings.jsonl').fsPath;
  const lines = () =>
    fs
      .readFileSync(file(), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));

  before(async () => {
    fs.rmSync(file(), { force: true });
    fx = await openFixture({ method: 'geval' });
    await fx.api.ratingsLoaded();
    await evaluateSelection(fx.api);
  });
  after(async () => {
    await fx.server.close();
    fs.rmSync(file(), { force: true });
    await vscode.workspace.getConfiguration('sumlens').update('method', undefined, vscode.ConfigurationTarget.Global);
  });

  it("keeps the score beside the judge's, by hashes of source and summary, and the latest one counts", async () => {
    const coherence = fx.api.panelModel().result!.aspects.find((a) => a.name === 'coherence')!;
    await fx.api.rateAspect('coherence', 2);
    await fx.api.rateAspect('coherence', 4);
    const written = lines();
    assert.strictEqual(written.length, 2);
    assert.deepStrictEqual([written[1].aspect, written[1].person, written[1].judge, written[1].judgeName], ['coherence', 4, coherence.score, 'fake-model']);
    assert.match(written[1].summarySha256, /^[0-9a-f]{64}$/);
    assert.match(written[1].templateSha256, /^[0-9a-f]{64}$/, 'the template the judge scored with');
    assert.ok(!JSON.stringify(written).includes('Lakeford'), 'no text of the summary or the source');
    const model = fx.api.panelModel();
    assert.strictEqual(model.yourScores?.coherence, 4);
    await eventually(() => fx.api.panelModel().ratingAgreement?.find((r) => r.aspect === 'coherence')?.n === 1, 'one rated summary, the latest score');
  });

  it('a number off the scale is not a rating', async () => {
    await fx.api.rateAspect('fluency', 5); // fluency is scored 1-3
    await fx.api.rateAspect('coherence', 2.5);
    assert.strictEqual(lines().length, 2);
  });

  it('the agreement follows the file when another window adds ratings', async () => {
    const other = { v: 1, at: new Date().toISOString(), aspect: 'coherence', judgeName: 'fake-model', scale: [1, 5], sourceSha256: 'a'.repeat(64) };
    const more = [1, 2, 3, 4, 5].map((person, i) => JSON.stringify({ ...other, person, judge: person + 0.3, summarySha256: String(i).repeat(64) }));
    fs.appendFileSync(file(), more.join('\n') + '\n');
    await eventually(() => fx.api.panelModel().ratingAgreement?.find((r) => r.aspect === 'coherence')?.n === 6, 'six rated summaries', 20_000);
    const row = fx.api.panelModel().ratingAgreement!.find((r) => r.aspect === 'coherence')!;
    assert.ok(row.alphaInterval.value !== null && row.spearman.value !== null);
  });
});
