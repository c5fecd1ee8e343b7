/**
 * A review rated as a person would: right-click a data file → "SumLens: Start a Review", name
 * the raters, and rate in the view with the keyboard alone: digits score and move to the next
 * aspect, Enter goes to the next item, Backspace back, `s` skips with a reason. The ratings are
 * on disk after each Enter; nothing of another rater's or the judge's is in the view's DOM.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Frame, Page } from 'playwright-core';
import { explorerMenu, explorerRow, runCommand, type DriveOptions } from './drive';

export const REVIEW_DATA = 'review-items.jsonl';
const ITEMS = [
  [
    'The council of Lakeford approved a new bridge over the river on Monday. It will cost 40 million euros and open in 2027.',
    'Lakeford approved a 40 million euro bridge.',
  ],
  ['A storm closed the harbour of Westport for two days. Ferries resumed on Thursday morning.', 'Westport harbour reopened on Thursday after a storm.'],
  ['The city library will open on Sundays from March, after a vote by the council.', 'The library opens on Sundays from May.'],
  ['Researchers counted 312 nesting pairs of terns on the island, twice as many as last year.', 'Tern pairs on the island doubled to 312.'],
];

export const PAIR_DATA = 'review-systems.jsonl';

/** The review's data file in the workspace, as `eval --data` reads it; and a table of two systems' summaries of the same sources, for pairs. */
export function writeReviewItems(workspace: string): void {
  const rows = ITEMS.map(([source, summary], i) => JSON.stringify({ id: `news-${i + 1}`, source, summary }));
  fs.writeFileSync(path.join(workspace, REVIEW_DATA), rows.join('\n') + '\n');
  const systems = ITEMS.flatMap(([source, summary], i) => [
    { id: `news-${i + 1}-lead`, doc_id: `news-${i + 1}`, system_id: 'lead', source, summary: source.split('. ')[0].replace(/\.$/, '') + '.' },
    { id: `news-${i + 1}-model`, doc_id: `news-${i + 1}`, system_id: 'model', source, summary },
  ]);
  fs.writeFileSync(path.join(workspace, PAIR_DATA), systems.map((row) => JSON.stringify(row)).join('\n') + '\n');
}

/** The webview frame that shows `selector` (the rating view: '.rating-aspect'; the status: '.disagreement'). */
async function frameWith(page: Page, selector: string): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const frame of page.frames())
      if (
        (await frame
          .locator(selector)
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    if (Date.now() > deadline) throw new Error(`no view shows ${selector}`);
    await page.waitForTimeout(250);
  }
}

export async function rateReview({ page, theme, shotsDir, log, workspace }: Omit<DriveOptions, 'url' | 'themeLabel'> & { workspace: string }): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  await explorerMenu(page, explorerRow(page, REVIEW_DATA), 'SumLens: Start a Review');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  // Scores, not pairs: the first choice.
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'what do the raters do' }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'who rates' }).waitFor();
  await input.fill('ann, bob');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'review’s name' }).waitFor();
  await input.fill('ui-trial');
  await page.keyboard.press('Enter');
  const frame = await frameWith(page, '.rating-aspect');
  const where = frame.locator('.rating-where');
  await where.waitFor();
  log(`rating view open: ${await where.innerText()}`);
  await frame.locator('.rating-aspect').first().focus();
  const ratings = path.join(workspace, '.sumlens', 'reviews', 'ui-trial', 'ratings', 'ann.jsonl');
  const lines = () => fs.readFileSync(ratings, 'utf8').split('\n').filter(Boolean).length;

  // Item 1: four digits, Enter.
  for (const key of ['4', '5', '3', '4', 'Enter']) await page.keyboard.press(key);
  await where.filter({ hasText: /^2 of 4/ }).waitFor();
  assert.strictEqual(lines(), 4, 'item 1 on disk before item 2 is shown');
  // Item 2: a score, a skip with its reason, two more scores, a comment left empty; Enter.
  await page.keyboard.press('3');
  await page.keyboard.press('s');
  await frame.locator('.rating-skip-reason').fill('the summary adds a fact the source does not hold');
  await page.keyboard.press('Enter');
  for (const key of ['2', '4']) await page.keyboard.press(key);
  await frame.locator('.rating-aspect.current .rating-aspect-name', { hasText: 'relevance' }).waitFor();
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `review-rating-${theme}.png`) });
  await page.keyboard.press('Enter');
  await where.filter({ hasText: /^3 of 4/ }).waitFor();
  assert.strictEqual(lines(), 8, 'item 2 on disk before item 3 is shown');
  // Backspace: item 2 again, as given (the skip kept with its reason).
  await page.keyboard.press('Backspace');
  await where.filter({ hasText: /^2 of 4/ }).waitFor();
  await frame.locator('.rating-skip', { hasText: 'skipped: the summary adds a fact' }).waitFor();
  // Blind: nothing of another rater or the judge in the view's DOM.
  assert.strictEqual(await frame.locator('.rating-revealed').count(), 0);
  assert.doesNotMatch(await frame.locator('body').innerText(), /\bbob\b|judge/i);
  log('rated 2 items by keyboard (a skip with its reason), each on disk before the next; Backspace shows item 2 as given; blind');

  // bob's ratings arrive (as from git); the status shows agreement and a disagreement to settle.
  const at = new Date().toISOString();
  const ann = fs
    .readFileSync(ratings, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { item: string; aspect: string; score?: number });
  const items = [...new Set(ann.map((r) => r.item))];
  // Close to ann's everywhere, but 2 points apart on the first item's coherence.
  const bob = ann.map((r, k) => {
    const own = r.score ?? 3;
    const score = r.item === items[0] && r.aspect === 'coherence' ? (own >= 3 ? own - 2 : own + 2) : k % 3 === 0 && own > 1 ? own - 1 : own;
    return JSON.stringify({ kind: 'rating', item: r.item, aspect: r.aspect, score, rater: 'bob', at });
  });
  fs.writeFileSync(path.join(workspace, '.sumlens', 'reviews', 'ui-trial', 'ratings', 'bob.jsonl'), bob.join('\n') + '\n');
  await runCommand(page, 'SumLens: Review Status and Disagreements');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'ui-trial' }).first().click();
  const status = await frameWith(page, '.disagreement');
  await status
    .locator('.disagreement', { hasText: `${items[0]} · coherence` })
    .getByRole('button', { name: '3', exact: true })
    .click();
  await status.locator('.settled', { hasText: 'settled: 3 by ann' }).waitFor();
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `review-status-${theme}.png`) });
  log(`Review Status: agreement per aspect, a disagreement (${items[0]} coherence, 2 points apart) settled with 3 as an adjudication`);
}

