/**
 * `--max-cost` as a user meets it, against the fake OpenAI server (which reports each reply's
 * usage): a dataset run, a batch run and an audit stop before the request that could cross
 * the limit, with exit 18 and one stderr line naming the limit and the spend; what was done
 * is kept (whole records, cached answers), and the same command with a higher limit goes on
 * from there without asking any question twice.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spendText } from '../../../src/core/run/runSpend';
import { readWholeRunFile } from '../../../src/core/runFile/runRecord';
import { auditItems, auditJudge } from '../../fake/auditJudges';
import { chooseJudge } from '../../fake/chooseJudge';
import { learningJudge, ratedItems, writeRatedData } from '../align/scriptedRaters';
import { FakeBatchApi } from '../../fake/batchRoutes';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { stderrLines } from '../cli/runCli';
import { runInProcess } from '../cli/runInProcess';
import { assertHeaderSpend } from './headerSpendCheck';

const ITEMS = 40;
const ASPECTS = ['coherence', 'relevance'];

function scoreBySummary(request: RecordedRequest) {
  return JSON.stringify(request.body.messages).includes('good') ? scoreReply('4', { '4': 0.9, '5': 0.1 }) : scoreReply('2', { '2': 0.8, '3': 0.2 });
}

/** The one line that says the run stopped at its limit, and no other error line. */
function stopLine(stderr: string): string {
  const lines = stderrLines({ code: 0, stdout: '', stderr }).filter((line) => line.startsWith('sumlens:'));
  assert.equal(lines.length, 1, stderr);
  assert.match(
    lines[0],
    /spending limit \$[\d.]+ reached: \$0\.\d{4} spent on \d+ requests? \(gpt-4o-mini, list prices of \d{4}-\d\d\).*rerun with a higher --max-cost/,
  );
  return lines[0];
}

