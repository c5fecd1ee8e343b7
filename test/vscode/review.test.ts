// "SumLens: Start a Review" and "SumLens: Rate a Review" in the real editor: two raters rate
// twelve items that both were dealt, through the rating view's own message path; every
// submit is on disk before the next item is shown; the view is never given another rater's
// scores (blind), unless the setting reveals them after this rater's own submit; the alpha of
// what they gave equals an independent computation.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RatingView } from '../../src/extension/review/ratingView';
import type { RatingScreen, ToRatingView } from '../../src/extension/webview/ratingProtocol';
import type { ReviewStatusModel, ToStatusView } from '../../src/extension/webview/reviewStatusProtocol';
import type { ReviewStatusView } from '../../src/extension/review/reviewStatusView';
import { activateSumLens, eventually, workspaceRoot } from './helpers';

const ITEMS = 12;
const ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'];
/** What each rater gives: they agree mostly, bob one point lower on every third item. */
const scoreOf = (rater: string, item: number, aspect: number) => {
  const base = 1 + ((item * 2 + aspect) % (aspect === 2 ? 3 : 5));
  return rater === 'bob' && item % 3 === 0 ? Math.max(1, base - 1) : base;
};

/** Krippendorff's interval alpha for complete data (every rater scored every item): 1 − D_o / D_e. */
function intervalAlpha(table: number[][]): number {
  const values = table.flat();
  const n = values.length;
  let within = 0;
  for (let i = 0; i < table[0].length; i++) {
    const unit = table.map((row) => row[i]);
    for (let a = 0; a < unit.length; a++) for (let b = 0; b < unit.length; b++) if (a !== b) within += (unit[a] - unit[b]) ** 2 / (unit.length - 1);
  }
  let between = 0;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b) between += (values[a] - values[b]) ** 2;
  return 1 - within / n / (between / (n * (n - 1)));
}

