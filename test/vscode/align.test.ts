// "SumLens: Align Judge to My Scores" in the real editor: a rated table of the workspace, a
// judge that learns from scored examples; the held-out verdict, the template's diff in VS
// Code's diff editor, and "Use this template" writing it where evaluations read templates.
// A judge that reads 0.9 above the people whatever its prompt gets the calibration adopted, and
// "Use this calibration" puts its map where later evaluations apply it, beside the raw score.
// A judge that cannot know the people's scores gets nothing adopted and no diff.
import * as assert from 'assert';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { deafJudge, expectedScoreReply, learningJudge, offsetJudge, ratedItems, writeRatedData } from '../e2e/align/scriptedRaters';
import { evaluateSelection, eventually, fileUri, openFixture, workspaceRoot, type Fixture } from './helpers';

const humanOf = (doc: number, k: number) => 1 + ((doc * 3 + k) % 5);

describe('aligning the judge to your scores', () => {
  let fx: Fixture;
  let data: string;
  const used = () => path.join(workspaceRoot().fsPath, '.sumlens', 'prompts', 'summarization', 'coherence.md');
  const calibration = () => path.join(workspaceRoot().fsPath, '.sumlens', 'prompts', 'summarization', 'calibration.json');
  const diffTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);

  before(async () => {
    fx = await openFixture();
    data = writeRatedData(workspaceRoot().fsPath, 'rated-coherence.jsonl', ratedItems(12, humanOf));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(used(), { force: true });
    fs.rmSync(calibration(), { force: true });
    fs.rmSync(data, { force: true });
    await fx.server.close();
  });

  it('adopts the template a learning judge does better with, shows its diff, and uses it', async () => {
    fx.server.setHandler(learningJudge(humanOf));
    const outcome = await fx.api.alignJudge({ data, human: 'human_coherence', aspect: 'coherence', confirmed: true, choice: 'use' });
    assert.ok(outcome, 'aligned');
    assert.strictEqual(outcome.alignment.verdict.adopted, 'criteria+examples');
    assert.strictEqual(outcome.used, used());
    assert.match(
      fs.readFileSync(used(), 'utf8'),
      /^---\n# Aligned by sumlens align on .* \(criteria\+examples\), learned from 60 rated items of rated-coherence\.jsonl/,
    );
    const diff = diffTabs().find((t) => t.label.includes('coherence.md: yours ↔ aligned'));
    assert.ok(
      diff,
      `a diff tab: ${vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => t.label)
        .join(', ')}`,
    );
    assert.ok((diff.input as vscode.TabInputTextDiff).original.fsPath.endsWith(path.join('prompts', 'summarization', 'coherence.md')));

    // Your scores of summaries the aligned template judged: a row of their own in the panel's agreement.
    const ratings = path.join(workspaceRoot().fsPath, '.sumlens', 'ratings.jsonl');
    const kept = fs.existsSync(ratings) ? fs.readFileSync(ratings, 'utf8') : undefined;
    const aligned = createHash('sha256').update(fs.readFileSync(used(), 'utf8')).digest('hex');
    const rating = (i: number, templateSha256?: string) =>
      JSON.stringify({
        v: 1,
        at: '2026-11-26T10:00:00Z',
        aspect: 'coherence',
        person: 1 + (i % 5),
        judge: 1 + ((i + 1) % 5),
        judgeName: 'fake-model',
        scale: [1, 5],
        sourceSha256: `${i}`.padStart(64, '0'),
        summarySha256: `${i}`.padStart(64, 'f'),
        ...(templateSha256 ? { templateSha256 } : {}),
      });
    fs.mkdirSync(path.dirname(ratings), { recursive: true });
    fs.writeFileSync(
      ratings,
      [0, 1, 2, 3]
        .map((i) => rating(i))
        .concat([4, 5, 6, 7].map((i) => rating(i, aligned)))
        .join('\n') + '\n',
    );
    try {
      await eventually(
        () => (fx.api.panelModel().ratingAgreement ?? []).some((r) => r.judge === 'fake-model · aligned template'),
        'the aligned row in the panel',
      );
      const rows = fx.api.panelModel().ratingAgreement!.filter((r) => r.aspect === 'coherence');
      assert.deepStrictEqual(
        new Map(rows.map((r) => [r.judge, r.n])),
        new Map([
          ['fake-model', 4],
          ['fake-model · aligned template', 4],
        ]),
      );
    } finally {
      if (kept === undefined) fs.rmSync(ratings, { force: true });
      else fs.writeFileSync(ratings, kept);
    }
  });

  it('aligns to the scores you gave in the panel, their texts found among the workspace files; Discard writes nothing', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(used(), { force: true });
    fx.server.setHandler(learningJudge(humanOf));
    const root = workspaceRoot().fsPath;
    const texts = path.join(root, 'rated-texts');
    fs.mkdirSync(texts, { recursive: true });
    const ratings = path.join(root, '.sumlens', 'ratings.jsonl');
    const kept = fs.existsSync(ratings) ? fs.readFileSync(ratings, 'utf8') : undefined;
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const lines = fs
      .readFileSync(data, 'utf8')
      .trim()
      .split('\n')
      .map((line, i) => {
        const { source, summary, human_coherence } = JSON.parse(line);
        fs.writeFileSync(path.join(texts, `source-${Math.floor(i / 5)}.txt`), source);
        fs.writeFileSync(path.join(texts, `summary-${i}.md`), summary);
        return JSON.stringify({
          v: 1,
          at: '2026-11-26T10:00:00Z',
          aspect: 'coherence',
          person: human_coherence,
          judge: 3,
          judgeName: 'fake-model',
          scale: [1, 5],
          sourceSha256: sha(source),
          summarySha256: sha(summary),
        });
      });
    fs.mkdirSync(path.dirname(ratings), { recursive: true });
    fs.writeFileSync(ratings, lines.join('\n') + '\n');
    try {
      const outcome = await fx.api.alignJudge({ data: 'ratings', aspect: 'coherence', confirmed: true, choice: 'discard' });
      assert.ok(outcome, 'aligned');
      assert.strictEqual(outcome.alignment.verdict.n, 60);
      assert.ok(outcome.alignment.verdict.adopted, 'a candidate adopted');
      assert.strictEqual(outcome.used, undefined);
      assert.ok(!fs.existsSync(used()), 'Discard writes nothing');
    } finally {
      fs.rmSync(texts, { recursive: true, force: true });
      if (kept === undefined) fs.rmSync(ratings, { force: true });
      else fs.writeFileSync(ratings, kept);
    }
  });

  it('adopts the calibration a judge reading 0.9 above people needs; "Use this calibration": later evaluations show the calibrated score and its map', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(used(), { force: true });
    fx.server.setHandler(offsetJudge(humanOf));
    const outcome = await fx.api.alignJudge({ data, human: 'human_coherence', aspect: 'coherence', confirmed: true, choice: 'use' });
    assert.ok(outcome, 'aligned');
    assert.strictEqual(outcome.alignment.verdict.adopted, 'calibration');
    assert.strictEqual(outcome.used, calibration());
    assert.strictEqual(diffTabs().length, 0, 'no template to diff');
    assert.ok(!fs.existsSync(used()), 'no template written');
    const [map] = JSON.parse(fs.readFileSync(calibration(), 'utf8')).maps;
    assert.strictEqual(map.aspect, 'coherence');
    assert.strictEqual(map.judge, 'fake-model');
    assert.match(map.provenance.header[0], /\(calibration\), learned from 60 rated items of rated-coherence\.jsonl$/);

    const config = vscode.workspace.getConfiguration('sumlens');
    const method = config.inspect('method')?.globalValue;
    await config.update('method', 'geval', vscode.ConfigurationTarget.Global);
    await config.update('aspects', ['coherence'], vscode.ConfigurationTarget.Global);
    fx.server.setHandler(() => expectedScoreReply(4.9));
    // The fixture's article and summary again (closed above), the summary's paragraph selected.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri('article.txt')), vscode.ViewColumn.One);
    const summary = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri('summary.md')), vscode.ViewColumn.Two);
    summary.selection = new vscode.Selection(fx.summaryRange.start, fx.summaryRange.end);
    try {
      const [coherence] = (await evaluateSelection(fx.api)).result.aspects;
      assert.ok(Math.abs(coherence.score! - 4.9) < 1e-9, `the judge's own score stays: ${coherence.score}`);
      assert.ok(coherence.calibrated && coherence.calibrated.score < 4.5, JSON.stringify(coherence.calibrated));
      assert.strictEqual(coherence.calibrated.map, calibration());
      assert.strictEqual(coherence.calibrated.sha256, createHash('sha256').update(fs.readFileSync(calibration())).digest('hex'));
      await eventually(() => fx.api.panelModel().result?.aspects[0]?.calibrated?.score === coherence.calibrated!.score, 'the calibrated score in the panel');
    } finally {
      await config.update('method', method, vscode.ConfigurationTarget.Global);
      await config.update('aspects', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(calibration(), { force: true });
    }
  });

  it('adopts nothing from scores the judge cannot know, and says so', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(used(), { force: true });
    fx.server.setHandler(deafJudge());
    const random = [4, 1, 5, 2, 2, 3, 5, 1, 4, 3];
    const noise = writeRatedData(
      workspaceRoot().fsPath,
      'rated-noise.jsonl',
      ratedItems(12, (d, k) => random[(d * 5 + k * 7) % random.length]),
    );
    try {
      const outcome = await fx.api.alignJudge({ data: noise, human: 'human_coherence', aspect: 'coherence', confirmed: true });
      assert.ok(outcome);
      assert.strictEqual(outcome.alignment.verdict.adopted, undefined);
      assert.strictEqual(outcome.alignment.written, undefined);
      assert.strictEqual(diffTabs().length, 0);
      assert.ok(!fs.existsSync(used()));
    } finally {
      fs.rmSync(noise, { force: true });
    }
  });
});
