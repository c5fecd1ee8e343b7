/**
 * The editor in Japanese: code-server started with `--locale ja` (no language pack: VS Code's
 * own menus stay English, the extension's strings come from package.nls.ja.json and
 * l10n/bundle.l10n.ja.json). The command palette lists SumLens's commands in Japanese; the
 * Japanese command that evaluates the sample opens the Japanese sample, and the panel's own
 * UI is Japanese, with the sample's wrong number and wrong name found. Screenshots of both.
 */
import * as assert from 'assert';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { explorerMenu, explorerRow, panelFrame, runCommand } from './drive';

/** The palette finds `title` when typed (then closes it). */
async function runCommandRowVisible(page: Page, title: string): Promise<void> {
  await page.locator('.statusbar').click({ position: { x: 600, y: 5 } });
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row .label-name', { hasText: title }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
}

interface JapaneseOptions {
  page: Page;
  url: string;
  shotsDir: string;
  log: (line: string) => void;
}

/**
 * The palette filtered to SumLens's commands; returns the titles it shows. The palette lists
 * what was registered when it opened: while the extension is still being scanned it is
 * opened again.
 */
async function sumlensCommands(page: Page): Promise<string[]> {
  const input = page.locator('.quick-input-widget input');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  for (let attempt = 1; ; attempt++) {
    await page.locator('.statusbar').click({ position: { x: 600, y: 5 } });
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible' });
    await input.fill('>SumLens');
    try {
      await rows.filter({ hasText: 'SumLens' }).first().waitFor({ timeout: 5_000 });
      await page.waitForTimeout(500);
      // A row's first label is its title; the English original VS Code adds comes after it.
      return await rows.evaluateAll((all) => all.map((row) => row.querySelector('.label-name')?.textContent ?? ''));
    } catch (error) {
      if (attempt === 6) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(2_000);
    }
  }
}

export async function japaneseEditor({ page, url, shotsDir, log }: JapaneseOptions): Promise<void> {
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  const titles = (await sumlensCommands(page)).map((t) => t.replace(/\s+/g, ' ').trim());
  // Each row shows the Japanese title, and VS Code adds the English one below it for searching.
  assert.ok(titles.length >= 5, titles.join(' | '));
  for (const title of titles) assert.match(title, /^SumLens: .*[\u3040-\u30ff\u4e00-\u9fff]/, `a Japanese title: ${title}`);
  await page.screenshot({ path: path.join(shotsDir, 'palette-ja.png') });
  log(`command palette: ${titles.length} SumLens commands shown, all in Japanese (${titles.slice(0, 3).join(', ')} …)`);
  await page.keyboard.press('Escape');
  for (const title of ['SumLens: 判定者を確認', 'SumLens: サンプルの要約を評価']) {
    await runCommandRowVisible(page, title);
  }

  await runCommand(page, 'SumLens: サンプルの要約を評価');
  await page.locator('.editor-instance .view-line', { hasText: '西浜市議会' }).first().waitFor({ timeout: 30_000 });
  const panel = panelFrame(page);
  await panel.getByRole('heading', { name: '詳細評価 (SumAutoEval)' }).waitFor({ timeout: 120_000 });
  for (const text of ['JSON をエクスポート', '事実 (', 'の要約の事実が正しいです', '呼び出し']) {
    await panel.getByText(text).first().waitFor({ timeout: 10_000 });
  }
  // The judge's findings: the wrong number and the wrong name, each a row of the facts table.
  for (const fact of ['費用は5億円の見込み', '市長は山本健一']) {
    await panel.locator('tr.entity.verdict-bad', { hasText: fact }).first().waitFor({ timeout: 10_000 });
  }
  // The picture shows the facts table at the top of the panel.
  await panel.locator('table.entities').evaluate((table) => table.scrollIntoView({ block: 'start' }));
  await page.mouse.move(600, 700); // an empty stretch of the editor: no tooltip in the picture
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(shotsDir, 'panel-ja.png') });
  log('サンプルの要約を評価: the Japanese sample, and the panel in Japanese with the wrong number and name');

  await japaneseDataset(page, shotsDir, log);
}

/** Evaluate Dataset in Japanese: the method pick, then the panel's dataset section (its headings, table and run line). */
async function japaneseDataset(page: Page, shotsDir: string, log: (line: string) => void): Promise<void> {
  await page.keyboard.press(`${process.platform === 'darwin' ? 'Meta' : 'Control'}+Shift+E`);
  const file = explorerRow(page, 'summaries.csv');
  await explorerMenu(page, file, 'SumLens: データセットを評価', () => file.click());
  const geval = page.locator('.quick-input-list .monaco-list-row', { hasText: 'G-Eval のスコア' }).first();
  await geval.waitFor({ timeout: 15_000 });
  await geval.click();
  const panel = panelFrame(page);
  const table = panel.locator('section.dataset table.dataset-items');
  await table.locator('tbody tr.item').nth(2).waitFor({ timeout: 120_000 });
  for (const text of ['データセット summaries.csv', '平均 [95% 区間]', '今回 3 件を評価']) await panel.getByText(text).first().waitFor({ timeout: 10_000 });
  await page.mouse.move(600, 700); // an empty stretch of the editor: no tooltip in the picture
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(shotsDir, 'dataset-ja.png') });
  log("データセットを評価: the method pick and the panel's dataset section in Japanese");
}
