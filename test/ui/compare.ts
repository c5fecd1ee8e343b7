/**
 * Two summaries compared as a person would: select both in the Explorer (click, Ctrl+click),
 * right-click → "SumLens: Compare Two Summaries", answer which document is their source; the
 * comparison view shows each aspect's verdict, its probabilities and, on fluency, the flip.
 */
import * as path from 'path';
import type { Page } from 'playwright-core';
import { explorerMenu, explorerRow, type DriveOptions } from './drive';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

export async function compareTwoSummaries({ page, theme, shotsDir, log }: Omit<DriveOptions, 'url' | 'themeLabel'>): Promise<void> {
  await page.keyboard.press(`${mod}+Shift+E`);
  const select = async () => {
    await explorerRow(page, 'summary-right.md').click();
    await explorerRow(page, 'summary-wrong.md').click({ modifiers: [mod] });
  };
  await explorerMenu(page, explorerRow(page, 'summary-wrong.md'), 'SumLens: Compare Two Summaries', select);
  // Their source, asked once as Evaluate asks it, then no reference.
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill('article.txt');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'article.txt' }).first().click();
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'No reference summary' }).first().click();
  const view = await comparisonFrame(page);
  await view.locator('.comparison-aspect').nth(3).waitFor({ timeout: 30_000 });
  await view.locator('.comparison-flip').first().waitFor();
  await view.locator('.comparison-overall', { hasText: 'summary-right.md better on 3 of 4 aspects; ties: 1' }).waitFor();
  await view.locator('.comparison-orders summary').nth(1).click();
  await page.locator('.notification-toast', { hasText: 'comparing' }).waitFor({ state: 'detached', timeout: 10_000 });
  await page.mouse.move(1000, 12);
  await page.screenshot({ path: path.join(shotsDir, `compare-${theme}.png`) });
  log('Compare Two Summaries: four aspects judged in both orders, the right summary better on three, fluency flipped with the order (a tie)');
}

async function comparisonFrame(page: Page) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const frame of page.frames())
      if (
        (await frame
          .locator('.comparison-meta')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    if (Date.now() > deadline) throw new Error('no comparison view');
    await page.waitForTimeout(250);
  }
}