describe('e2e: --max-cost stops a run at its limit, and a higher one resumes it', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(scoreBySummary);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-maxcost-'));
    data = path.join(dir, 'data.jsonl');
    const source = 'The council met on Monday to discuss the new budget for the harbour. '.repeat(20);
    const rows = Array.from({ length: ITEMS }, (_, i) =>
      JSON.stringify({ id: `r${i}`, source: `${i}. ${source}`, summary: i % 2 ? 'a good summary' : 'a bad one' }),
    );
    fs.writeFileSync(data, rows.join('\n') + '\n');
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg'), SUMLENS_MODEL: 'gpt-4o-mini' };
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const out = () => path.join(dir, 'run.jsonl');
  const evalData = (extra: string[]) => runInProcess(['eval', '--data', data, '--aspects', ASPECTS.join(','), '--out', out(), ...extra], env);

  it('stops a dataset run (exit 18, one line), keeps whole records, and resumes under a higher limit', async () => {
    const stopped = await evalData(['--max-cost', '0.002']);
    assert.equal(stopped.code, 18, stopped.stderr);
    stopLine(stopped.stderr);
    const first = readWholeRunFile(out());
    assert.ok(first.tornAt === undefined && first.header, 'a whole run file');
    const done = first.records.filter((r) => r.status === 'ok');
    assert.ok(done.length > 0 && done.length < ITEMS, `${done.length} items done`);
    // An item the stop cut short is recorded as failed with what it spent, and evaluated again on resume.
    const cut = first.records.filter((r) => r.status === 'failed');
    assert.ok(cut.every((r) => r.failure?.code === 'budget-exceeded'));
    assert.ok(first.records.every((r) => r.spend && r.spend.usd! > 0 && r.spend.prices));
    const spent = first.records.reduce((sum, r) => sum + r.spend!.usd!, 0);
    assert.ok(spent <= 0.002, `records spent ${spent}`);
    // The header says what was spent up to the stop: the records added up, the line's figure.
    const stoppedSpend = assertHeaderSpend(out());
    assert.ok(stopLine(stopped.stderr).includes(`$${stoppedSpend.usd!.toFixed(4)} spent on ${stoppedSpend.requests} requests`), stopped.stderr);
    const sentBefore = server.chatRequests.length;

    const resumed = await evalData(['--max-cost', '1']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`${ITEMS - done.length} item\\(s\\) written to .*, ${done.length} already there`));
    assert.match(resumed.stderr, /spent \$0\.\d{4} and \d+ tokens on \d+ request\(s\) \(list prices of [\d-]+\) of the limit \$1/);
    // Every question asked once over both runs: what the first run had answered came from the cache or the records.
    assert.equal(server.chatRequests.length, ITEMS * ASPECTS.length, `${sentBefore} then ${server.chatRequests.length - sentBefore}`);
    const records = readWholeRunFile(out()).records;
    // Once resumed, the header covers every record: the first invocation's and the second's.
    const resumedSpend = assertHeaderSpend(out());
    assert.equal(resumedSpend.requests, ITEMS * ASPECTS.length);
    assert.equal(new Set(records.filter((r) => r.status === 'ok').map((r) => r.key)).size, ITEMS);
    // The report adds up what every record spent: both runs, every question once.
    const report = await runInProcess(['report', out(), '--md', path.join(dir, 'report.md')], env);
    assert.equal(report.code, 0, report.stderr);
    const total = records.reduce((sum, r) => sum + r.spend!.usd!, 0);
    const reportText = fs.readFileSync(path.join(dir, 'report.md'), 'utf8');
    assert.match(
      reportText,
      new RegExp(
        `spent \\$${total.toFixed(4)} at list prices of \\d{4}-\\d\\d: \\d+ prompt \\+ \\d+ completion tokens on ${ITEMS * ASPECTS.length} request\\(s\\)`,
      ),
    );
    assert.ok(reportText.includes(spendText(resumedSpend)), 'the report and the header agree');
  });

  it('stops the evaluation of one summary with its one line, and says the spend of one that finished', async () => {
    const source = path.join(dir, 'article.txt');
    const summary = path.join(dir, 'summary.txt');
    fs.writeFileSync(source, 'The council met on Monday to discuss the new budget for the harbour. '.repeat(40));
    fs.writeFileSync(summary, 'a good summary');
    const one = (limit: string) => runInProcess(['eval', '--source', source, '--summary', summary, '--aspects', ASPECTS.join(','), '--max-cost', limit], env);
    const stopped = await one('0.0003');
    assert.equal(stopped.code, 18, stopped.stderr);
    stopLine(stopped.stderr);
    const finished = await one('1');
    assert.equal(finished.code, 0, finished.stderr);
    assert.match(finished.stderr, /^sumlens: spent \$0\.\d{4} and \d+ tokens on \d+ request\(s\) \(list prices of [\d-]+\) of the limit \$1$/m);
  });

  it("shares one limit among a jury's judges, each priced with its own model, and says the stop once", async () => {
    const judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(
      judges,
      `judges:\n${['gpt-4o-mini', 'gpt-4.1-nano'].map((m) => `  - { name: ${m}, baseUrl: ${server.url}, model: ${m}, apiKeyEnv: JURY_KEY }`).join('\n')}\n`,
    );
    const run = await runInProcess(['eval', '--data', data, '--aspects', 'coherence', '--judges', judges, '--out', out(), '--max-cost', '0.002'], {
      ...env,
      JURY_KEY: 'sk-jury',
    });
    assert.equal(run.code, 18, run.stderr);
    const line = stderrLines(run).filter((l) => l.startsWith('sumlens:'));
    assert.equal(line.length, 1, run.stderr);
    assert.match(
      line[0],
      /^sumlens: stopped: spending limit \$0\.002 reached: \$0\.00\d+ spent on \d+ requests \((gpt-4o-mini, gpt-4\.1-nano|gpt-4\.1-nano, gpt-4o-mini), list prices/,
    );
  });

  it('stops a batch run at the batch price, and resumes from the stored answers', async () => {
    new FakeBatchApi(server);
    const stopped = await evalData(['--batch', '--poll-seconds', '1', '--max-cost', '0.001']);
    assert.equal(stopped.code, 18, stopped.stderr);
    stopLine(stopped.stderr);
    const first = readWholeRunFile(out()).records;
    assert.ok(first.length > 0 && first.filter((r) => r.status === 'ok').length < ITEMS, `${first.length} items recorded`);
    assert.ok(first.every((r) => r.spend?.batch === true));
    assert.ok(first.some((r) => r.status === 'ok'));
    // At half the price, the same limit buys about twice the questions of the direct route.
    const spent = first.reduce((sum, r) => sum + r.spend!.usd!, 0);
    assert.ok(spent <= 0.001);
    const sentBefore = server.chatRequests.length;
    const resumed = await evalData(['--batch', '--poll-seconds', '1', '--max-cost', '1']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(server.chatRequests.length, ITEMS * ASPECTS.length, `${sentBefore} then ${server.chatRequests.length - sentBefore}`);
  });

  it('stops an audit with its one line, and the rerun under a higher limit asks nothing twice', async () => {
    const items = path.join(dir, 'audit.jsonl');
    fs.writeFileSync(
      items,
      auditItems(12)
        .map((item) => JSON.stringify(item))
        .join('\n') + '\n',
    );
    server.setHandler(auditJudge('fair'));
    const audit = (limit: string) => runInProcess(['audit', '--data', items, '--probes', 'length,facts', '--max-cost', limit], env);
    const stopped = await audit('0.002');
    assert.equal(stopped.code, 18, stopped.stderr);
    stopLine(stopped.stderr);
    assert.equal(stopped.stdout, '');
    const sentBefore = server.chatRequests.length;
    assert.ok(sentBefore > 0);
    const resumed = await audit('1');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, new RegExp(`cache hits ${sentBefore}\\b`));
    assert.match(resumed.stderr, /^sumlens: spent \$0\.\d{4} and \d+ tokens on \d+ request\(s\) \(list prices of [\d-]+\) of the limit \$1$/m);
    assert.equal(server.chatRequests.length - sentBefore, Number(/calls (\d+)/.exec(resumed.stderr)![1]));
  });

  it('stops align and distill with the same one line, and a higher limit finishes them', async () => {
    server.setHandler(learningJudge((doc, k) => 1 + ((doc * 3 + k) % 5)));
    const rated = writeRatedData(
      dir,
      'rated.jsonl',
      ratedItems(6, (doc, k) => 1 + ((doc * 3 + k) % 5)),
    );
    const align = (limit: string) =>
      runInProcess(
        [
          'align',
          '--data',
          rated,
          '--human',
          'human_coherence',
          '--aspect',
          'coherence',
          '--out',
          path.join(dir, 'aligned'),
          '--resamples',
          '100',
          '--max-cost',
          limit,
        ],
        { ...env, TMPDIR: dir },
      );
    const alignStopped = await align('0.001');
    assert.equal(alignStopped.code, 18, alignStopped.stderr);
    stopLine(alignStopped.stderr);
    assert.equal((await align('1')).code, 0);

    server.setHandler(chooseJudge('chooser'));
    const triples = path.join(dir, 'train.jsonl');
    const distill = (limit: string) =>
      runInProcess(['distill', '--dataset', 'summeval', '--out', triples, '--reasons', 'fsv1', '--reasons-k', '3', '--limit', '20', '--max-cost', limit], {
        ...env,
        SUMLENS_DATASETS: process.env.SUMLENS_DATASETS,
      });
    const distillStopped = await distill('0.001');
    assert.equal(distillStopped.code, 18, distillStopped.stderr);
    stopLine(distillStopped.stderr);
    const written = fs.readFileSync(triples, 'utf8').trim().split('\n').length / 3;
    const resumed = await distill('1');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stdout, new RegExp(`${20 - written} items written to .* \\(${written} already there\\)`));
  });
});
