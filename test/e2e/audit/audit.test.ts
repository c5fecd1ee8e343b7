/**
 * `sumlens audit` against scripted judges with known faults (test/fake/auditJudges.ts): each
 * fault is flagged by the probe made for it, the fair judge is flagged by none across 10 seeds,
 * the fenced prompt variant takes the instruction-following judge's bias away, and the exit
 * codes are the README's: 15 with --fail-on bias, 2 without items, 4 with no server.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { auditReport, type AuditReport } from '../../../src/core/audit/auditStats';
import { PROBES } from '../../../src/core/audit/probes';
import { runAudit, type AuditRun } from '../../../src/core/audit/runAudit';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { auditItems, auditJudge, type AuditJudgeName } from '../../fake/auditJudges';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from '../cli/runInProcess';
import { chromium } from 'playwright-core';
import { packageRoot } from '../../../src/core/paths';

const CHROMIUM = process.env.SUMLENS_CHROMIUM ?? '/usr/bin/chromium';

describe('sumlens audit', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-audit-'));
    data = path.join(dir, 'items.jsonl');
    fs.writeFileSync(
      data,
      auditItems(30)
        .map((item) => JSON.stringify(item))
        .join('\n') + '\n',
    );
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ OPENAI_API_KEY: 'sk-audit', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  const violated = (report: AuditReport) => report.probes.filter((p) => p.violated).map((p) => p.probe);

  async function cliAudit(judge: AuditJudgeName, extra: string[] = []): Promise<{ code: number; stderr: string; report: AuditReport; prompts: string }> {
    server.setHandler(auditJudge(judge));
    const run = await runInProcess(['audit', '--data', data, '--format', 'json', '--no-cache', ...extra], env());
    assert.ok(run.stdout.trim().startsWith('{'), `no JSON on stdout (exit ${run.code}): ${run.stderr}`);
    const parsed = JSON.parse(run.stdout);
    return { code: run.code, stderr: run.stderr, report: parsed.report, prompts: parsed.prompts };
  }

  it('flags each faulty judge by the probe made for its fault', async () => {
    assert.deepEqual(violated((await cliAudit('length')).report).includes('length'), true);
    assert.deepEqual(violated((await cliAudit('address')).report), ['address']);
    const numbers = await cliAudit('numbers');
    assert.deepEqual(violated(numbers.report), ['facts']);
    const facts = numbers.report.cells.find((c) => c.probe === 'facts' && c.aspect === 'consistency')!;
    assert.equal(facts.meanDifference, 0, 'a number-blind judge does not move on a swapped number');
    assert.match(numbers.report.summary, /^1 of 5 probes show bias: blind to wrong facts \(consistency \+0\.00/);
  });

  it('flags nothing on the fair judge, over 10 seeds, while its damaged aspects fall', async () => {
    server.setHandler(auditJudge('fair'));
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-audit', model: 'fake-model', cacheDir: null, concurrency: 16 });
    const subjects = auditItems(30).map((item) => ({ key: item.id, source: item.source, summary: item.summary }));
    for (let seed = 1; seed <= 10; seed++) {
      const run = await runAudit({
        subjects,
        probes: PROBES,
        method: 'geval',
        task: 'summarization',
        seed,
        evaluate,
        options: { method: 'geval', session },
        concurrency: 16,
      });
      const report = auditReport(run, { alpha: 0.05, seed });
      assert.deepEqual(violated(report), [], `seed ${seed}: ${report.summary}`);
      for (const [probe, aspect] of [
        ['facts', 'consistency'],
        ['order', 'coherence'],
        ['damage', 'fluency'],
      ]) {
        const cell = report.cells.find((c) => c.probe === probe && c.aspect === aspect)!;
        assert.equal(cell.verdict, 'ok');
        assert.ok(cell.interval.high < 0, `seed ${seed}: ${probe} lowers ${aspect}`);
      }
      assert.equal(run.pairs.length, 180, 'every probe, authorship included, applies to every item');
    }
  });

  it('authorship (opt-in) pairs the two stated authors: flags a judge that marks machines down, not the fair one', async () => {
    const biased = await cliAudit('author', ['--probes', 'authorship']);
    assert.deepEqual(violated(biased.report), ['authorship']);
    const cell = biased.report.cells.find((c) => c.aspect === 'coherence')!;
    assert.ok(cell.meanDifference < -0.9 && cell.n === 30, JSON.stringify(cell));
    assert.deepEqual(violated((await cliAudit('fair', ['--probes', 'authorship'])).report), []);
  });

  it('fine-grained: a swapped fact lowers correctness and is found as an incorrect finding at the swapped span', async () => {
    const sources = auditItems(10).map((item) => item.source);
    // Correctness judges answer No for a sentence the article does not contain word for word.
    server.setHandler(
      scriptedJudge({ answer: (angle, _id, text) => (angle.startsWith('correctness') && !sources.some((source) => source.includes(text)) ? 'No' : 'Yes') }),
    );
    const run = await runInProcess(
      ['audit', '--data', data, '--no-cache', '--method', 'fine', '--probes', 'facts', '--limit', '10', '--format', 'json'],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    const { report, run: audit } = JSON.parse(run.stdout) as { report: AuditReport; run: AuditRun };
    // Found wherever the swap made a sentence no article holds (it may happen to recreate another item's sentence).
    const sentenceAt = (text: string, at: number) => {
      const before = text.lastIndexOf('. ', at);
      return text.slice(before < 0 ? 0 : before + 2, text.indexOf('.', at) + 1);
    };
    const wrong = audit.pairs.filter((p) => !sources.some((source) => source.includes(sentenceAt(p.copy.text, p.copy.spans[0].start)))).length;
    assert.ok(wrong >= 8, `${wrong} of 10 swaps made a sentence no article holds`);
    assert.deepEqual(report.probes[0].swappedFactsFound, { found: wrong, of: 10 });
    const correctness = report.cells.find((c) => c.aspect === 'correctness')!;
    assert.equal(correctness.verdict, 'ok');
    assert.ok(correctness.meanDifference < 0);
  });

  it('the fenced prompt variant removes the instruction-following bias, and says it was used', async () => {
    const plain = await cliAudit('address', ['--probes', 'address']);
    assert.equal(plain.prompts, 'plain');
    assert.deepEqual(violated(plain.report), ['address']);
    const fenced = await cliAudit('address', ['--probes', 'address', '--fence-inputs']);
    assert.equal(fenced.prompts, 'fenced');
    assert.deepEqual(violated(fenced.report), []);
  });

  it('--fail-on bias exits 15 with one stderr line; the table names the verdict and shows the change', async () => {
    server.setHandler(auditJudge('numbers'));
    const run = await runInProcess(['audit', '--data', data, '--no-cache', '--fail-on', 'bias', '--probes', 'facts,length'], env());
    assert.equal(run.code, 15, run.stderr);
    assert.match(run.stderr, /^sumlens: the judge is biased: 1 of 2 probes show bias: blind to wrong facts/m);
    assert.match(run.stdout, /consistency +30 +\+0\.00 .*VIOLATED: blind to wrong facts/);
    assert.match(run.stdout, /example \(item1, number "\d+" → "\d+"\): .*\[\[\d+\]\]/);
    const fair = await runInProcess(['audit', '--data', data, '--no-cache', '--fail-on', 'bias', '--probes', 'facts,length', '--format', 'markdown'], {
      ...env(),
    });
    assert.equal(fair.code, 15, 'still the numbers judge');
    server.setHandler(auditJudge('fair'));
    const ok = await runInProcess(['audit', '--data', data, '--no-cache', '--fail-on', 'bias', '--format', 'markdown'], env());
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /^## Judge audit/);
    assert.match(ok.stdout, /\*\*no bias found: 0 of 5 probes violated\*\*/);
  });

  it('report --audit puts the audit into the HTML report: verdicts, and each example with its change marked', async function () {
    if (!fs.existsSync(CHROMIUM)) {
      if (process.env.SUMLENS_TEST_LAYERS === 'engine') this.skip();
      throw new Error(`no Chromium at ${CHROMIUM}: run scripts/setup-vscode.sh or set SUMLENS_CHROMIUM`);
    }
    server.setHandler(auditJudge('length'));
    const audited = await runInProcess(['audit', '--data', data, '--no-cache', '--format', 'json'], env());
    assert.equal(audited.code, 0, audited.stderr);
    const auditFile = path.join(dir, 'audit.json');
    fs.writeFileSync(auditFile, audited.stdout);
    const html = path.join(dir, 'out', 'audit.html');
    const report = await runInProcess(['report', '--audit', auditFile, '--html', html, '--md', '-'], env());
    assert.equal(report.code, 0, report.stderr);
    assert.match(report.stdout, /^## Judge audit/);
    assert.match(report.stdout, /\| length \| coherence \| 30 \| \+0\.\d\d \|.*VIOLATED: favours length \|/);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => !r.url().startsWith('file:') && problems.push(`request ${r.url()}`));
      await page.goto(`file://${html}`);
      assert.match((await page.locator('#audit strong').textContent()) ?? '', /probes show bias: favours length/);
      assert.equal(await page.locator('#audit tr.violated').count(), 8, 'length and address rise on all four aspects');
      assert.match(
        (await page.locator('#audit').textContent()) ?? '',
        /Holm over 20 cells at alpha 0\.05: a cell needs p < 0\.0025, at least 10 pairs.*resampling: 2,000 bootstrap resamples for the 95% intervals; sign-flip p-values from every sign pattern up to 13 pairs, else 9,999 random sign flips; seed 20260101/s,
      );
      const marks = await page.locator('#audit mark.changed').allTextContents();
      assert.ok(
        marks.some((m) => /Note to the evaluator/.test(m)),
        marks.join(' | '),
      );
      const shots = path.join(packageRoot(), 'test-results', 'screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, 'audit-report.png'), fullPage: true });
      if (process.env.SUMLENS_UPDATE_DOCS === '1')
        fs.copyFileSync(path.join(shots, 'audit-report.png'), path.join(packageRoot(), 'docs', 'screenshots', 'audit-report.png'));
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
    fs.writeFileSync(auditFile, '{"prompts":"plain"}');
    const bad = await runInProcess(['report', '--audit', auditFile, '--md', '-'], env());
    assert.equal(bad.code, 8);
    assert.match(bad.stderr, /is not an audit from sumlens audit --format json/);
  });

  it("audits a jury (--judges): the judges' mean is probed, and every judge's calls are counted", async () => {
    server.setHandler(auditJudge('length'));
    const judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(
      judges,
      'judges:\n' + ['one', 'two', 'three'].map((name) => `  - { name: ${name}, baseUrl: ${server.url}, model: model-${name} }`).join('\n') + '\n',
    );
    const run = await runInProcess(
      ['audit', '--data', data, '--no-cache', '--probes', 'length', '--limit', '10', '--judges', judges, '--format', 'json'],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    const parsed = JSON.parse(run.stdout);
    assert.deepEqual(violated(parsed.report), ['length']);
    assert.equal(parsed.run.usage.calls, 3 * 20 * 4, '3 judges × 20 evaluations × 4 aspects');
  });

  it('refuses to run without items (exit 2), names an unreachable endpoint (exit 4), and estimates before sending', async () => {
    const none = await runInProcess(['audit'], env());
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give the items to audit: --data FILE or --dataset NAME/);
    const down = await runInProcess(['audit', '--data', data, '--no-cache'], { ...env(), OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    assert.equal(down.code, 4, down.stderr);
    assert.equal(down.stdout, '');
    const before = server.chatRequests.length;
    const dry = await runInProcess(['audit', '--data', data, '--dry-run', '--limit', '10'], env());
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(
      dry.stdout,
      /dry run of the audit: 10 summaries and their changed copies \(length, address, facts, order, damage\): 60 evaluations, nothing sent/,
    );
    assert.match(dry.stdout, /calls: 240\b/);
    assert.equal(server.chatRequests.length, before, 'nothing sent');
  });
});
