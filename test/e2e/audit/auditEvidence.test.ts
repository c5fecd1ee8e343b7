/**
 * An audit verdict needs evidence (issue 38): on SummEval items, the scripted fair judge
 * (test/fake/auditJudges.ts) is called neither biased nor blind at 10 or at 30 items, and
 * `--fail-on bias` passes; a judge that must react is "blind" only when the whole 95% interval
 * of its change lies above −δ (1/8 of the aspect's scale, stated in the report and the JSON),
 * which catches the number-blind judge at 30; a change neither significant nor shown to be
 * small (the noisy judge's fluency on 10 items) is "cannot tell", printed, failing only
 * `--fail-on unsure`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AuditReport } from '../../../src/core/audit/auditStats';
import { auditJudge, type AuditJudgeName } from '../../fake/auditJudges';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

const MUST_REACT = { facts: ['consistency', 0.5], order: ['coherence', 0.5], damage: ['fluency', 0.25] } as const;

describe('audit: blind needs evidence (SummEval items)', function () {
  this.timeout(180_000);
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-audit-evidence-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    OPENAI_API_KEY: 'sk-audit',
    OPENAI_BASE_URL: server.url,
    XDG_CACHE_HOME: path.join(dir, 'xdg'),
    SUMLENS_DATASETS: process.env.SUMLENS_DATASETS,
  });
  async function audit(judge: AuditJudgeName, args: string[]) {
    server.setHandler(auditJudge(judge));
    return runInProcess(['audit', '--dataset', 'summeval', '--no-cache', ...args], env());
  }

  it('the fair judge on 10 and on 30 SummEval items is neither biased nor blind: --fail-on bias exits 0, δ in the JSON', async () => {
    for (const limit of ['10', '30']) {
      const run = await audit('fair', ['--limit', limit, '--fail-on', 'bias', '--format', 'json']);
      assert.equal(run.code, 0, `${limit} items: ${run.stderr}`);
      const report = JSON.parse(run.stdout).report as AuditReport;
      assert.deepEqual(
        report.cells.filter((c) => c.verdict === 'violated'),
        [],
        `${limit} items: ${report.summary}`,
      );
      assert.doesNotMatch(report.summary, /bias:|blind/);
      for (const [probe, [aspect, delta]] of Object.entries(MUST_REACT)) {
        const outcome = report.probes.find((p) => p.probe === probe)!;
        assert.equal(outcome.delta, delta, `${probe}: δ is 1/8 of the ${aspect} scale`);
        const cell = report.cells.find((c) => c.probe === probe && c.aspect === aspect)!;
        assert.equal(cell.delta, delta);
        // 30 items: every must-react cell has its pairs, and the fair judge's drop is significant.
        if (limit === '30') assert.equal(cell.verdict, 'ok', `${probe}: ${JSON.stringify(cell)}`);
      }
      assert.ok(
        report.cells.filter((c) => !(c.probe in MUST_REACT) || c.aspect !== MUST_REACT[c.probe as keyof typeof MUST_REACT][0]).every((c) => c.delta === null),
        'δ only on the cells a fair judge must react on',
      );
    }
    const text = await audit('fair', ['--limit', '30', '--fail-on', 'bias']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /^damage: .*; a fair judge: the fluency aspect falls; blind when the whole 95% interval is above -0\.25 \(1\/8 of its 1–3 scale\) \(30 pair\(s\), 0 skipped\)$/m,
    );
    assert.match(text.stdout, /^ {2}fluency +30 +-0\.\d\d .* reacts$/m);
    assert.match(text.stdout, /^no bias found: 0 of 5 probes violated$/m);
  });

  it('the number-blind judge on 30 SummEval items is blind to wrong facts, with its evidence: exit 15', async () => {
    const run = await audit('numbers', ['--limit', '30', '--fail-on', 'bias']);
    assert.equal(run.code, 15, run.stderr);
    assert.match(
      run.stderr,
      /^sumlens: the judge is biased: 1 of 5 probes show bias: blind to wrong facts \(consistency [+-]0\.\d\d \[-?0\.\d\d, \+0\.\d\d\], 95% interval above -0\.5\)$/m,
    );
    assert.match(run.stdout, /^ {2}consistency +27 .*VIOLATED: blind to wrong facts \(95% interval above -0\.5\)$/m);
  });

  it('a change neither significant nor shown small is "cannot tell (n, detectable ±x)": printed, --fail-on bias 0, --fail-on unsure 15, in the HTML', async () => {
    const args = ['--limit', '10', '--probes', 'damage'];
    const table = await audit('noisy', [...args, '--fail-on', 'bias']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^ {2}fluency +10 +-0\.\d\d +\[-0\.\d\d, \+0\.\d\d\] +±(0\.\d\d) .* cannot tell \(n = 10; detectable ±\1\)$/m);
    assert.match(
      table.stdout,
      /^no verdict: every probe audited cannot tell or has too few pairs; cannot tell in 1: damage \(fluency -0\.\d\d \[.*\]; n = 10; detectable ±0\.\d\d\)$/m,
    );
    const unsure = await audit('noisy', [...args, '--fail-on', 'unsure']);
    assert.equal(unsure.code, 15, unsure.stderr);
    assert.match(unsure.stderr, /^sumlens: the audit cannot tell: no verdict: .*cannot tell in 1: damage/m);
    const json = await audit('noisy', [...args, '--format', 'json']);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { report: AuditReport };
    assert.deepEqual(
      parsed.report.probes.map((p) => [p.probe, p.verdict, p.violated, p.delta, p.scale]),
      [['damage', 'cannot-tell', false, 0.25, [1, 3]]],
    );
    const file = path.join(dir, 'noisy-audit.json');
    fs.writeFileSync(file, json.stdout);
    const html = path.join(dir, 'noisy.html');
    const reported = await runInProcess(['report', '--audit', file, '--html', html], env());
    assert.equal(reported.code, 0, reported.stderr);
    const page = fs.readFileSync(html, 'utf8');
    assert.match(page, /<td>damage<\/td><td>fluency<\/td><td>10<\/td>.*?<span class="verdict-unsure">cannot tell \(n = 10; detectable ±0\.\d\d\)<\/span>/);
    assert.match(page, /A fair judge: the fluency aspect falls; blind when the whole 95% interval is above -0\.25 \(1\/8 of its 1–3 scale\)\./);
  });
});
