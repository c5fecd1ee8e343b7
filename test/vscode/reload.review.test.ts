/**
 * A review survives the extension host being killed mid-review: a rater submits three items
 * (each on disk before the next is shown) and leaves the fourth on screen (its scores, until submitted, live in the view only); the
 * harness then kills this extension host with SIGKILL (no deactivate, nothing flushed: the
 * pid is written to SUMLENS_KILL_PID_FILE) and reloads the window. In the new extension host
 * the three are in the rater's file and the rating view opens at the fourth. Loaded by the
 * reload suite with reload.test.ts (scripts/test-vscode.mjs), with a marker of its own.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RatingView } from '../../src/extension/review/ratingView';
import type { RatingScreen, ToRatingView } from '../../src/extension/webview/ratingProtocol';
import { activateSumLens, eventually, workspaceRoot } from './helpers';

const marker = `${process.env.SUMLENS_RELOAD_MARKER!}.review.json`;
const SUBMITTED = 3;

async function openView(dir: string): Promise<{ view: RatingView; posted: ToRatingView[] }> {
  const api = await activateSumLens();
  const view = (await api.rateReview(vscode.Uri.file(dir), 'ann')) as RatingView;
  const posted: ToRatingView[] = [];
  view.onDidPostMessage((m) => posted.push(m));
  await eventually(() => posted.length > 0, 'the rating view shows an item', 20_000);
  return { view, posted };
}

const screenOf = (posted: ToRatingView[]) => (posted.filter((m) => m.type === 'screen').pop() as { screen: RatingScreen }).screen;

describe('a review across a killed extension host', () => {
  const before = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { dir: string; submitted: string[]; loads: number }) : undefined;
  if (!before) {
    it('before the kill: three items submitted, the fourth on screen', async () => {
      const data = path.join(workspaceRoot().fsPath, 'reload-review.jsonl');
      const rows = Array.from({ length: 6 }, (_, i) =>
        JSON.stringify({ id: `r${i + 1}`, source: `Source ${i + 1}: the council met.`, summary: `Summary ${i + 1}.` }),
      );
      fs.writeFileSync(data, rows.join('\n') + '\n');
      const api = await activateSumLens();
      const dir = (await api.startReview({
        data: vscode.Uri.file(data),
        pairwise: false,
        raters: ['ann', 'bob'],
        perItem: 2,
        name: 'reload-trial',
        open: false,
      }))!;
      const { view, posted } = await openView(dir);
      const submitted: string[] = [];
      for (let i = 0; i < SUBMITTED; i++) {
        const screen = screenOf(posted);
        await view.handle({
          type: 'submit',
          item: screen.item.id,
          given: Object.fromEntries(screen.aspects.map((a) => [a.name, { score: a.min }])),
          comment: '',
        });
        submitted.push(screen.item.id);
      }
      fs.writeFileSync(marker, JSON.stringify({ dir, submitted, loads: 1 }));
      fs.writeFileSync(process.env.SUMLENS_KILL_PID_FILE!, String(process.pid));
    });
  } else if (before.loads === 1) {
    it('after the kill and a new extension host: the three submitted items are on disk and the view opens at the fourth', async () => {
      const lines = fs
        .readFileSync(path.join(before.dir, 'ratings', 'ann.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { item: string });
      assert.deepStrictEqual([...new Set(lines.map((l) => l.item))], before.submitted);
      assert.strictEqual(lines.length, SUBMITTED * 4);
      const { posted } = await openView(before.dir);
      assert.strictEqual(screenOf(posted).position.index, SUBMITTED);
      assert.strictEqual(screenOf(posted).position.done, SUBMITTED);
      fs.writeFileSync(marker, JSON.stringify({ ...before, loads: 2 }));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  }
});