/**
 * A review of pairs as a person makes and answers it: Start a Review on a table of two systems,
 * "Compare two summaries of each source", its document and system columns; then a pair answered
 * with the keyboard (`a`, then `2` for "clearly"), on disk with the order it was shown in.
 */
export async function ratePairs({ page, theme, shotsDir, log, workspace }: Omit<DriveOptions, 'url' | 'themeLabel'> & { workspace: string }): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  await explorerMenu(page, explorerRow(page, PAIR_DATA), 'SumLens: Start a Review');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'what do the raters do' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'who rates' }).waitFor();
  await input.fill('ann, bob');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'review’s name' }).waitFor();
  await input.fill('ui-pairs');
  await page.keyboard.press('Enter');
  for (const column of ['the column naming the document', 'the column naming the system']) {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: column }).waitFor();
    await page.keyboard.press('Enter');
  }
  const frame = await frameWith(page, '.rating-pair');
  const where = frame.locator('.rating-where');
  await where.waitFor();
  log(`pairs view open: ${await where.innerText()}`);
  await frame.locator('.rating-aspect').first().focus();
  await page.keyboard.press('a');
  await page.keyboard.press('2');
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `review-pairs-${theme}.png`) });
  await page.keyboard.press('Enter');
  await where.filter({ hasText: /^2 of / }).waitFor();
  const ratings = path.join(workspace, '.sumlens', 'reviews', 'ui-pairs', 'ratings', 'ann.jsonl');
  const [first] = fs
    .readFileSync(ratings, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; item: string; aspect: string; preference: string; margin?: number; shownFirst?: string });
  assert.deepStrictEqual([first.kind, first.margin, typeof first.shownFirst], ['preference', 2, 'string']);
  log('a pair answered by keyboard (a, 2: A clearly better), on disk with the order it was shown in, before the next pair');

  // bob answers the same pair the other way (as from git): the status lists it, settled as a tie.
  const bob = {
    kind: 'preference',
    item: first.item,
    aspect: first.aspect,
    preference: first.preference === 'A' ? 'B' : 'A',
    rater: 'bob',
    at: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(path.dirname(ratings), 'bob.jsonl'), JSON.stringify(bob) + '\n');
  await runCommand(page, 'SumLens: Review Status and Disagreements');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'ui-pairs' }).first().click();
  const status = await frameWith(page, '.disagreement');
  await status.locator('.disagreement', { hasText: first.item }).getByRole('button', { name: 'a tie', exact: true }).click();
  await status.locator('.settled', { hasText: 'settled: a tie by ann' }).waitFor();
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `review-pairs-status-${theme}.png`) });
  log(`Review Status of pairs: ${first.item} split (ann ${first.preference}, bob ${bob.preference}), settled as a tie by an adjudication`);
}