describe('a review rated in the editor', function () {
  this.timeout(120_000);
  let dir: string;
  const data = () => path.join(workspaceRoot().fsPath, 'review-items.jsonl');

  before(async () => {
    const rows = Array.from({ length: ITEMS }, (_, i) => ({
      id: `item-${i + 1}`,
      source: `Article ${i + 1}. The council met on Monday and approved budget number ${i + 1} after a long debate.`,
      summary: `The council approved budget ${i + 1}.`,
    }));
    fs.writeFileSync(data(), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('sumlens').update('review.revealAfterSubmit', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('sumlens').update('raterName', undefined, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(data(), { force: true });
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the rater's view and rates every item it shows, through the view's message path. */
  async function rateAll(rater: string): Promise<ToRatingView[]> {
    const api = await activateSumLens();
    const view = (await api.rateReview(vscode.Uri.file(dir), rater)) as RatingView;
    const posted: ToRatingView[] = [];
    view.onDidPostMessage((m) => posted.push(m));
    await eventually(() => posted.length > 0, 'the view shows its first item', 20_000);
    const file = path.join(dir, 'ratings', `${rater}.jsonl`);
    for (let step = 0; step < ITEMS; step++) {
      const last = posted[posted.length - 1];
      assert.strictEqual(last.type, 'screen', JSON.stringify(last).slice(0, 300));
      const screen = (last as { screen: RatingScreen }).screen;
      const item = Number(screen.item.id.split('-')[1]);
      const given = Object.fromEntries(screen.aspects.map((a, k) => [a.name, { score: scoreOf(rater, item, k) }]));
      const linesBefore = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
      await view.handle({ type: 'submit', item: screen.item.id, given, comment: item === 5 ? 'hard one' : '' });
      // On disk before the next item is shown.
      assert.strictEqual(fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length, linesBefore + ASPECTS.length);
    }
    assert.strictEqual(posted[posted.length - 1].type, 'finished');
    return posted;
  }

  it('Start a Review deals each item to both raters; each queue is in its own order', async () => {
    const api = await activateSumLens();
    dir = (await api.startReview({ data: vscode.Uri.file(data()), pairwise: false, raters: ['ann', 'bob'], perItem: 2, name: 'editor-trial', open: false }))!;
    assert.ok(dir && fs.existsSync(path.join(dir, 'review.json')), dir);
    const review = JSON.parse(fs.readFileSync(path.join(dir, 'review.json'), 'utf8'));
    assert.strictEqual(review.items.length, ITEMS);
    assert.ok(review.items.every((i: { raters: string[] }) => i.raters.length === 2));
    assert.deepStrictEqual(
      review.aspects.map((a: { name: string }) => a.name),
      ASPECTS,
    );
  });

  it('two raters rate all twelve: every submit on disk first, never another rater’s score in the view', async () => {
    const ann = await rateAll('ann');
    const bob = await rateAll('bob');
    for (const posted of [ann, bob])
      for (const m of posted) if (m.type === 'screen') assert.strictEqual(m.screen.revealed, null, 'blind: nothing of the others reached the view');
    const order = (posted: ToRatingView[]) => posted.flatMap((m) => (m.type === 'screen' ? [m.screen.item.id] : []));
    assert.notDeepStrictEqual(order(ann), order(bob), 'each rater has their own order');
  });

  it('the alpha of what they gave equals an independent computation; the lines name the comment', async () => {
    const lines = (rater: string) =>
      fs
        .readFileSync(path.join(dir, 'ratings', `${rater}.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { item: string; aspect: string; score: number; comment?: string });
    const { readReview } = await import('../../src/core/review/readReview');
    const { reviewStatus } = await import('../../src/core/review/reviewStatus');
    const status = reviewStatus(await readReview(dir), { seed: 1, resamples: 200 });
    for (const aspect of ASPECTS) {
      const table = ['ann', 'bob'].map((rater) =>
        Array.from({ length: ITEMS }, (_, i) => lines(rater).find((l) => l.item === `item-${i + 1}` && l.aspect === aspect)!.score),
      );
      const engine = status.agreement.find((a) => a.aspect === aspect)!;
      const alpha = engine.alphaInterval?.value ?? NaN;
      assert.ok(Math.abs(alpha - intervalAlpha(table)) < 1e-9, `${aspect}: ${alpha} vs ${intervalAlpha(table)}`);
    }
    assert.ok(lines('ann').some((l) => l.item === 'item-5' && l.comment === 'hard one'));
  });

  it('with revealAfterSubmit on, the other rater’s scores reach the view only for an item this rater submitted', async () => {
    await vscode.workspace.getConfiguration('sumlens').update('review.revealAfterSubmit', true, vscode.ConfigurationTarget.Workspace);
    const api = await activateSumLens();
    const view = (await api.rateReview(vscode.Uri.file(dir), 'ann')) as RatingView;
    const posted: ToRatingView[] = [];
    view.onDidPostMessage((m) => posted.push(m));
    await eventually(() => posted.length > 0, 'the view answers', 20_000);
    await view.handle({ type: 'back' });
    const screen = posted.filter((m) => m.type === 'screen').pop() as { screen: RatingScreen };
    assert.ok(screen.screen.revealed, 'revealed for a submitted item');
    assert.deepStrictEqual(
      screen.screen.revealed.others.map((o) => o.rater),
      ['bob'],
    );
  });

  it('Review Status: agreement with intervals, a disagreement settled by an adjudicator beside the raters’ own scores', async () => {
    // bob changes his mind on item 7's coherence: now 2 points or more from ann's.
    const annScore = scoreOf('ann', 7, 0);
    const bobLine = { kind: 'rating', item: 'item-7', aspect: 'coherence', score: annScore <= 3 ? 5 : 1, rater: 'bob', at: new Date().toISOString() };
    fs.appendFileSync(path.join(dir, 'ratings', 'bob.jsonl'), JSON.stringify(bobLine) + '\n');
    await vscode.workspace.getConfiguration('sumlens').update('raterName', 'cy', vscode.ConfigurationTarget.Workspace);
    const api = await activateSumLens();
    const view = (await api.reviewStatus(vscode.Uri.file(dir))) as ReviewStatusView;
    const posted: ToStatusView[] = [];
    view.onDidPostMessage((m) => posted.push(m));
    await eventually(() => posted.some((m) => m.type === 'status'), 'the status view shows the review', 30_000);
    const last = () => (posted.filter((m) => m.type === 'status').pop() as { status: ReviewStatusModel }).status;
    const coherence = last().agreement.find((a) => a.aspect === 'coherence')!;
    assert.ok(coherence.alphaInterval?.value !== null && coherence.alphaInterval!.low! <= coherence.alphaInterval!.value, JSON.stringify(coherence));
    const found = last().disagreements.find((d) => d.item === 'item-7' && d.aspect === 'coherence');
    assert.ok(found, JSON.stringify(last().disagreements));
    await view.handle({ type: 'adjudicate', item: 'item-7', aspect: 'coherence', score: 3, comment: 'read it twice' });
    const settled = last().disagreements.find((d) => d.item === 'item-7' && d.aspect === 'coherence')!;
    assert.deepStrictEqual(settled.adjudicated, { score: 3, by: 'cy' });
    assert.deepStrictEqual(settled.scores.map((x) => x.rater).sort(), ['ann', 'bob'], 'the raters’ own scores stay');
    const adjudication = JSON.parse(fs.readFileSync(path.join(dir, 'ratings', 'cy.jsonl'), 'utf8').trim());
    assert.strictEqual(adjudication.kind, 'adjudication');
  });
});
