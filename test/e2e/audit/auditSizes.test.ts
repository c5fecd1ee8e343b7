/**
 * What an audit can tell at 1, 3, 10 and 30 items (issue 32): a cell with fewer pairs than the
 * sign-flip test needs to reach significance after Holm is "too few pairs", never "violated"
 * nor "fair". The scripted fair judge (test/fake/auditJudges.ts) is violated at no size; the
 * biased judges are still flagged at 30 and the 30-item verdicts are the rule's without the
 * gate; a probe with no pair is named with why, and an audit with nothing tested exits 17.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { auditReport, type AuditCell, type AuditReport } from '../../../src/core/audit/auditStats';
import { DEFAULT_PROBES, PROBES } from '../../../src/core/audit/probes';
import { runAudit } from '../../../src/core/audit/runAudit';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { auditItems, auditJudge, type AuditJudgeName } from '../../fake/auditJudges';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

const SEED = 20260101;
const probes = PROBES.filter((p) => DEFAULT_PROBES.includes(p.name));

/** Three sentences with no number and no name: the facts probe has nothing to swap. */
const PLAIN = 'Residents welcomed the plan at a meeting. The council thanked them warmly. Traffic calming will follow soon.';

/** 10 items of which the first 4 have nothing to swap: 6 facts pairs (the issue's case). */
function sixFactsPairs() {
  return auditItems(10).map((item, i) => (i < 4 ? { ...item, source: `${item.source} ${PLAIN}`, summary: PLAIN } : item));
}

/** The documented rule without the pairs gate (a must-react cell blind only when its interval is above −δ). */
function ungatedVerdict(c: AuditCell, alpha: number): AuditCell['verdict'] {
  const expectation = PROBES.find((p) => p.name === c.probe)!.expectation('geval', 'summarization')!;
  const significant = c.pHolm < alpha;
  if (expectation.kind === 'no-rise') return significant && c.meanDifference > 0 ? 'violated' : 'ok';
  if (expectation.kind === 'no-change') return significant ? 'violated' : 'ok';
  if (c.aspect !== expectation.aspect) return 'none';
  if (significant && c.meanDifference < 0) return 'ok';
  return c.interval.low > -c.delta! ? 'violated' : 'cannot-tell';
}

