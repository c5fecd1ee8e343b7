// End-to-end UI test: SumLens in code-server, driven in Chromium by playwright-core, in light
// and dark themes (and the panel in high contrast), then in Japanese (code-server --locale ja,
// light theme: `--theme ja` runs only that pass). Screenshots go to test-results/screenshots/;
// with --update-docs to docs/screenshots/ (the README's pictures: `npm run screenshots`).
//   node scripts/test-ui.mjs [--headed] [--theme light|dark|hc|ja] [--dev] [--update-docs] [--ranking-only]
// (--ranking-only: only Rank Systems (Pairwise), its chart in each theme.)
// The walk-through runs against what a user installs: the VSIX (`npm run package`: production
// build, vsce package), installed into code-server's extensions folder as
// `code --install-extension` does. --dev loads the extension from the source folder instead
// (quicker while working on it).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, makeProfile, copyWorkspace, startCodeServer, launchChromium, installVsix, sharedDatasetsFolder } from '../test/vscode/codeServer.mjs';

// Theme id (for settings) and its label in the theme picker.
const themes = {
  light: ['Default Light Modern', 'Light Modern'],
  dark: ['Default Dark Modern', 'Dark Modern'],
  hc: ['Default High Contrast', 'Dark High Contrast'],
};
const only = process.argv.includes('--theme') ? process.argv[process.argv.indexOf('--theme') + 1] : null;
const headed = process.argv.includes('--headed');
const fromVsix = !process.argv.includes('--dev');
const outDir = path.join(root, 'out/test-ui');
const shotsDir = path.join(root, process.argv.includes('--update-docs') ? 'docs/screenshots' : 'test-results/screenshots');
const vsix = path.join(outDir, 'sumlens.vsix');
const fixture = path.join(root, 'test/vscode/fixtures/workspace');

if (fromVsix) {
  fs.mkdirSync(outDir, { recursive: true });
  // `npm run package`, into the test's own folder (its "vscode:prepublish" builds for production).
  execFileSync('npm', ['run', '--silent', 'package', '--', '-o', vsix], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`VSIX: ${vsix} (${(fs.statSync(vsix).size / 1024).toFixed(1)} KB)`);
} else {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { stdio: 'inherit', cwd: root });
}
await esbuild.build({
  entryPoints: [
    path.join(root, 'test/ui/drive.ts'),
    path.join(root, 'test/ui/fakeServer.ts'),
    path.join(root, 'test/ui/review.ts'),
    path.join(root, 'test/ui/compare.ts'),
    path.join(root, 'test/ui/rank.ts'),
    path.join(root, 'test/ui/japanese.ts'),
  ],
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['playwright-core'],
  logLevel: 'warning',
});
const require = (await import('node:module')).createRequire(import.meta.url);
const {
  drive,
  reloadKeepsPanel,
  cancelFromNotification,
  walkthrough,
  measureTemplate,
  datasets,
  scoreSpread,
  auditJudge,
  yourScore,
  aspectChoice,
  longSourceExcerpts,
} = require(path.join(outDir, 'drive.js'));
const { rateReview, ratePairs, writeReviewItems } = require(path.join(outDir, 'review.js'));
const { compareTwoSummaries } = require(path.join(outDir, 'compare.js'));
const { openWorkbench, rankSystemsChart } = require(path.join(outDir, 'rank.js'));
const rankingOnly = process.argv.includes('--ranking-only');
const {
  startFakeJudge,
  startJapaneseJudge,
  hangJudges,
  varyJudges,
  writeAuditItems,
  writeLongSource,
  lengthBiasedJudge,
  writeCompareSummaries,
  writeRankingData,
} = require(path.join(outDir, 'fakeServer.js'));
const { japaneseEditor } = require(path.join(outDir, 'japanese.js'));

