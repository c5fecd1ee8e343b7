/**
 * A dataset's systems ranked as a person would: right-click ranking-systems.jsonl in the
 * Explorer → "SumLens: Rank Systems (Pairwise)", answer the questions (the document's and the
 * system's columns, the summary's and the source's, people's scores, the question, every
 * pair); the comparison view shows the chart of strengths with intervals and the table.
 */
import * as path from 'path';
import type { Page } from 'playwright-core';
import { explorerMenu, explorerRow, pickTheme, type DriveOptions } from './drive';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** The workbench loaded in the theme, for a run of this step alone (`node scripts/test-ui.mjs --dev --ranking-only`). */
export async function openWorkbench({ page, url, themeLabel, log }: Pick<DriveOptions, 'page' | 'url' | 'themeLabel' | 'log'>): Promise<void> {
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: 30_000 });
  await pickTheme(page, themeLabel);
  log(`workbench loaded, theme ${themeLabel}`);
}

async function answer(page: Page, choice: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(choice);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: choice }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

export async function rankSystemsChart({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await page.keyboard.press(`${mod}+Shift+E`);
  // One file selected (the two summaries compared before are selected still).
  const file = explorerRow(page, 'ranking-systems.jsonl');
  await explorerMenu(page, file, 'SumLens: Rank Systems (Pairwise)', () => file.click());
  for (const choice of ['doc_id', 'system_id', 'output', 'article', 'people']) await answer(page, choice);
  // The question: "overall" is picked already; then every pair (an empty answer).
  await page.locator('.quick-input-widget .quick-input-action, .quick-input-widget .monaco-button', { hasText: 'OK' }).first().click();
  await page.waitForTimeout(300);
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  const view = await rankingFrame(page);
  await view.locator('.ranking-point').nth(3).waitFor({ timeout: 60_000 });
  await view.locator('.ranking-table tbody tr').nth(3).waitFor();
  await page.locator('.notification-toast', { hasText: 'ranking' }).waitFor({ state: 'detached', timeout: 10_000 });
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `rank-${theme}.png`) });
  log('Rank Systems (Pairwise): 4 systems × 6 documents, every pair in both orders, the chart of strengths with intervals and the table');
}

async function rankingFrame(page: Page) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const frame of page.frames())
      if (
        (await frame
          .locator('.ranking-chart, .comparison-meta')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    if (Date.now() > deadline) throw new Error('no ranking view');
    await page.waitForTimeout(250);
  }
}
