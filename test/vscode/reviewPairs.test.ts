// A review of pairwise items in the real editor: "Start a Review" on a table of systems makes
// the pairs; a rater answers each by keyboard in the rating view (a, b or t, then 1 or 2 for
// the margin, Enter), the keys played in the view's own DOM; every answer is on disk before
// the next pair shows, recorded as A, B or tie of the pair's systems with the summary shown
// first; the view is never told which system wrote which summary.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RatingView } from '../../src/extension/review/ratingView';
import type { RatingScreen, ToRatingView } from '../../src/extension/webview/ratingProtocol';
import type { ReviewStatusModel, ToStatusView } from '../../src/extension/webview/reviewStatusProtocol';
import type { ReviewStatusView } from '../../src/extension/review/reviewStatusView';
import { activateSumLens, eventually, workspaceRoot } from './helpers';

const DOCS = 3;
// Named so that the pairs (systems in alphabetical order) are won by A on some and by B on others.
const SYSTEMS = ['zed', 'alpha', 'mike'];
/** System k writes k + 1 sentences: the rater prefers the longer summary, clearly when it is two sentences longer. */
const summaryOf = (doc: number, k: number) => Array.from({ length: k + 1 }, (_, s) => `Doc ${doc} fact ${s + 1}.`).join(' ');
const sentences = (text: string) => text.split('.').filter((s) => s.trim()).length;