fs.mkdirSync(shotsDir, { recursive: true });
const started = Date.now();
const server = await startFakeJudge(fs.readFileSync(path.join(fixture, 'article.txt'), 'utf8'));
let failures = 0;
let passes = 0;
for (const [theme, [colorTheme, themeLabel]] of Object.entries(themes).filter(([t]) => (only ? t === only : true))) {
  const profile = makeProfile({
    'workbench.colorTheme': colorTheme,
    'workbench.editor.enablePreview': false,
    'editor.hover.delay': 150,
    'editor.minimap.enabled': false,
    'editor.wordWrap': 'on',
    'remote.autoForwardPorts': false,
    'sumlens.baseUrl': server.url,
    'sumlens.model': 'fake-model',
    'sumlens.method': 'all',
    'sumlens.measure.items': 8,
    // Measure against people finds its SummEval slice in the user's local copy of the sets.
    'sumlens.datasetsFolder': sharedDatasetsFolder,
    // The rater of the review step (else git's user.name, else asked).
    'sumlens.raterName': 'ann',
  });
  if (fromVsix) installVsix(profile, vsix);
  const workspace = copyWorkspace(fixture);
  writeAuditItems(workspace);
  writeLongSource(workspace);
  writeReviewItems(workspace);
  writeCompareSummaries(workspace);
  writeRankingData(workspace);
  const log = path.join(profile, 'code-server.log');
  const codeServer = await startCodeServer({
    folder: workspace,
    profile,
    env: { OPENAI_API_KEY: 'sk-ui-test', SUMLENS_CACHE_DIR: 'off' },
    log,
  });
  const { browser, page } = await launchChromium({ headless: !headed });
  const t0 = Date.now();
  console.log(`\n[${theme}] ${colorTheme}`);
  try {
    const url = fromVsix ? codeServer.url() : codeServer.url({ developmentPath: root });
    if (rankingOnly) await openWorkbench({ page, url, themeLabel, log: (line) => console.log(`  ${line}`) });
    else await everyStep({ page, url, theme, themeLabel, workspace });
    await rankSystemsChart({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
    passes++;
    console.log(`  ✓ ${theme} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  } catch (error) {
    failures++;
    const failShot = path.join(profile, `failure-${theme}.png`);
    await page.screenshot({ path: failShot }).catch(() => {});
    console.log(`  ✗ ${theme}: ${error.stack ?? error}`);
    console.log(`    screenshot of the failure: ${failShot}; code-server log: ${log}`);
  } finally {
    await browser.close();
    await codeServer.stop();
  }
}
await server.close();
if (!rankingOnly && (!only || only === 'ja')) {
  if (await runJapanese()) passes++;
  else failures++;
}
console.log(`\n  ${passes} passing (${((Date.now() - started) / 1000).toFixed(1)}s)\n  ${failures} failing`);
process.exit(failures ? 1 : 0);

/** The editor in Japanese: its own profile, code-server with --locale ja, the Japanese sample's judge. */
async function runJapanese() {
  const judge = await startJapaneseJudge(fs.readFileSync(path.join(root, 'media/sample/ja/article.txt'), 'utf8'));
  const profile = makeProfile({
    'workbench.colorTheme': 'Default Light Modern',
    'workbench.editor.enablePreview': false,
    'editor.minimap.enabled': false,
    'editor.wordWrap': 'on',
    'remote.autoForwardPorts': false,
    'sumlens.baseUrl': judge.url,
    'sumlens.model': 'fake-model',
    'sumlens.method': 'all',
  });
  if (fromVsix) installVsix(profile, vsix);
  const log = path.join(profile, 'code-server.log');
  const codeServer = await startCodeServer({
    folder: copyWorkspace(fixture),
    profile,
    env: { OPENAI_API_KEY: 'sk-ui-test', SUMLENS_CACHE_DIR: 'off' },
    log,
    locale: 'ja',
  });
  const { browser, page } = await launchChromium({ headless: !headed });
  const t0 = Date.now();
  console.log('\n[ja] the editor in Japanese (--locale ja)');
  try {
    const url = fromVsix ? codeServer.url() : codeServer.url({ developmentPath: root });
    await japaneseEditor({ page, url, shotsDir, log: (line) => console.log(`  ${line}`) });
    console.log(`  ✓ ja (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
    return true;
  } catch (error) {
    const failShot = path.join(profile, 'failure-ja.png');
    await page.screenshot({ path: failShot }).catch(() => {});
    console.log(`  ✗ ja: ${error.stack ?? error}`);
    console.log(`    screenshot of the failure: ${failShot}; code-server log: ${log}`);
    return false;
  } finally {
    await browser.close();
    await codeServer.stop();
    await judge.close();
  }
}

/** Every step but the ranking, in order, in one theme. */
async function everyStep({ page, url, theme, themeLabel, workspace }) {
  await drive({ page, url, theme, themeLabel, shotsDir, log: (line) => console.log(`  ${line}`) });
  await reloadKeepsPanel({ page, themeLabel, log: (line) => console.log(`  ${line}`) });
  const restore = hangJudges(server);
  try {
    await cancelFromNotification({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  } finally {
    restore();
  }
  await walkthrough({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  await measureTemplate({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  await datasets({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  const steady = varyJudges(server);
  try {
    await scoreSpread({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  } finally {
    steady();
  }
  const fair = lengthBiasedJudge(server);
  try {
    await auditJudge({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  } finally {
    fair();
  }
  await yourScore({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  await aspectChoice({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  await longSourceExcerpts({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
  await rateReview({ page, theme, shotsDir, workspace, log: (line) => console.log(`  ${line}`) });
  await ratePairs({ page, theme, shotsDir, workspace, log: (line) => console.log(`  ${line}`) });
  await compareTwoSummaries({ page, theme, shotsDir, log: (line) => console.log(`  ${line}`) });
}
