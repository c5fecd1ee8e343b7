/**
 * `sumlens report` as a user runs it, and the HTML report as a reader opens it: loaded in
 * headless Chromium (playwright-core, the system's Chromium) with no console error and no
 * request leaving the page, the table sorting, an item opening with its findings highlighted
 * at exactly their characters. The screenshot goes to test-results/screenshots/ (and to
 * docs/screenshots/ when SUMLENS_UPDATE_DOCS=1, as `npm run screenshots` sets it).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { packageRoot } from '../../../src/core/paths';
import type { Finding } from '../../../src/core/result';
import { writeRun } from '../../fixtures/run/makeRun';
import { runInProcess } from '../cli/runInProcess';

const CHROMIUM = process.env.SUMLENS_CHROMIUM ?? '/usr/bin/chromium';

const summary = 'The council met on Tuesday.\nIt approved a <b>new</b> budget of $5 million.';
const source = 'The council met on Monday. It approved a new budget of $4 million.';
const finding = (kind: Finding['kind'], quote: string, evidence?: string): Finding => ({
  kind,
  note: 'target',
  start: summary.indexOf(quote),
  end: summary.indexOf(quote) + quote.length,
  message: `${kind} fact`,
  quote,
  ...(evidence ? { evidence: [{ note: 'source' as const, start: source.indexOf(evidence), end: source.indexOf(evidence) + evidence.length }] } : {}),
});

describe('e2e run: report', function () {
  // Each test runs the CLI in child processes; a loaded machine makes them slow, not wrong.
  this.timeout(90_000);
  let dir: string;
  let browser: Browser | undefined;
  before(async function () {
    // `npm test` installs Chromium before this layer; only an engine-only run may go without it.
    if (!fs.existsSync(CHROMIUM)) {
      if (process.env.SUMLENS_TEST_LAYERS === 'engine') this.skip();
      throw new Error(`no Chromium at ${CHROMIUM}: run scripts/setup-vscode.sh or set SUMLENS_CHROMIUM`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => browser?.close());
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-report-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function runs(): [string, string] {
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    const findings = [finding('incorrect', 'Tuesday', 'Monday'), finding('incorrect', '$5 million', '$4 million')];
    writeRun(
      a,
      Array.from({ length: 12 }, (_, i) => ({
        id: `doc${i}`,
        scores: { coherence: 2 + (i % 4) / 2, relevance: 3 },
        text: { source, summary },
        findings: i === 3 ? findings : [],
      })),
    );
    writeRun(
      b,
      Array.from({ length: 12 }, (_, i) => ({ id: `doc${i}`, scores: { coherence: 3 + (i % 4) / 2, relevance: 3 }, text: { source, summary } })),
    );
    return [a, b];
  }

  it('writes a self-contained HTML report: no console error, sortable items, findings highlighted at their exact characters', async () => {
    const [a, b] = runs();
    const html = path.join(dir, 'out', 'report.html');
    const run = await runInProcess(['report', a, b, '--html', html, '--md', '-']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\| coherence \| 12 \| 1\.000 \| \[1\.000, 1\.000\] \|/);
    const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => !r.url().startsWith('file:') && problems.push(`request ${r.url()}`));
    await page.goto(`file://${html}`);
    assert.equal(await page.locator('svg').count(), 5, 'a histogram per aspect and run, and the differences');
    // Sort by coherence, descending: the first row is a 3.5 in run B.
    const coherence = page.locator('#items th', { hasText: 'coherence' });
    await coherence.click();
    await coherence.click();
    assert.equal(await page.locator('#items tbody tr').first().locator('td').nth(3).textContent(), '4.50');
    await page.locator('#items tbody tr', { hasText: 'doc3' }).filter({ hasText: /^A/ }).click();
    const marks = await page
      .locator('#item mark')
      .evaluateAll((nodes) =>
        nodes.map((n) => ({ text: n.textContent, start: Number(n.getAttribute('data-start')), end: Number(n.getAttribute('data-end')) })),
      );
    assert.deepEqual(
      marks.map((m) => m.text),
      ['Tuesday', '$5 million'],
    );
    for (const m of marks) assert.equal(summary.slice(m.start, m.end), m.text);
    assert.match((await page.locator('#item .text').textContent()) ?? '', /a <b>new<\/b> budget/, 'markup in the data shows as text');
    assert.deepEqual(await page.locator('#item blockquote.evidence').allTextContents(), ['Monday', '$4 million']);
    const shots = path.join(packageRoot(), 'test-results', 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'report.png'), fullPage: true });
    if (process.env.SUMLENS_UPDATE_DOCS === '1') fs.copyFileSync(path.join(shots, 'report.png'), path.join(packageRoot(), 'docs', 'screenshots', 'report.png'));
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('needs --html or --md (exit 2), and refuses runs made differently like compare', async () => {
    const [a] = runs();
    const none = await runInProcess(['report', a]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give --html FILE and\/or --md FILE/);
    const other = path.join(dir, 'other.jsonl');
    writeRun(other, [{ id: 'doc0', scores: { coherence: 3 } }], { model: 'another' });
    const refused = await runInProcess(['report', a, other, '--md', '-']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /model: fake-model \(A\) vs another \(B\)/);
  });
});
