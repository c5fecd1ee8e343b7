/**
 * The run header says what the whole run file spent, as a user meets it against the fake
 * OpenAI server: written when a dataset run ends (finished, or stopped by a failure after some
 * items; the spending limit's stop is in maxCost.test.ts), equal to its records added up and to
 * what `sumlens report` shows; a header without it (an older file, format 2 or 1) still reads,
 * gains it when the run is resumed, and `compare` never counts it as a setting.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { esc } from '../../../src/core/run/report/svg';
import { spendText } from '../../../src/core/run/runSpend';
import { readWholeRunFile } from '../../../src/core/runFile/runRecord';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { writeRun } from '../../fixtures/run/makeRun';
import { runInProcess } from '../cli/runInProcess';
import { assertHeaderSpend } from './headerSpendCheck';

const ITEMS = 6;

/** The header line of a run file, changed by `change`. */
function editHeader(file: string, change: (header: Record<string, unknown>) => void): void {
  const [first, ...rest] = fs.readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(first) as Record<string, unknown>;
  change(header);
  fs.writeFileSync(file, [JSON.stringify(header), ...rest].join('\n'));
}

describe('e2e run: the run header says what the run spent', function () {
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('4', { '4': 0.9, '5': 0.1 }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-headerspend-'));
    data = path.join(dir, 'data.jsonl');
    const rows = Array.from({ length: ITEMS }, (_, i) =>
      JSON.stringify({ id: `r${i}`, source: `${i}. The council met on Monday.`, summary: 'The council met.' }),
    );
    fs.writeFileSync(data, rows.join('\n') + '\n');
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg'), SUMLENS_MODEL: 'gpt-4o-mini' };
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const out = (name = 'run.jsonl') => path.join(dir, name);
  const evalData = (file: string, extra: string[] = []) =>
    runInProcess(['eval', '--data', data, '--aspects', 'coherence,relevance', '--out', file, '--concurrency', '1', ...extra], env);

  it("writes a finished eval --data run's spend into its header: its records added up, as the report shows it", async () => {
    const run = await evalData(out());
    assert.equal(run.code, 0, run.stderr);
    const spend = assertHeaderSpend(out());
    assert.equal(spend.requests, ITEMS * 2);
    assert.ok(spend.usd! > 0 && /^\d{4}-\d\d$/.test(spend.prices[0]), JSON.stringify(spend));
    const report = await runInProcess(['report', out(), '--md', out('report.md'), '--html', out('report.html')], env);
    assert.equal(report.code, 0, report.stderr);
    assert.ok(fs.readFileSync(out('report.md'), 'utf8').includes(spendText(spend)), 'the markdown report shows the header spend');
    assert.ok(fs.readFileSync(out('report.html'), 'utf8').includes(esc(spendText(spend))), 'the HTML report shows it too');
  });

  it('writes the spend of a run stopped by a failure after some items (the rejected key), and covers every record once resumed', async () => {
    let answered = 0;
    server.setHandler(() => (++answered <= 5 ? scoreReply('4', { '4': 0.9, '5': 0.1 }) : { status: 401, error: { message: 'Incorrect API key provided' } }));
    const stopped = await evalData(out());
    assert.notEqual(stopped.code, 0, stopped.stderr);
    const before = assertHeaderSpend(out());
    // Two items recorded (two questions each); the third's one answered question is cached, not
    // recorded: the key's rejection stops the run without a record for the item it cut short.
    assert.equal(before.requests, 4);
    server.setHandler(() => scoreReply('4', { '4': 0.9, '5': 0.1 }));
    const resumed = await evalData(out());
    assert.equal(resumed.code, 0, resumed.stderr);
    const after = assertHeaderSpend(out());
    // Every question once over both invocations, less the one the cache answered for free.
    assert.equal(after.requests, ITEMS * 2 - 1, `${JSON.stringify(before)} then ${JSON.stringify(after)}`);
    assert.ok(after.usd! > before.usd!);
  });

  it('reads a header without spend (format 2 or 1), adds it on resume, and compare never counts it as a setting', async () => {
    assert.equal((await evalData(out())).code, 0);
    fs.copyFileSync(out(), out('old.jsonl'));
    editHeader(out('old.jsonl'), (header) => delete header.spend);
    assert.equal(readWholeRunFile(out('old.jsonl')).header?.spend, undefined);
    const compared = await runInProcess(['compare', out(), out('old.jsonl')], env);
    assert.equal(compared.code, 0, compared.stderr);
    assert.doesNotMatch(compared.stderr, /made differently|spend/);
    const report = await runInProcess(['report', out('old.jsonl'), '--md', out('report.md')], env);
    assert.equal(report.code, 0, report.stderr);
    // Resuming the older file (nothing left to do) gives its header the spend of its records.
    const resumed = await evalData(out('old.jsonl'));
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(assertHeaderSpend(out('old.jsonl')), readWholeRunFile(out()).header?.spend);
    // A format-1 header (earlier versions) reads with or without a spend, and compares as equal.
    writeRun(out('one.jsonl'), [{ id: 1, scores: { coherence: 3, relevance: 4 } }]);
    fs.copyFileSync(out('one.jsonl'), out('one-spent.jsonl'));
    editHeader(out('one-spent.jsonl'), (header) => (header.spend = readWholeRunFile(out()).header?.spend));
    assert.deepEqual(readWholeRunFile(out('one-spent.jsonl')).header?.spend, readWholeRunFile(out()).header?.spend);
    const formatOne = await runInProcess(['compare', out('one.jsonl'), out('one-spent.jsonl')], env);
    assert.equal(formatOne.code, 0, formatOne.stderr);
    assert.doesNotMatch(formatOne.stderr, /made differently/);
  });
});