describe('what an audit can tell at 1, 3, 10 and 30 items', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-audit-sizes-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function audit(judge: AuditJudgeName, items: { id: string; source: string; summary: string }[]): Promise<AuditReport> {
    server.setHandler(auditJudge(judge));
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-audit', model: 'fake-model', cacheDir: null, concurrency: 16 });
    const subjects = items.map((item) => ({ key: item.id, source: item.source, summary: item.summary }));
    const run = await runAudit({
      subjects,
      probes,
      method: 'geval',
      task: 'summarization',
      seed: SEED,
      evaluate,
      options: { method: 'geval', session },
      concurrency: 16,
    });
    return auditReport(run, { alpha: 0.05, seed: SEED });
  }
  const verdicts = (report: AuditReport) => Object.fromEntries(report.probes.map((p) => [p.probe, p.verdict]));
  const env = () => ({ OPENAI_API_KEY: 'sk-audit', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  function write(name: string, items: object[]): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, items.map((item) => JSON.stringify(item)).join('\n') + '\n');
    return file;
  }

  it('the fair judge: too few pairs at 1 and 3 items, fair at 10 and 30, violated at no size', async () => {
    const all = (verdict: string) => Object.fromEntries(DEFAULT_PROBES.map((p) => [p, verdict]));
    for (const size of [1, 3]) {
      const report = await audit('fair', auditItems(size));
      assert.equal(report.tested, 20, 'five probes × four aspects');
      assert.equal(report.pairsNeeded, 10, '2 / 2^10 < 0.05 / 20 ≤ 2 / 2^9');
      assert.deepEqual(verdicts(report), all('too-few-pairs'), `${size} items`);
      assert.ok(report.cells.every((c) => c.verdict === 'too-few-pairs' || c.verdict === 'none'));
      assert.ok(
        report.cells.every((c) => c.detectable === Infinity),
        'too few pairs detect no change',
      );
      assert.equal(
        report.summary,
        `no verdict: every probe audited has too few pairs to tell; too few pairs to tell in 5: ${DEFAULT_PROBES.map((p) => `${p} (n = ${size}; at least 10 needed)`).join(', ')}`,
      );
    }
    for (const size of [10, 30]) {
      const report = await audit('fair', auditItems(size));
      assert.deepEqual(verdicts(report), all('fair'), `${size} items: ${report.summary}`);
      assert.equal(report.summary, 'no bias found: 0 of 5 probes violated');
      const facts = report.cells.find((c) => c.probe === 'facts' && c.aspect === 'consistency')!;
      assert.ok(Number.isFinite(facts.detectable) && facts.pHolm < 0.05, JSON.stringify(facts));
    }
  });

  it("at 30 items the verdicts are the rule's without the gate, and each biased judge is still flagged", async () => {
    const flagged: Record<AuditJudgeName, string[]> = {
      fair: [],
      length: ['length', 'address'],
      address: ['address'],
      numbers: ['facts'],
      author: [],
      noisy: [],
    };
    for (const judge of ['fair', 'length', 'address', 'numbers'] as const) {
      const report = await audit(judge, auditItems(30));
      assert.deepEqual(
        report.probes.filter((p) => p.verdict === 'violated').map((p) => p.probe),
        flagged[judge],
        `${judge}: ${report.summary}`,
      );
      assert.ok(
        report.probes.every((p) => p.verdict === 'violated' || p.verdict === 'fair'),
        `${judge}: every probe decided`,
      );
      for (const c of report.cells) assert.equal(c.verdict, ungatedVerdict(c, 0.05), `${judge}: ${c.probe} ${c.aspect}`);
    }
  });

  it('6 facts pairs that all fell are too few to tell, not "blind to wrong facts"; --fail-on bias passes, --fail-on unsure does not', async () => {
    const report = await audit('fair', sixFactsPairs());
    const facts = report.cells.find((c) => c.probe === 'facts' && c.aspect === 'consistency')!;
    assert.equal(facts.n, 6);
    assert.equal(facts.losses, 6, 'every swap lowered consistency');
    assert.equal(facts.pValue, 2 / 2 ** 6);
    assert.equal(facts.verdict, 'too-few-pairs');
    assert.deepEqual(report.probes.find((p) => p.probe === 'facts')!.skipReasons, { 'no number, date or name with another of its kind in the source': 4 });
    assert.equal(report.summary, 'no bias found in 4 of 5 probes; too few pairs to tell in 1: facts (n = 6; at least 10 needed)');

    server.setHandler(auditJudge('fair'));
    const data = write('six-facts.jsonl', sixFactsPairs());
    const table = await runInProcess(['audit', '--data', data, '--no-cache', '--fail-on', 'bias'], env());
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^ {2}consistency +6 +-\d\.\d\d +\[[^\]]+\] +— +0\.031 +[\d.]+ +too few pairs \(n = 6; at least 10 needed\)$/m);
    assert.match(table.stdout, /\(6 pair\(s\), 4 skipped: no number, date or name with another of its kind in the source \(4 items\)\)/);
    assert.match(
      table.stdout,
      /^resampling: 2,000 bootstrap resamples for the 95% intervals; sign-flip p-values from every sign pattern up to 13 pairs, else 9,999 random sign flips; seed 20260101$/m,
    );
    assert.doesNotMatch(table.stdout, /VIOLATED/);
    const unsure = await runInProcess(['audit', '--data', data, '--fail-on', 'unsure', '--format', 'markdown'], env());
    assert.equal(unsure.code, 15, unsure.stderr);
    assert.match(
      unsure.stderr,
      /^sumlens: the audit cannot tell: no bias found in 4 of 5 probes; too few pairs to tell in 1: facts \(n = 6; at least 10 needed\)$/m,
    );
    assert.match(unsure.stdout, /\| facts \| consistency \| 6 \| .* \| too few pairs \(n = 6; at least 10 needed\) \|/);
    assert.match(unsure.stdout, /^resampling: 2,000 bootstrap resamples .* seed 20260101\.$/m);
    const json = await runInProcess(['audit', '--data', data, '--format', 'json'], env());
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout).report as AuditReport;
    assert.deepEqual(parsed.resampling, { bootstrapResamples: 2000, signFlips: 9999, exactUpTo: 13, seed: SEED });
    assert.equal(parsed.pairsNeeded, 10);
    assert.equal(parsed.cells.find((c) => c.probe === 'facts' && c.aspect === 'consistency')!.detectable, null, 'no detectable change: JSON null');
    const auditFile = write('six-facts-audit.json', []);
    fs.writeFileSync(auditFile, json.stdout);
    const html = path.join(dir, 'six-facts.html');
    const reported = await runInProcess(['report', '--audit', auditFile, '--html', html], env());
    assert.equal(reported.code, 0, reported.stderr);
    const page = fs.readFileSync(html, 'utf8');
    assert.match(page, /<td>facts<\/td><td>consistency<\/td><td>6<\/td>.*?<span class="verdict-unsure">too few pairs \(n = 6; at least 10 needed\)<\/span>/);
    assert.match(
      page,
      /resampling: 2,000 bootstrap resamples for the 95% intervals; sign-flip p-values from every sign pattern up to 13 pairs, else 9,999 random sign flips; seed 20260101/,
    );
  });

  it('--dry-run says per probe how many items it can change and whether that is enough', async () => {
    const before = server.chatRequests.length;
    const dry = await runInProcess(['audit', '--data', write('dry.jsonl', sixFactsPairs()), '--dry-run'], env());
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(
      dry.stdout,
      /^what the items can tell:\n {2}Holm over 20 cells at alpha 0\.05: a probe needs at least 10 pairs to tell\n {2}length: changes 10 of 10 items: enough \(10 needed\)$/m,
    );
    assert.match(
      dry.stdout,
      /^ {2}facts: changes 6 of 10 items \(no number, date or name with another of its kind in the source \(4 items\)\): too few: at least 10 needed$/m,
    );
    const small = await runInProcess(['audit', '--data', write('three.jsonl', auditItems(3)), '--dry-run', '--format', 'json', '--probes', 'facts'], env());
    const plan = JSON.parse(small.stdout).plan;
    assert.deepEqual([plan.cells, plan.pairsNeeded], [4, 8], 'one probe × four aspects: 2 / 2^8 < 0.05 / 4');
    assert.deepEqual(plan.probes, [{ probe: 'facts', changes: 3, skipReasons: {}, applies: true, enough: false }]);
    assert.equal(server.chatRequests.length, before, 'nothing sent');
  });

  it('an audit with nothing tested names each probe with why, exits 17 with one stderr line, and never says "no bias found"', async () => {
    server.setHandler(auditJudge('fair'));
    const oneSentence = write(
      'one-sentence.jsonl',
      auditItems(10).map((item) => ({ ...item, summary: `${item.summary.split('. ')[0]}.` })),
    );
    const sent = server.chatRequests.length;
    const run = await runInProcess(['audit', '--data', oneSentence, '--no-cache', '--probes', 'order'], env());
    assert.equal(run.code, 17, run.stderr);
    assert.equal(run.stderr, 'sumlens: nothing audited: order (no item it can change: fewer than 3 sentences (10 items))\n');
    assert.match(run.stdout, /^ {2}not audited: no item it can change: fewer than 3 sentences \(10 items\)$/m);
    assert.doesNotMatch(run.stdout, /no bias found/);
    assert.equal(server.chatRequests.length, sent, 'no copy to score, no call');
    const json = await runInProcess(['audit', '--data', oneSentence, '--no-cache', '--probes', 'order', '--fail-on', 'bias', '--format', 'json'], env());
    assert.equal(json.code, 17, 'whatever --fail-on says');
    assert.equal(JSON.parse(json.stdout).report.nothingAudited, true);
    const mixed = await runInProcess(['audit', '--data', oneSentence, '--no-cache'], env());
    assert.equal(mixed.code, 0, mixed.stderr);
    assert.match(mixed.stdout, /; not audited: order \(no item it can change: fewer than 3 sentences \(10 items\)\)$/m);
  });
});
