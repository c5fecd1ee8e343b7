/**
 * The CLI-level fault table: a fault injected by the fake server (or by the command line
 * itself) → the exit code of the README table and the stderr line(s) naming the cause,
 * for `sumlens eval` with every --method. Results that finished are still on stdout.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { faultReply, type Fault } from '../../fake/faults';
import { FakeOpenAiServer, scoreReply, type FakeReply, type RecordedRequest } from '../../fake/openaiServer';
import { schemaName, scriptedJudge, userContent } from '../../fixtures/fine/scriptedJudge';
import { runCli, stderrLines, type CliRun } from './runCli';
import { runInProcess } from './runInProcess';

type Method = 'geval' | 'rationale' | 'fine' | 'all';
const METHODS: Method[] = ['geval', 'rationale', 'fine', 'all'];

/** Which requests a fault hits; the others get a good answer. */
type Target = 'every' | 'one-part';

interface Row {
  code: number;
  what: string;
  fault?: Fault;
  target?: Target;
  /** Extra arguments per method (a --prompts folder, --timeout…). */
  args?: (method: Method) => string[];
  env?: Record<string, string | undefined>;
  /** Every stderr line matches this. */
  stderr: RegExp;
  /** At most this many stderr lines (one per cause). */
  maxLines?: number;
}

const SOURCE = 'The museum reopened on Monday after a two-year renovation. It cost 8 million euros.';
const SUMMARY = 'The museum reopened after a renovation. It cost 8 million euros.';

/** A good judge for every prompt: a score distribution, a reason, or the fine-grained JSON. */
function goodReply(judge: ReturnType<typeof scriptedJudge>, request: RecordedRequest): FakeReply | Promise<FakeReply> {
  if (request.body.response_format || schemaName(request) !== 'unknown') return judge(request);
  if (request.body.logprobs) return scoreReply('3', { '3': 0.5, '2': 0.3, '1': 0.2 });
  return { choices: [{ text: 'The summary keeps the facts of the article.' }] };
}

/** "one part": the fluency aspect, and the fine-grained readability prompts. */
function isOnePart(request: RecordedRequest): boolean {
  return /Fluency \(1-3\)/.test(userContent(request)) || /^fine_readability/.test(schemaName(request));
}

