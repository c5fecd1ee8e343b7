/**
 * Drives SumLens in a real VS Code (code-server in Chromium) like a person: open the article
 * and the summary, select the summary, right-click → "SumLens: Evaluate Selected Summary",
 * answer the source quick pick, wait for the Problems panel to list the planted findings,
 * hover a finding, open the panel; screenshots along the way.
 */
import * as assert from 'assert';
import * as path from 'path';
import type { FrameLocator, Locator, Page } from 'playwright-core';

export interface DriveOptions {
  page: Page;
  url: string;
  theme: string;
  /** The colour theme's label in the theme picker ("Dark Modern"). */
  themeLabel: string;
  shotsDir: string;
  log: (line: string) => void;
}

const isMac = process.platform === 'darwin';
const mod = isMac ? 'Meta' : 'Control';

async function quickOpen(page: Page, file: string, toSide = false): Promise<void> {
  await page.keyboard.press(`${mod}+P`);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor();
  await page.keyboard.press(toSide ? `${mod}+Enter` : 'Enter');
  await page.locator(`.tab[aria-label^="${file}"]`).first().waitFor();
}

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** The quick input row whose label is exactly `label`. */
const pickRow = (page: Page, label: string) =>
  page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: exactly(label) }) }).first();

export async function runCommand(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // Keys typed while a webview has focus stay in the webview: give the workbench focus first
  // (an empty stretch of the status bar). A view that takes the focus back as it settles (a
  // walkthrough moving to its next step, a window just reloaded) can close the palette, even
  // between finding the command's row and clicking it: then it is opened again.
  for (let attempt = 1; ; attempt++) {
    await page.locator('.statusbar').click({ position: { x: 600, y: 5 } });
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`, { timeout: 5_000 });
      const row = pickRow(page, title);
      await row.waitFor({ timeout: 10_000 });
      await row.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_000);
    }
  }
}

/** The editor group showing `file`. */
const editorOf = (page: Page, file: string) =>
  page
    .locator('.editor-group-container', { has: page.locator(`.tab.active[aria-label^="${file}"]`) })
    .locator('.monaco-editor')
    .first();

/** Selects the summary paragraph (line 5) with the keyboard, as a person would. The line is
 * wrapped: the first End stops at the visual line's end, the second at the paragraph's. */
async function selectSummaryParagraph(page: Page, summaryEditor: Locator): Promise<void> {
  await summaryEditor.locator('.view-line', { hasText: 'Lakeford approved' }).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Shift+End');
  const paragraph = 'Lakeford approved a bridge costing 40 million euros. It opens in 2027.';
  await page
    .locator('.statusbar-item', { hasText: `(${paragraph.length} selected)` })
    .first()
    .waitFor();
}

/**
 * Where the first drawn match of `locator` is, waiting up to 5 s: the editor redraws its
 * decorations when the diagnostics change (a squiggle being redrawn has no box for a moment),
 * and a squiggle over a wrapped line comes in pieces, some of them empty.
 */
async function onScreen(page: Page, locator: Locator): Promise<{ x: number; y: number; width: number; height: number } | null> {
  for (let tries = 0; tries < 20; tries++) {
    for (const piece of await locator.all()) {
      const box = await piece.boundingBox().catch(() => null);
      if (box && box.width >= 4) return box;
    }
    await page.waitForTimeout(250);
  }
  return null;
}

/** Puts the cursor in the first `squiggle` of the editor and picks `title` from the quick-fix menu. */
async function quickFix(page: Page, editor: Locator, squiggle: string, title: string): Promise<void> {
  const mark = editor.locator(squiggle);
  await mark.first().waitFor({ timeout: 15_000 });
  const rows = page.locator('.action-widget .monaco-list-row.action');
  // On a busy machine the code actions may come after the menu's wait: asked once more then.
  for (let attempt = 1; ; attempt++) {
    const box = await onScreen(page, mark);
    assert.ok(box, `${squiggle} is on screen`);
    await page.mouse.click(box.x + Math.min(8, box.width / 2), box.y + box.height / 2);
    await page.keyboard.press(`${mod}+.`);
    try {
      await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      await page.keyboard.press('Escape');
    }
  }
  // The menu takes keys, not clicks (an overlay catches the pointer): the first action is
  // focused, so move down to ours and press Enter.
  const titles = (await rows.allInnerTexts()).map((t) => t.trim());
  const index = titles.findIndex((t) => t.startsWith(title));
  assert.ok(index >= 0, `"${title}" is offered: ${titles.join(' | ')}`);
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator('.action-widget').waitFor({ state: 'hidden' });
}

/** The webview content frame of the SumLens panel. */
export function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/**
 * Picks a colour theme through the theme picker. (An Extension Development Host window in
 * code-server starts in Light+ whatever workbench.colorTheme says.)
 */
export async function pickTheme(page: Page, label: string): Promise<void> {
  // Right after startup the built-in themes may not be registered yet: retry until listed.
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Preferences: Color Theme');
    await page.locator('.quick-input-widget input').fill(label);
    const row = pickRow(page, label);
    try {
      await row.waitFor({ timeout: 3_000 });
      await row.click();
      break;
    } catch (error) {
      if (attempt === 10) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_000);
    }
  }
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

export async function drive({ page, url, theme, themeLabel, shotsDir, log }: DriveOptions): Promise<void> {
  const shot = async (name: string) => {
    const file = path.join(shotsDir, `${name}-${theme}.png`);
    await page.screenshot({ path: file });
    log(`screenshot ${path.relative(process.cwd(), file)}`);
  };

  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 30_000 });
  await pickTheme(page, themeLabel);
  log(`workbench loaded, theme ${themeLabel}`);

  await quickOpen(page, 'article.txt');
  await quickOpen(page, 'summary.md', true);
  const summaryEditor = editorOf(page, 'summary.md');
  await summaryEditor.waitFor();
  log('article.txt and summary.md side by side');

  // Right-click the selected summary → the editor context menu → our command. The menu can
  // swallow a click that lands while it is still opening; then the quick pick does not come
  // and the whole gesture is tried again.
  const firstPick = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
  for (let attempt = 1; ; attempt++) {
    await selectSummaryParagraph(page, summaryEditor);
    await summaryEditor.locator('.view-line', { hasText: 'Lakeford approved' }).click({ button: 'right', position: { x: 40, y: 8 } });
    const menuItem = page.locator('.monaco-menu .action-item', { hasText: 'SumLens: Evaluate Selected Summary' });
    await menuItem.waitFor({ state: 'visible' });
    await menuItem.hover();
    await page.waitForTimeout(200);
    await menuItem.click();
    try {
      await firstPick.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  log('context menu → SumLens: Evaluate Selected Summary');

  // First run on this file: which document is the source? The other visible editor comes first.
  assert.match((await firstPick.textContent()) ?? '', /article\.txt/, 'the other visible editor is offered first');
  await page.keyboard.press('Enter');
  const noReference = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'No reference summary' });
  await noReference.waitFor({ state: 'visible' });
  // Workspace files that are not open are offered too (found in the background).
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'background.txt' }).waitFor({ timeout: 15_000 });
  assert.match((await firstPick.textContent()) ?? '', /No reference summary/, 'the first choice stays first');
  await page.keyboard.press('Enter');
  log('source = article.txt, no reference');

  // The Problems panel lists the planted findings.
  await page.keyboard.press(`${mod}+Shift+M`);
  const problems = page.locator('.markers-panel');
  await problems.waitFor({ state: 'visible' });
  await problems.locator('.monaco-list-row', { hasText: '40 million euros' }).first().waitFor({ timeout: 60_000 });
  await problems.locator('.monaco-list-row', { hasText: 'commuting' }).first().waitFor();
  await problems.locator('.monaco-list-row', { hasText: 'awkward flow' }).first().waitFor();
  const rows = await problems.locator('.monaco-list-row').allTextContents();
  log(`Problems panel: ${rows.length} rows`);
  assert.ok(
    rows.some((r) => /SumLens/.test(r)),
    'rows name SumLens as source',
  );
  await summaryEditor.locator('.squiggly-error').first().waitFor();
  await page.keyboard.press('Escape');
  await summaryEditor.locator('.view-line', { hasText: 'Lakeford approved' }).click();
  await shot('editor-squiggles');

  // Hover the incorrect fact.
  const errorSquiggle = summaryEditor.locator('.squiggly-error').first();
  const box = await errorSquiggle.boundingBox();
  assert.ok(box, 'the error squiggle is on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Verdict' });
  await hover.first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForTimeout(300);
  await shot('hover');
  await page.mouse.move(5, 300);

  // The reviewer's verdicts, through the quick-fix menu (Ctrl+.): agree with the wrong fact,
  // disagree with the readability note.
  await quickFix(page, summaryEditor, '.squiggly-error', 'Agree: a real problem');
  await quickFix(page, summaryEditor, '.squiggly-info', 'Disagree: the judge is wrong here');
  log('quick fixes: agreed with the incorrect fact, disagreed with the readability note');

  // The panel, opened from the command palette.
  await runCommand(page, 'SumLens: Open Panel');
  const frame = panelFrame(page);
  await frame.locator('section.card').first().waitFor({ timeout: 30_000 });
  await frame.locator('table.entities tr.entity').first().waitFor();
  const csp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  assert.match(csp, /default-src 'none'/, csp);
  assert.match(csp, /script-src 'nonce-[A-Za-z0-9+/=]{20,}'(;|$)/, csp);
  assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
  log('panel CSP: default-src none, scripts by nonce only');
  const cards = await frame.locator('section.card h3').allTextContents();
  log(`panel cards: ${cards.join(', ')}`);
  assert.ok(cards.length >= 4, 'a card per aspect');
  const how = await frame.locator('section.card .how').first().innerText();
  assert.match(how, /^(log-probabilities|sampling) \(.+\) · .*valid \d+%/, how);
  log(`each card says how its score was made: "${how}"`);
  await page.mouse.move(300, 600);
  await page.waitForTimeout(800); // let tooltips the pointer passed over fade
  await shot('panel-beside');
  // More room for the panel: no Problems panel, no side bar, and the article closed, so the
  // summary and the panel share the window. (Keys typed in the webview stay there, so the
  // workbench gets focus back first.)
  await editorOf(page, 'article.txt').locator('.view-line').first().click();
  await runCommand(page, 'View: Hide Panel');
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  await page.keyboard.press(`${mod}+W`);
  await page.locator('.tab[aria-label^="article.txt"]').waitFor({ state: 'detached' });
  await page.mouse.move(300, 600);
  await page.waitForTimeout(800);
  await shot('panel');

  // The reviewer's verdicts, per kind of finding, with their interval.
  const agreement = frame.locator('section.agreement');
  await agreement.locator('tr', { hasText: 'Incorrect facts' }).waitFor();
  assert.match(await agreement.locator('tr', { hasText: 'Incorrect facts' }).innerText(), /1 of 1\s+100%\s+21%–100%/);
  assert.match(await agreement.locator('tr', { hasText: 'Readability issues' }).innerText(), /0 of 1\s+0%\s+0%–79%/);
  await agreement.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await shot('agreement');
  await frame.locator('header').scrollIntoViewIfNeeded();

  // Keyboard: focus an entity row and press Enter → the summary editor shows its span.
  const row = frame.locator('tr.entity', { hasText: '40 million euros' }).first();
  await row.focus();
  await row.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await shot('panel-entities');
  await page.keyboard.press('Enter');
  await page
    .locator('.statusbar-item', { hasText: /16 selected/ })
    .first()
    .waitFor({ timeout: 10_000 });
  log('entity row → span revealed (16 characters selected)');
}

/** Reloads the window: the panel must come back (WebviewPanelSerializer + webview state). */
export async function reloadKeepsPanel({ page, log, themeLabel }: Pick<DriveOptions, 'page' | 'log' | 'themeLabel'>): Promise<void> {
  // Through the workbench's own reload, which saves the window state (editors, webview state) first.
  await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), runCommand(page, 'Developer: Reload Window')]);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  const frame = panelFrame(page);
  await frame.locator('section.card').first().waitFor({ timeout: 30_000 });
  await frame.locator('table.entities tr.entity', { hasText: '40 million euros' }).first().waitFor();
  log('after a window reload the panel is back with its result');
  // The findings came back too (saved with the run), in the Problems panel.
  await page.locator('.statusbar').click({ position: { x: 600, y: 5 } });
  await page.keyboard.press(`${mod}+Shift+M`);
  await page.locator('.markers-panel .monaco-list-row', { hasText: '40 million euros' }).first().waitFor({ timeout: 30_000 });
  log('and the Problems panel lists the findings again');
  await runCommand(page, 'View: Hide Panel');
  await frame.locator('tr.entity', { hasText: '40 million euros' }).first().click();
  await page
    .locator('.statusbar-item', { hasText: /16 selected/ })
    .first()
    .waitFor({ timeout: 10_000 });
  log('and its entity rows still reveal their spans');
  // The reloaded development window may come back in another theme: pick ours again.
  await pickTheme(page, themeLabel);
}

/**
 * With the judges hanging, runs the evaluation again (the source is remembered: no quick
 * pick), shows the progress notification, and cancels it with its Cancel button: the run
 * stops and the aspects that finished are kept.
 */
export async function cancelFromNotification({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await selectSummaryParagraph(page, editorOf(page, 'summary.md'));
  await runCommand(page, 'SumLens: Evaluate Selected Summary');
  const toast = page.locator('.notification-toast', { hasText: 'SumLens' });
  await toast.waitFor({ state: 'visible', timeout: 15_000 });
  await toast.locator('.monaco-progress-container').waitFor({ state: 'attached' });
  await page.mouse.move(300, 600);
  await page.waitForTimeout(1_000); // let the finished steps be counted in the message
  const message = await toast.locator('.notification-list-item-message').innerText();
  assert.match(message, /step \d+ of \d+ · \d+ calls?, [\d,]+ tokens so far/, `the notification counts steps, calls and tokens: "${message}"`);
  assert.doesNotMatch(message, /fine:/, `the notification speaks the user's language: "${message}"`);
  await page.screenshot({ path: path.join(shotsDir, `progress-${theme}.png`) });
  log(`progress notification: "${message}"`);
  await toast.hover();
  await toast.getByRole('button', { name: 'Cancel' }).click();
  await toast.waitFor({ state: 'hidden', timeout: 15_000 });
  await panelFrame(page).getByText('cancelled (partial results)').waitFor({ timeout: 15_000 });
  log('Cancel in the notification stopped the run; the panel shows the partial result');
}

/**
 * Opens the Getting Started walkthrough from the command palette, takes its picture, and
 * follows its first step's button: the sample article and summary open side by side.
 */
export async function walkthrough({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  // One editor group, so the walkthrough gets the window's width: beside the panel its list of steps was cut off after two.
  await runCommand(page, 'View: Single Column Editor Layout');
  await runCommand(page, 'Welcome: Open Walkthrough...');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with SumLens' }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  await row.click();
  const content = page.locator('.gettingStartedContainer');
  await content.getByText('Evaluate a sample summary').first().waitFor({ timeout: 15_000 });
  // The pointer rests on the walkthrough's empty lower right corner: at the window's edge it raised an activity bar tooltip over the picture.
  const box = (await content.boundingBox())!;
  await page.mouse.move(box.x + box.width - 8, box.y + box.height - 8);
  await page.waitForTimeout(1_000); // the step's markdown media renders in its own frame
  await page.screenshot({ path: path.join(shotsDir, `walkthrough-${theme}.png`) });
  log('walkthrough: Get started with SumLens');
  await content.getByRole('button', { name: 'Open the sample' }).click();
  await page.locator('.editor-instance .view-line', { hasText: 'Westmere' }).first().waitFor({ timeout: 15_000 });
  await page.locator('.tab.active[aria-label^="summary.md"]').last().waitFor();
  await page.waitForTimeout(1_500); // the second editor of the pair takes the focus as it opens
  log('its first step opens the sample article and summary');
}

/**
 * A prompt template under "Measure against people": customize the built-in coherence
 * template, click its CodeLens, confirm the cost, and see the figures on the lens and in the
 * panel (a SummEval slice from ../shared/datasets, sized by sumlens.measure.items).
 */
export async function measureTemplate({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await runCommand(page, 'SumLens: Customize Prompt Template');
  await page.locator('.quick-input-widget input').fill('summarization/coherence');
  await pickRow(page, 'summarization/coherence').click();
  const editor = editorOf(page, 'coherence.md');
  const measure = editor.locator('.codelens-decoration a', { hasText: 'Measure against people' });
  await measure.waitFor({ timeout: 30_000 });
  await editor.locator('.codelens-decoration a', { hasText: 'Preview rendered prompt' }).waitFor();
  // An edit, not yet saved: the measurement judges the editor's text. (The template opened
  // with the focus; the pointer stays off the breadcrumbs, whose tooltip covers the lens.)
  await page.mouse.move(700, 600);
  await page.waitForTimeout(500);
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type('\nBe strict: a summary that merely lists facts is not coherent.');
  await page.keyboard.press(`${mod}+Home`); // back to the top, where the lenses are
  await page.waitForTimeout(800);
  await measure.click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 15_000 });
  const question = await dialog.innerText();
  assert.match(question, /16 calls .* prompt tokens, on summeval, 8 of 1,600 items/s, question);
  await page.screenshot({ path: path.join(shotsDir, `measure-cost-${theme}.png`) });
  log('Measure against people: the cost is previewed and asked for');
  await dialog.getByRole('button', { name: 'Measure' }).click();
  // The panel comes forward with the figures and the template's history.
  const section = panelFrame(page).locator('section.measurements');
  await section.locator('tbody tr').first().waitFor({ timeout: 120_000 });
  await section.scrollIntoViewIfNeeded();
  await page.mouse.move(5, 300);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shotsDir, `template-measurements-${theme}.png`) });
  // Back to the template: its lens carries the figures.
  await page.locator('.tab[aria-label^="coherence.md"]').first().click();
  const figures = editorOf(page, 'coherence.md').locator('.codelens-decoration a', { hasText: 'vs built-in' });
  await figures.waitFor({ timeout: 30_000 });
  log(`CodeLens: ${await figures.innerText()}`);
  await page.mouse.move(5, 300);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(shotsDir, `template-lens-${theme}.png`) });
  log("the panel shows the measurement in the template's history");
}

