/**
 * `sumlens eval --data` as a user runs it, against the fake OpenAI server: every data format,
 * --map, fields holding file paths, bad rows reported or refused, the per-aspect table with
 * intervals, resume, the --fail-under gate and SARIF output checked by the SARIF 2.1.0 schema.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { FakeBatchApi } from '../../fake/batchRoutes';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { runCli } from '../cli/runCli';
import { runInProcess } from '../cli/runInProcess';
import { validateSarif } from './sarifMultitool';

/** A score that depends on the summary: "good" summaries 4, others 2. */
function scoreBySummary(request: RecordedRequest) {
  const text = JSON.stringify(request.body.messages);
  return text.includes('good') ? scoreReply('4', { '4': 0.9, '5': 0.1 }) : scoreReply('2', { '2': 0.8, '3': 0.2 });
}

const records = (out: string): any[] =>
  fs
    .readFileSync(out, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));

describe('e2e run: eval --data', function () {
  // Each test runs the CLI in child processes; a loaded machine makes them slow, not wrong.
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(scoreBySummary);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-data-'));
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const evalData = (data: string, extra: string[] = []) =>
    runInProcess(['eval', '--data', data, '--aspects', 'coherence,relevance', '--out', path.join(dir, 'run.jsonl'), '--no-cache', ...extra], env);

  it('reads CSV with a BOM, CRLF, quoted commas and newlines; --map renames columns; prints the table', async () => {
    const csv = path.join(dir, 'data.csv');
    fs.writeFileSync(csv, '\uFEFFid,article,output\r\n1,"Rain, then sun.\r\nWindy.","a good, short\r\nsummary"\r\n2,Plain text.,a bad one\r\n');
    const run = await evalData(csv, ['--map', 'summary=output,source=article']);
    assert.equal(run.code, 0, run.stderr);
    const lines = records(path.join(dir, 'run.jsonl'));
    assert.deepEqual(
      lines.map((l) => [l.id, l.status]),
      [
        ['1', 'ok'],
        ['2', 'ok'],
      ]
        .filter((r) => lines.some((l) => l.id === r[0]))
        .sort(),
    );
    const first = lines.find((l) => l.id === '1');
    assert.equal(first.text.summary, 'a good, short\r\nsummary');
    assert.equal(first.text.source, 'Rain, then sun.\r\nWindy.');
    assert.match(run.stdout, /^aspect +n +mean +95% CI +unscored +distribution/m);
    assert.match(run.stdout, /coherence +2 +3\.\d{3} +\[\d\.\d{3}, \d\.\d{3}\] +0 /);
    assert.match(run.stdout, /worst items:\n {2}coherence: 2 2\.\d\d/);
  });

  it('reads TSV, JSON arrays and JSONL, and a field holding a path is read relative to the data file', async () => {
    fs.mkdirSync(path.join(dir, 'texts'));
    fs.writeFileSync(path.join(dir, 'texts', 's1.txt'), 'a good summary from a file');
    const tsv = path.join(dir, 'data.tsv');
    fs.writeFileSync(tsv, 'id\tsource\tsummary\n1\tThe source.\ttexts/s1.txt\n');
    const run = await evalData(tsv);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(records(path.join(dir, 'run.jsonl'))[0].text.summary, 'a good summary from a file');
    const json = path.join(dir, 'data.json');
    fs.writeFileSync(json, JSON.stringify([{ id: 7, source: 's', summary: 'good' }]));
    assert.equal((await evalData(json, ['--out', path.join(dir, 'j.jsonl')])).code, 0);
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, '{"id":"a","source":"s","summary":"good"}\n{"id":"b","source":"s","summary":"bad"}\n');
    const j = await evalData(jsonl, ['--out', path.join(dir, 'l.jsonl'), '--format', 'json']);
    assert.equal(j.code, 0, j.stderr);
    const result = JSON.parse(j.stdout);
    assert.deepEqual(
      result.aspects.map((a: any) => [a.aspect, a.scored]),
      [
        ['coherence', 2],
        ['relevance', 2],
      ],
    );
    assert.ok(result.aspects[0].interval.low <= result.aspects[0].mean && result.aspects[0].mean <= result.aspects[0].interval.high);
  });

  it('reports bad rows with their line and skips them, or refuses the data with --strict', async () => {
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, '{"id":"a","source":"s","summary":"good"}\n{"id":"b","source":"s"}\nnot json\n{"id":"a","source":"s","summary":"again"}\n');
    const run = await evalData(jsonl);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /skipped bad row .*data\.jsonl: line 2: summary is missing/);
    assert.match(run.stderr, /skipped bad row .*data\.jsonl: line 3: is not JSON/);
    assert.match(run.stderr, /skipped bad row .*data\.jsonl: line 4: repeats id a/);
    assert.equal(records(path.join(dir, 'run.jsonl')).length, 1);
    const strict = await evalData(jsonl, ['--strict', '--out', path.join(dir, 's.jsonl')]);
    assert.equal(strict.code, 8);
    assert.match(strict.stderr, /3 bad row\(s\), refused with --strict; the first: .*line 2: summary is missing/);
    assert.equal(server.chatRequests.length, 2, 'the refused data cost nothing');
  });

  it('groups the table by system, resumes without re-sending, and gates CI with --fail-under (exit 15)', async () => {
    const jsonl = path.join(dir, 'data.jsonl');
    const rows = [1, 2, 3].flatMap((i) => [
      { id: i, system: 'A', source: 's', summary: `bad ${i}` },
      { id: i, system: 'B', source: 's', summary: `good ${i}` },
    ]);
    fs.writeFileSync(jsonl, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const run = await evalData(jsonl);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /coherence +A +3 +2\.\d{3}/);
    assert.match(run.stdout, /coherence +B +3 +4\.\d{3}/);
    const sent = server.chatRequests.length;
    const gate = await evalData(jsonl, ['--fail-under', 'coherence=3,relevance=1']);
    assert.equal(server.chatRequests.length, sent, 'a finished run is not sent again');
    assert.equal(gate.code, 15, gate.stderr);
    assert.deepEqual(
      gate.stderr.split('\n').filter((l) => l.includes('quality gate')),
      ['sumlens: quality gate: coherence (system A) mean 2.200 < 3'],
    );
    const strictCi = await evalData(jsonl, ['--fail-under', 'coherence=4.05', '--strict-ci']);
    assert.equal(strictCi.code, 15);
    assert.match(strictCi.stderr, /coherence \(system B\) lower 95% bound 4\.100 < 4\.05|coherence \(system A\) lower 95% bound/);
    const bad = await evalData(jsonl, ['--fail-under', 'fluency=3']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-under names "fluency", which this run has no scores for/);
  });

  it("--format sarif writes fine-grained findings that the SARIF 2.1.0 schema and Microsoft's SARIF Multitool (with GitHub's rules) accept, at exact line:column", async () => {
    server.setHandler(scriptedJudge({ answer: (angle, _id, text) => (angle.startsWith('correctness') && text.includes('Tuesday') ? 'No' : 'Yes') }));
    fs.writeFileSync(path.join(dir, 'summary.txt'), 'The council met.\nIt voted on Tuesday.');
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, JSON.stringify({ id: 'x', source: 'The council met on Monday. It voted on Monday.', summary: 'summary.txt' }) + '\n');
    const run = await runCli(['eval', '--data', jsonl, '--method', 'fine', '--out', path.join(dir, 'fine.jsonl'), '--no-cache', '--format', 'sarif'], env, {
      cwd: dir,
    }); // SARIF paths are relative to the working folder
    assert.equal(run.code, 0, run.stderr);
    const log: any = JSON.parse(run.stdout);
    const schema = JSON.parse(fs.readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
    // The schema's patterns are written for JavaScript's non-Unicode regular expressions.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(log as object), JSON.stringify(validate.errors, null, 2));
    const sarifFile = path.join(dir, 'findings.sarif');
    fs.writeFileSync(sarifFile, run.stdout);
    // SumLens has no web page yet for the driver's informationUri: the one remark allowed.
    const findings = validateSarif(sarifFile).filter((f) => !(f.ruleId === 'SARIF2005' && f.message.includes("'informationUri'")));
    assert.deepEqual(findings, [], `the SARIF Multitool (SARIF and GitHub rules) finds nothing else to say:\n${JSON.stringify(findings, null, 2)}`);
    const incorrect = log.runs[0].results.find((r: any) => r.ruleId === 'sumlens/incorrect');
    assert.ok(incorrect, JSON.stringify(log.runs[0].results));
    const where = incorrect.locations[0].physicalLocation;
    assert.equal(where.artifactLocation.uri, 'summary.txt');
    assert.deepEqual([where.region.startLine, where.region.startColumn], [2, 1]);
    assert.equal(log.runs[0].tool.driver.rules[incorrect.ruleIndex].id, 'sumlens/incorrect');
  });

  it('--batch sends the rows through the Batch API (files and batches endpoints)', async () => {
    const api = new FakeBatchApi(server);
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, '{"id":"a","source":"s","summary":"good"}\n{"id":"b","source":"s","summary":"bad"}\n');
    const run = await evalData(jsonl, ['--batch', '--poll-seconds', '1']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(api.created.length >= 1);
    assert.deepEqual(
      records(path.join(dir, 'run.jsonl')).map((r) => r.status),
      ['ok', 'ok'],
    );
    assert.match(run.stdout, /coherence +2 /);
  });

  it('--route and --max-se reach every row: sampled scores, recorded in the header, and a resume with another route is refused', async () => {
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, ['{"id":"1","source":"Rain.","summary":"a good one"}', '{"id":"2","source":"Sun.","summary":"a bad one"}'].join('\n') + '\n');
    server.setHandler((request) => {
      const text = JSON.stringify(request.body.messages);
      return { choices: Array.from({ length: request.body.n ?? 1 }, () => ({ text: text.includes('good') ? '4' : '2' })) };
    });
    const run = await evalData(jsonl, ['--route', 'sampling', '--max-se', '0', '--samples', '5']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(
      server.chatRequests.every((r) => !r.body.logprobs),
      'no log-probabilities were asked for',
    );
    assert.ok(
      server.chatRequests.every((r) => r.body.n === 5),
      'all five answers drawn at once (--max-se 0)',
    );
    const header = JSON.parse(fs.readFileSync(path.join(dir, 'run.jsonl'), 'utf8').split('\n')[0]);
    assert.deepEqual([header.spec.route, header.spec.maxSe], ['sampling', 0]);
    const first = records(path.join(dir, 'run.jsonl')).find((l) => l.id === '1');
    assert.equal(first.scores.coherence, 4);
    assert.equal(first.result.aspects[0].provenance.route, 'sampling');

    const resumed = await evalData(jsonl, ['--route', 'logprobs']);
    assert.equal(resumed.code, 2);
    assert.match(resumed.stderr, /route: sampling \(file\) vs logprobs \(now\)/);
  });

  it('--dry-run estimates for the data and sends nothing', async () => {
    const jsonl = path.join(dir, 'data.jsonl');
    fs.writeFileSync(jsonl, '{"id":"a","source":"s","summary":"good"}\n{"id":"b","source":"s","summary":"bad"}\n');
    const run = await evalData(jsonl, ['--dry-run']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 item\(s\) to evaluate/);
    assert.match(run.stdout, /calls: 4\b/);
    assert.equal(server.requests.length, 0);
  });
});