describe('a pairwise review rated by keyboard in the editor', function () {
  this.timeout(120_000);
  let dir: string;
  const data = () => path.join(workspaceRoot().fsPath, 'review-pairs.jsonl');

  before(() => {
    const rows = Array.from({ length: DOCS }, (_, d) =>
      SYSTEMS.map((system, k) => ({ doc_id: `doc${d}`, system_id: system, source: `Document ${d}: ${summaryOf(d, 3)}`, summary: summaryOf(d, k) })),
    ).flat();
    fs.writeFileSync(data(), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(data(), { force: true });
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the rater's view and answers every pair by keyboard: the longer summary better (a or b, then 1 or 2), or a tie (t) on `ties`' pairs. */
  async function answerAll(rater: string, ties: (pairId: string) => boolean): Promise<{ lines: () => string[]; shown: Map<string, RatingScreen> }> {
    const api = await activateSumLens();
    const view = (await api.rateReview(vscode.Uri.file(dir), rater)) as RatingView;
    const posted: ToRatingView[] = [];
    view.onDidPostMessage((m) => posted.push(m));
    await eventually(() => posted.some((m) => m.type === 'screen'), 'the view shows its first pair', 20_000);
    const file = path.join(dir, 'ratings', `${rater}.jsonl`);
    const lines = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const shown = new Map<string, RatingScreen>();
    for (let step = 0; step < DOCS * 3; step++) {
      const screen = (posted.filter((m) => m.type === 'screen').pop() as { screen: RatingScreen }).screen;
      assert.ok(screen.pair && screen.aspects.length === 0, JSON.stringify(screen).slice(0, 300));
      assert.ok(!SYSTEMS.some((s) => JSON.stringify({ ...screen, item: undefined }).includes(`"${s}"`)), 'no system name reaches the view');
      shown.set(screen.item.id, screen);
      const [first, second] = [sentences(screen.pair.first), sentences(screen.pair.second)];
      const keys = ties(screen.item.id) ? ['t', 'Enter'] : [first > second ? 'a' : 'b', Math.abs(first - second) === 2 ? '2' : '1', 'Enter'];
      const before = posted.length;
      view.pressKeys(keys);
      await eventually(
        () => posted.slice(before).some((m) => m.type === 'screen' || m.type === 'finished'),
        `the view moves on after ${keys.join(' ')}`,
        20_000,
      );
      // On disk before the next pair is shown.
      assert.strictEqual(lines().length, step + 1);
    }
    assert.strictEqual(posted[posted.length - 1].type, 'finished');
    return { lines, shown };
  }

  it('Start a Review makes the pairs; ann answers all nine by keyboard, each on disk with the order shown', async () => {
    const api = await activateSumLens();
    const pairwise = { group: 'doc_id', system: 'system_id' };
    dir = (await api.startReview({ data: vscode.Uri.file(data()), pairwise, raters: ['ann', 'bob'], perItem: 2, name: 'pair-trial', open: false }))!;
    const review = JSON.parse(fs.readFileSync(path.join(dir, 'review.json'), 'utf8'));
    assert.strictEqual(review.pairs.length, DOCS * 3);
    const { lines, shown } = await answerAll('ann', () => false);
    for (const line of lines().map((l) => JSON.parse(l))) {
      const pair = review.pairs.find((p: { id: string }) => p.id === line.item);
      const screen = shown.get(line.item)!;
      const [a, b] = [SYSTEMS.indexOf(pair.a), SYSTEMS.indexOf(pair.b)];
      assert.strictEqual(line.kind, 'preference');
      assert.strictEqual(line.preference, a > b ? 'A' : 'B', `${line.item}: the longer summary's system`);
      assert.strictEqual(line.margin, Math.abs(a - b) === 2 ? 2 : 1);
      assert.strictEqual(line.shownFirst, sentences(screen.pair!.first) === a + 1 ? 'A' : 'B', `${line.item}: the order shown`);
    }
    const firsts = new Set(lines().map((l) => JSON.parse(l).shownFirst));
    assert.deepStrictEqual([...firsts].sort(), ['A', 'B'], 'the order shown varies over the pairs');
  });

  it('Review Status shows the pairs: each rater’s progress, the answers, alpha among the raters and their kappa', async () => {
    // bob answers as ann does, but ties the pairs of doc0.
    await answerAll('bob', (id) => id.startsWith('doc0/'));
    const api = await activateSumLens();
    const view = (await api.reviewStatus(vscode.Uri.file(dir))) as ReviewStatusView;
    const posted: ToStatusView[] = [];
    view.onDidPostMessage((m) => posted.push(m));
    await eventually(() => posted.some((m) => m.type === 'status'), 'the status view shows the review', 30_000);
    const status = (posted.filter((m) => m.type === 'status').pop() as { status: ReviewStatusModel }).status;
    assert.strictEqual(status.items, DOCS * 3);
    assert.deepStrictEqual(
      status.pairs?.raters.map((r) => [r.rater, r.done, r.assigned]),
      [
        ['ann', DOCS * 3, DOCS * 3],
        ['bob', DOCS * 3, DOCS * 3],
      ],
    );
    const [overall] = status.pairs.questions;
    assert.strictEqual(overall.counts.A + overall.counts.B + overall.counts.tie, 2 * DOCS * 3);
    assert.strictEqual(overall.counts.tie, 3);
    assert.strictEqual(overall.pairedItems, DOCS * 3);
    assert.ok(overall.alpha.value !== null && overall.alpha.value > 0 && overall.alpha.value < 1, JSON.stringify(overall.alpha));
    assert.deepStrictEqual(
      overall.kappas.map((k) => [k.raters, k.n]),
      [['ann and bob', DOCS * 3]],
    );
  });

  it('Review Status lists a pair the raters split on (A against B) and settles it with an adjudicated answer beside theirs', async () => {
    // bob changes his mind on one pair ann answered: now the other side.
    const annLine = JSON.parse(
      fs
        .readFileSync(path.join(dir, 'ratings', 'ann.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)[3],
    );
    const flipped = { ...annLine, preference: annLine.preference === 'A' ? 'B' : 'A', rater: 'bob', at: new Date().toISOString() };
    fs.appendFileSync(path.join(dir, 'ratings', 'bob.jsonl'), JSON.stringify(flipped) + '\n');
    const config = vscode.workspace.getConfiguration('sumlens');
    const rater = config.inspect<string>('raterName')?.workspaceValue;
    await config.update('raterName', 'cy', vscode.ConfigurationTarget.Workspace);
    try {
      const api = await activateSumLens();
      const view = (await api.reviewStatus(vscode.Uri.file(dir))) as ReviewStatusView;
      const posted: ToStatusView[] = [];
      view.onDidPostMessage((m) => posted.push(m));
      await eventually(() => posted.some((m) => m.type === 'status'), 'the status view shows the review', 30_000);
      const last = () => (posted.filter((m) => m.type === 'status').pop() as { status: ReviewStatusModel }).status;
      const split = () => last().pairs!.disagreements.filter((d) => d.pair === annLine.item);
      assert.strictEqual(split().length, 1, JSON.stringify(last().pairs?.disagreements));
      assert.deepStrictEqual(
        split()[0]
          .answers.map((a) => [a.rater, a.preference])
          .sort(),
        [
          ['ann', annLine.preference],
          ['bob', flipped.preference],
        ],
      );
      await view.handle({ type: 'adjudicatePair', pair: annLine.item, question: 'overall', preference: 'tie', comment: 'both miss a fact' });
      assert.deepStrictEqual(
        posted.filter((m) => m.type === 'error'),
        [],
      );
      assert.deepStrictEqual(split()[0].adjudicated, { preference: 'tie', by: 'cy' });
      assert.strictEqual(split()[0].answers.length, 2, 'the raters’ own answers stay');
      const adjudication = JSON.parse(fs.readFileSync(path.join(dir, 'ratings', 'cy.jsonl'), 'utf8').trim());
      assert.deepStrictEqual([adjudication.kind, adjudication.item, adjudication.preference], ['adjudication', annLine.item, 'tie']);
    } finally {
      await config.update('raterName', rater, vscode.ConfigurationTarget.Workspace);
    }
  });
});