/** Right-clicks `name` in the explorer and picks `title` from its context menu. */
/**
 * Runs `title` from the explorer context menu of `row`. `select`, when given, sets up the
 * selection before each try: Escape (used to close a menu that failed) also clears the
 * explorer's selection.
 */
export async function explorerMenu(page: Page, row: Locator, title: string, select?: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await select?.();
    await row.click({ button: 'right' });
    const menuItem = page.locator('.monaco-menu .action-item', { hasText: title });
    try {
      await menuItem.waitFor({ state: 'visible', timeout: 5_000 });
      await menuItem.hover();
      await page.waitForTimeout(200);
      await menuItem.click();
      await page.locator('.monaco-menu').waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export const explorerRow = (page: Page, name: string) =>
  page.locator('.explorer-folders-view .monaco-list-row', { has: page.locator('.label-name', { hasText: exactly(name) }) }).first();

/** Evaluate Dataset from the explorer, answering the method question with `method`. */
async function evaluateDataset(page: Page, method: string, onQuestion?: () => Promise<void>): Promise<void> {
  await page.keyboard.press(`${mod}+Shift+E`);
  await explorerMenu(page, explorerRow(page, 'summaries.csv'), 'SumLens: Evaluate Dataset');
  const widget = page.locator('.quick-input-widget');
  await pickRow(page, method).waitFor({ timeout: 15_000 });
  // The cost of each method comes in the background; nothing is sent before a pick.
  await widget
    .locator('.monaco-list-row', { hasText: /calls? · ~[\d,]+ prompt tokens/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await widget.locator('.monaco-list-row', { hasText: 'estimating…' }).first().waitFor({ state: 'hidden', timeout: 30_000 });
  await onQuestion?.();
  await pickRow(page, method).click();
}

/**
 * A dataset of summaries: right-click summaries.csv → "SumLens: Evaluate Dataset", pick the
 * method from a list that says what each costs, see the items × aspects table in the panel,
 * open the worst item (summary and source side by side, its findings squiggled); then a
 * G-Eval run of the same data compared with it (two run files selected in the explorer →
 * "SumLens: Compare Runs", confirmed although the methods differ).
 */
export async function datasets({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  const shot = async (name: string) => {
    await page.mouse.move(5, 300);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${theme}.png`) });
  };
  await runCommand(page, 'View: Close All Editors');
  await evaluateDataset(page, 'Scores and fine-grained facts', async () => {
    const costs = await page.locator('.quick-input-widget .quick-input-list').innerText();
    assert.match(costs, /Scores and fine-grained facts[^]*\d+ calls · ~[\d,]+ prompt tokens/, costs);
    await shot('dataset-cost');
    log('Evaluate Dataset: each method with its calls, tokens and cost');
  });
  const frame = panelFrame(page);
  const table = frame.locator('section.dataset table.dataset-items');
  await table.locator('tbody tr.item').nth(2).waitFor({ timeout: 120_000 });
  const firstRow = await table.locator('tbody tr.item').first().innerText();
  assert.match(firstRow, /bridge-1/, `the worst item comes first: ${firstRow}`);
  await shot('dataset');
  log('the panel shows the items × aspects table, worst first');

  await table.locator('tr.item', { hasText: 'bridge-1' }).click();
  await page.locator('.tab[aria-label^="bridge-1.summary.txt"]').waitFor({ timeout: 15_000 });
  await page.locator('.tab[aria-label^="bridge-1.source.txt"]').waitFor();
  await editorOf(page, 'bridge-1.summary.txt').locator('.squiggly-error').first().waitFor({ timeout: 15_000 });
  await shot('dataset-item');
  log('a click on an item opens its summary and source side by side, with its findings');

  await evaluateDataset(page, 'G-Eval scores');
  await table.locator('tbody tr.item').nth(2).waitFor({ timeout: 120_000 });
  await frame.getByText('summaries-geval.jsonl').first().waitFor({ timeout: 60_000 });
  // Both run files selected in the explorer, then the menu.
  await page.keyboard.press(`${mod}+Shift+E`);
  for (const folder of ['.sumlens', 'runs']) {
    const row = explorerRow(page, folder);
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  const runA = explorerRow(page, 'summaries-all.jsonl');
  const runB = explorerRow(page, 'summaries-geval.jsonl');
  const selectBoth = async () => {
    for (let attempt = 1; ; attempt++) {
      await runA.click();
      await runB.click({ modifiers: [isMac ? 'Meta' : 'Control'] });
      const selected = await Promise.all([runA, runB].map((row) => row.getAttribute('aria-selected')));
      if (selected.every((s) => s === 'true')) return;
      if (attempt === 3) throw new Error(`the two run files are not both selected in the explorer (${selected.join(', ')})`);
    }
  };
  const dialog = page.locator('.monaco-dialog-box');
  const pickInstead = page.locator('.quick-input-widget .quick-input-title', { hasText: 'pick A then B' });
  // On a loaded machine the right-click can reach the command with the explorer's selection not
  // yet both files (it then asks for the runs): closed, and the menu used again.
  for (let attempt = 1; ; attempt++) {
    await explorerMenu(page, runB, 'SumLens: Compare Runs', selectBoth);
    await dialog.or(pickInstead).first().waitFor({ timeout: 15_000 });
    if (await dialog.isVisible()) break;
    if (attempt === 3) throw new Error('Compare Runs asked for the runs three times, with both selected in the explorer');
    await page.keyboard.press('Escape');
  }
  assert.match(await dialog.innerText(), /made differently \(method: all \(A\) vs geval \(B\)/);
  await dialog.getByRole('button', { name: 'Compare Anyway' }).click();
  const comparison = frame.locator('section.comparison table.comparison-table');
  await comparison.locator('tbody tr').nth(3).waitFor({ timeout: 30_000 });
  await shot('comparison');
  log('Compare Runs: B − A per aspect with its interval, p-values and wins / ties / losses');
}

/** Opens summary.md from the Explorer, selects its summary paragraph and evaluates it. */
async function evaluateSummaryFromExplorer(page: Page): Promise<void> {
  await page.keyboard.press(`${mod}+Shift+E`);
  await explorerRow(page, 'summary.md').click();
  await page.locator('.tab[aria-label^="summary.md"]').waitFor({ timeout: 15_000 });
  await selectSummaryParagraph(page, editorOf(page, 'summary.md'));
  await runCommand(page, 'SumLens: Evaluate Selected Summary');
}

/** Replaces the workspace settings (.vscode/settings.json) through the editor, as a person would. */
async function setWorkspaceSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await runCommand(page, 'Preferences: Open Workspace Settings (JSON)');
  const editor = editorOf(page, 'settings.json');
  await editor.waitFor({ timeout: 15_000 });
  await editor.click();
  await page.keyboard.press(`${mod}+A`);
  // insertText: no auto-closed brackets or quotes, unlike typing.
  await page.keyboard.insertText(JSON.stringify(settings, null, 2));
  await page.keyboard.press(`${mod}+S`);
  await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 10_000 });
  await runCommand(page, 'View: Close All Editors');
}

/**
 * Score spread: with `sumlens.repeat` 5 in the workspace settings (and a judge whose sampled
 * answers vary), the summary evaluated again shows each score's runs, mean ± sd, range and
 * pass rate at `sumlens.passThreshold` in the panel.
 */
export async function scoreSpread({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await setWorkspaceSettings(page, {
    'sumlens.method': 'geval',
    'sumlens.repeat': 5,
    'sumlens.passThreshold': 3.5,
    'sumlens.route': 'sampling',
    'sumlens.samples': 3,
    'sumlens.maxStandardError': 0,
  });
  try {
    await evaluateSummaryFromExplorer(page);
    const section = panelFrame(page).locator('section.spread');
    await section.locator('tbody tr').nth(3).waitFor({ timeout: 60_000 });
    const text = await section.innerText();
    assert.match(text, /Spread over 5 runs/, text);
    assert.match(text, /coherence[^]*\d\.\d\d ± \d\.\d\d/, text);
    assert.match(text, /± (?!0\.00)\d\.\d\d/, `the runs disagree somewhere: ${text}`);
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(600, 700); // an empty stretch of the editor: no tooltip in the picture
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(shotsDir, `spread-${theme}.png`) });
    log('sumlens.repeat 5: the panel shows each score over the runs, mean ± sd, range and pass rate');
  } finally {
    await setWorkspaceSettings(page, {});
  }
}

/**
 * Audit Judge: right-click audit-items.jsonl → "SumLens: Audit Judge", the cost asked for
 * first, then the panel's audit view: the answer, the verdict table (a judge that favours
 * length is flagged), and the length probe's example with the appended sentence marked.
 */
export async function auditJudge({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await page.keyboard.press(`${mod}+Shift+E`);
  await explorerMenu(page, explorerRow(page, 'audit-items.jsonl'), 'SumLens: Audit Judge');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 30_000 });
  const question = await dialog.innerText();
  assert.match(question, /30 summaries and their changed copies \(length, address, facts, order, damage\): 180 evaluations, 720 calls/, question);
  await page.mouse.move(5, 300);
  await page.screenshot({ path: path.join(shotsDir, `audit-cost-${theme}.png`) });
  log('Audit Judge: the cost is asked for first');
  await dialog.getByRole('button', { name: 'Audit' }).click();
  const section = panelFrame(page).locator('section.audit');
  await section.locator('table.audit-table tbody tr').nth(19).waitFor({ timeout: 120_000 });
  const answer = await section.locator('.audit-answer').innerText();
  assert.match(answer, /probes show bias: favours length/, answer);
  const lengthProbe = section.locator('details.audit-probe', { hasText: 'length:' });
  assert.match(await lengthProbe.locator('mark.audit-change').first().innerText(), /\.$/);
  // The notification that says the same is cleared, and the pointer rests on the title bar: no toast or tooltip over the picture.
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.mouse.move(1000, 12);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shotsDir, `audit-${theme}.png`) });
  await scrollIntoView(lengthProbe.locator('.audit-example'));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shotsDir, `audit-example-${theme}.png`) });
  log(`Audit Judge: ${answer}`);
}

/**
 * "Your score": back on the summary's result, the person clicks 4 under coherence; the button
 * stays pressed and the panel shows the judge against the person's scores.
 */
export async function yourScore({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  const frame = panelFrame(page);
  await frame.locator('.view-tab', { hasText: 'Summary' }).click();
  const row = frame.locator('section.card[aria-label="Aspect coherence"] .your-score');
  await row.waitFor({ timeout: 15_000 });
  await row.getByRole('button', { name: '4', exact: true }).click();
  await row.locator('button.pressed', { hasText: '4' }).waitFor({ timeout: 15_000 });
  const section = frame.locator('section.rating-agreement');
  await section.locator('tbody tr').first().waitFor({ timeout: 15_000 });
  assert.match(await section.innerText(), /coherence[^]*1/);
  // The panel redraws once more when the ratings file's watcher reads the new line: scroll once it has.
  await page.waitForTimeout(1_000);
  await scrollIntoView(row);
  await page.mouse.move(1000, 12);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shotsDir, `your-score-${theme}.png`) });
  await scrollIntoView(section);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shotsDir, `your-score-agreement-${theme}.png`) });
  log('Your score: 4 on coherence, kept in .sumlens/ratings.jsonl; the panel shows the judge against your scores');
  // After a window reload the score is still given and the agreement still shown.
  await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), runCommand(page, 'Developer: Reload Window')]);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  const again = panelFrame(page).locator('section.card[aria-label="Aspect coherence"] .your-score button.pressed', { hasText: '4' });
  await again.waitFor({ timeout: 60_000 });
  await panelFrame(page).locator('section.rating-agreement tbody tr').first().waitFor({ timeout: 30_000 });
  log('after a window reload: 4 is still pressed and the judge against your scores still shown');
}

/**
 * Aspect choice: with `sumlens.method` "choose" and fsv2 reasons in the workspace settings, the
 * summary evaluated again shows what the judge chose out of 20, how firmly, each beside SumLens's
 * own template's score; the reasons and the unchosen aspects unfold on a click.
 */
export async function aspectChoice({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await setWorkspaceSettings(page, { 'sumlens.method': 'choose', 'sumlens.reasons': 'fsv2', 'sumlens.reasonsK': 5 });
  try {
    await evaluateSummaryFromExplorer(page);
    const frame = panelFrame(page);
    await frame
      .locator('.view-tab', { hasText: 'Summary' })
      .click()
      .catch(() => {}); // tabs show only beside other views
    const section = frame.locator('section.choice');
    await section.locator('tbody tr').nth(3).waitFor({ timeout: 60_000 });
    const text = await section.innerText();
    assert.match(text, /The judge chose \d+ of 20 aspects/, text);
    assert.match(text, /after 5 reasons written from the fsv2 examples, each scored on its own and pooled · the built-in catalogue/, text);
    assert.match(text, /coherence\s+\d\.\d\d\s+5 of 5/, text);
    await section.locator('details.choice-reasons > summary').click();
    await section.locator('details.not-chosen > summary').click();
    assert.match(await section.locator('details.not-chosen').innerText(), /empathy/);
    await page.waitForTimeout(500);
    await scrollIntoView(section);
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.mouse.move(1000, 12);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(shotsDir, `choice-${theme}.png`) });
    log(`Aspect choice: ${(await section.locator('h2').innerText()).trim()}, with 5 fsv2 reasons and the own templates' scores beside`);
  } finally {
    await setWorkspaceSettings(page, {});
  }
}

/** Scrolls a webview element into view, trying again when a redraw replaced it meanwhile. */
async function scrollIntoView(locator: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await locator.scrollIntoViewIfNeeded({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await locator.page().waitForTimeout(500);
    }
  }
}

/**
 * A long source: summary.md's source set to long-article.txt (the article on line 2,501 of
 * 5,000 lines) and `sumlens.sourceTokens` 300 in the workspace settings. The panel says what
 * share of the source the judge saw, why, and by which rule; its button highlights the
 * excerpts on the source, beside the panel.
 */
export async function longSourceExcerpts({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await setWorkspaceSettings(page, { 'sumlens.method': 'geval', 'sumlens.sourceTokens': 300 });
  try {
    await page.keyboard.press(`${mod}+Shift+E`);
    await explorerRow(page, 'summary.md').click();
    await page.locator('.tab[aria-label^="summary.md"]').waitFor({ timeout: 15_000 });
    await runCommand(page, 'SumLens: Select Source Document');
    await page.locator('.quick-input-widget input').fill('long-article');
    await pickRow(page, 'long-article.txt').click();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await selectSummaryParagraph(page, editorOf(page, 'summary.md'));
    await runCommand(page, 'SumLens: Evaluate Selected Summary');
    const frame = panelFrame(page);
    await frame
      .locator('.view-tab', { hasText: 'Summary' })
      .click()
      .catch(() => {}); // tabs show only beside other views
    const section = frame.locator('section.source-shown');
    await section.waitFor({ timeout: 60_000 });
    const text = await section.innerText();
    assert.match(text, /The judge saw excerpts of long-article\.txt/, text);
    assert.match(
      text,
      /\d+(\.\d)?% of the source \([\d,]+ of [\d,]+ tokens\), in [\d,]+ excerpts?, because the source budget \(sumlens\.sourceTokens\) is 300 tokens/,
      text,
    );
    // Said once: the cards below do not repeat the shortening in their fallbacks.
    const cards = await frame.locator('section.card').allInnerTexts();
    assert.ok(cards.length > 0 && cards.every((card) => !card.includes('source shortened')), cards.join('\n---\n'));
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.mouse.move(1000, 12);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(shotsDir, `long-source-panel-${theme}.png`) });
    log(`long source: ${await section.locator('.shown-share').first().innerText()}`);

    // The first excerpt is the opening; each click goes on to the next, as far as the article's line.
    const articleLine = editorOf(page, 'long-article.txt').locator('.view-line', { hasText: 'Lakeford' });
    for (let click = 1; !(await articleLine.isVisible()); click++) {
      assert.ok(click <= 12, 'the excerpt from the article comes within 12 clicks');
      await section.getByRole('button', { name: 'Show the excerpts the judge saw' }).click();
      await page.locator('.tab.active[aria-label^="long-article.txt"]').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
    }
    await page.mouse.move(1000, 12);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(shotsDir, `long-source-excerpts-${theme}.png`) });
    log('Show the excerpts the judge saw: the source beside the panel, its excerpts highlighted');
    await section.getByRole('button', { name: 'Clear the highlight' }).click();
  } finally {
    await setWorkspaceSettings(page, {});
  }
}