describe('sumlens eval: the fault table (exit code and stderr line per fault and method)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let files: { source: string; summary: string; empty: string };
  /** Prompt folders with a broken coherence template, and with a broken fine-grained extraction template. */
  const brokenPrompts = { aspect: '', fine: '' };
  let fault: { kind?: Fault; target: Target } = { target: 'every' };
  /** How the server answers: the row's fault where it hits, else a good reply. A test may replace it. */
  const judge = scriptedJudge();
  const byFault = (request: RecordedRequest): FakeReply | Promise<FakeReply> => {
    const hit = fault.kind && (fault.target === 'every' || isOnePart(request));
    return hit && fault.kind ? faultReply(fault.kind, Number(request.body.n ?? 1)) : goodReply(judge, request);
  };
  let respond = byFault;

  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler((request) => respond(request));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-faults-'));
    files = { source: path.join(dir, 'article.txt'), summary: path.join(dir, 'summary.txt'), empty: path.join(dir, 'empty.txt') };
    fs.writeFileSync(files.source, SOURCE);
    fs.writeFileSync(files.summary, SUMMARY);
    fs.writeFileSync(files.empty, ' \n');
    for (const [kind, id] of [
      ['aspect', 'summarization/coherence'],
      ['fine', 'fine/extract'],
    ] as const) {
      brokenPrompts[kind] = path.join(dir, `prompts-${kind}`);
      const file = path.join(brokenPrompts[kind], `${id}.md`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `---\nid: ${id}\nscale: [1, 5\n---\nbroken front matter\n`);
    }
  });
  afterEach(() => {
    respond = byFault;
    fault = { target: 'every' };
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = (): Record<string, string | undefined> => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, SUMLENS_MODEL: 'fake' });

  const rows: Row[] = [
    {
      code: 2,
      what: 'a bad number',
      args: () => ['--concurrency', '0'],
      stderr: /--concurrency.*whole number from 1 to 64.*see sumlens eval --help/,
      maxLines: 1,
    },
    {
      code: 3,
      what: 'no API key for a hosted endpoint',
      env: { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: 'https://api.openai.com/v1' },
      stderr: /No API key .*OPENAI_API_KEY/,
      maxLines: 1,
    },
    {
      code: 4,
      what: 'an endpoint that is down',
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
      stderr: /Cannot reach http:\/\/127\.0\.0\.1:9\/v1/,
      maxLines: 1,
    },
    { code: 5, what: 'a rejected key', fault: 'auth', stderr: /rejected the API key \(401/, maxLines: 1 },
    { code: 6, what: 'a model that does not exist', fault: 'model-not-found', stderr: /Model "fake" was not found/, maxLines: 1 },
    { code: 7, what: 'an input too long for the model', fault: 'context-too-long', stderr: /too long for fake's context window/, maxLines: 1 },
    { code: 8, what: 'an empty summary', args: () => ['--summary', files.empty], stderr: /--summary .*empty\.txt contains only whitespace/, maxLines: 1 },
    {
      code: 9,
      what: 'replies that never validate',
      fault: 'malformed',
      stderr: /failed: .*(none of the \d+ sampled answers could be read|invalid reply after one retry)/,
    },
    { code: 10, what: 'rate limited after retries', fault: 'rate-limited', stderr: /failed: .*rate-limiting us and retries ran out/, maxLines: 1 },
    { code: 11, what: 'server errors after retries', fault: 'server-error', stderr: /failed: .*failed with 500 after retries/, maxLines: 1 },
    {
      code: 12,
      what: 'a broken template',
      args: (m) => (m === 'geval' || m === 'rationale' ? ['--prompts', brokenPrompts.aspect, '--aspects', 'coherence'] : ['--prompts', brokenPrompts.fine]),
      stderr: /(summarization\/coherence|fine\/extract)\.md:\d+: bad YAML/,
      maxLines: 1,
    },
    { code: 13, what: 'a server that hangs', fault: 'hang', args: () => ['--timeout', '1'], stderr: /did not answer in time/, maxLines: 1 },
    {
      code: 14,
      what: 'one part failing (partial)',
      fault: 'server-error',
      target: 'one-part',
      stderr: /^sumlens: (fluency|fine-grained readability)(, fine-grained readability)? failed: .*500/,
      maxLines: 1,
    },
  ];

  for (const method of METHODS) {
    describe(`--method ${method}`, () => {
      for (const row of rows) {
        it(`${row.code}: ${row.what}`, async () => {
          fault = { kind: row.fault, target: row.target ?? 'every' };
          const args = ['eval', '--source', files.source, '--summary', files.summary, '--method', method, '--no-cache', ...(row.args?.(method) ?? [])];
          const run = await runInProcess(mergeOptions(args), { ...env(), ...row.env });
          assertRow(run, row);
          if (row.code === 14) assertPartialOutput(run, method);
        });
      }
    });
  }

  it('--json writes each failed part as { error: { code, message } }, never as a score', async () => {
    fault = { kind: 'server-error', target: 'one-part' };
    const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--method', 'all', '--no-cache', '--json'], env());
    assert.equal(run.code, 14, run.stderr);
    const result = JSON.parse(run.stdout);
    const fluency = result.aspects.find((a: { name: string }) => a.name === 'fluency');
    assert.equal(fluency.error.code, 'server-error');
    assert.match(fluency.error.message, /500/);
    assert.ok(!('score' in fluency), 'a failed aspect has no score at all');
    assert.equal(result.fine.readability.error.code, 'server-error');
    assert.equal(typeof result.aspects.find((a: { name: string }) => a.name === 'coherence').score, 'number');
    assert.equal(typeof result.fine.correctness.score, 'number');
  });

  it('a run-level error keeps and prints what finished before it', async () => {
    // The coherence aspect answers, then the key is rejected for every other call.
    let answered = 0;
    fault = { target: 'every' };
    respond = (request) => (answered++ === 0 && /Coherence \(1-5\)/.test(userContent(request)) ? scoreReply('4', { '4': 1 }) : faultReply('auth'));
    const run = await runInProcess(
      ['eval', '--source', files.source, '--summary', files.summary, '--aspects', 'coherence,fluency', '--concurrency', '1', '--no-cache', '--json'],
      env(),
    );
    assert.equal(run.code, 5, run.stderr);
    assert.equal(stderrLines(run).length, 1, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.aspects.find((a: { name: string }) => a.name === 'coherence').score, 4);
  });

  it('130: Ctrl-C keeps and prints what finished', async () => {
    respond = (request) => (/Coherence \(1-5\)/.test(userContent(request)) ? scoreReply('4', { '4': 1 }) : faultReply('hang'));
    const before = server.chatRequests.length;
    const run = await runCli(['eval', '--source', files.source, '--summary', files.summary, '--no-cache', '--json'], env(), {
      onStart: (child) => {
        const poll = setInterval(() => {
          if (server.chatRequests.length - before >= 4) {
            clearInterval(poll);
            setTimeout(() => child.kill('SIGINT'), 300);
          }
        }, 50);
      },
    });
    assert.equal(run.code, 130, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.cancelled, true);
    assert.equal(result.aspects.find((a: { name: string }) => a.name === 'coherence').score, 4);
  });
});

/** A row's own --summary replaces the default one. */
function mergeOptions(args: string[]): string[] {
  const last = args.lastIndexOf('--summary');
  const first = args.indexOf('--summary');
  return last !== first ? [...args.slice(0, first), ...args.slice(first + 2)] : args;
}

function assertRow(run: CliRun, row: Row): void {
  assert.equal(run.code, row.code, `exit code; stderr:\n${run.stderr}`);
  const lines = stderrLines(run);
  assert.ok(lines.length >= 1, 'at least one stderr line');
  if (row.maxLines) assert.ok(lines.length <= row.maxLines, `at most ${row.maxLines} stderr line(s):\n${run.stderr}`);
  for (const line of lines) {
    if (/^sumlens: warning:/.test(line)) continue;
    assert.match(line, row.stderr);
  }
  assert.ok(!/\n\s+at /.test(run.stderr), 'no stack trace');
  assert.ok(!run.stderr.includes('Usage:'), 'not the whole help');
}

/** What finished is on stdout: the parts that did not fail have their scores. */
function assertPartialOutput(run: CliRun, method: Method): void {
  if (method !== 'fine') assert.match(run.stdout, /coherence\s+2\.30/);
  if (method === 'fine' || method === 'all') assert.match(run.stdout, /correctness\s+5\.00/);
}
