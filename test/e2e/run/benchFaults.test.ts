/**
 * `sumlens bench` as a user meets its failures: a fault injected by the fake server (or the
 * file system) → the exit code and the one stderr line that names it. Items that finished
 * are kept; failed items are recorded and evaluated again by the next run.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply, textReply, type FakeReply, type RecordedRequest } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

const ITEMS = 4;

function writeDataset(dir: string): string {
  const file = path.join(dir, 'data.json');
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    doc_id: `d${i}`,
    system_id: 'S',
    source: `The council met on Monday ${i}.`,
    system_output: `summary number ${i}`,
    scores: { coherence: (i % 5) + 1 },
  }));
  fs.writeFileSync(file, JSON.stringify(items));
  return file;
}

const good = (): FakeReply => scoreReply('3', { '3': 0.6, '4': 0.4 });
const retryNow = { 'retry-after': '0' };

interface Row {
  fault: string;
  reply?: (request: RecordedRequest) => FakeReply;
  /** Runs the command against an endpoint where nothing listens. */
  down?: boolean;
  code: number;
  stderr: RegExp;
}

const rows: Row[] = [
  { fault: 'endpoint down', down: true, code: 4, stderr: /sumlens: stopped: .*(reach|connect)/i },
  { fault: 'key rejected (401)', reply: () => ({ status: 401, error: { message: 'Incorrect API key' } }), code: 5, stderr: /sumlens: stopped: .*key/i },
  {
    fault: 'model missing (404)',
    reply: () => ({ status: 404, error: { message: 'The model does not exist', code: 'model_not_found' } }),
    code: 6,
    stderr: /sumlens: stopped: .*model/i,
  },
  { fault: 'every reply unreadable', reply: () => textReply('I cannot rate this.'), code: 9, stderr: /sumlens: every item failed \(invalid-reply\)/ },
  {
    fault: 'rate limited on every call',
    reply: () => ({ status: 429, error: { message: 'Rate limit reached' }, headers: retryNow }),
    code: 10,
    stderr: /sumlens: every item failed \(rate-limited\)/,
  },
  {
    fault: 'server error on every call',
    reply: () => ({ status: 500, error: { message: 'boom' }, headers: retryNow }),
    code: 11,
    stderr: /sumlens: every item failed \(server-error\)/,
  },
  {
    fault: 'one item fails, the others finish (partial)',
    reply: (r) => (JSON.stringify(r.body.messages).includes('summary number 2') ? { status: 500, error: { message: 'boom' }, headers: retryNow } : good()),
    code: 14,
    stderr: /sumlens: partial: 1 item\(s\) failed/,
  },
];

describe('e2e run: bench faults → exit code and one stderr line', function () {
  // Each test runs the CLI in child processes; a loaded machine makes them slow, not wrong.
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let dataset: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-faults-'));
    dataset = writeDataset(dir);
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const bench = (out: string, extra: string[] = []) =>
    runInProcess(['bench', '--dataset', dataset, '--aspects', 'coherence', '--out', out, '--no-cache', '--concurrency', '2', ...extra], env);

  for (const row of rows) {
    it(`${row.fault} → exit ${row.code}`, async () => {
      if (row.down) {
        await server.close();
        server = await FakeOpenAiServer.start();
        env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
      }
      server.setHandler(row.reply ?? good);
      const run = await bench(path.join(dir, 'run.jsonl'));
      assert.equal(run.code, row.code, run.stderr);
      const said = run.stderr.split('\n').filter((l) => l.startsWith('sumlens: '));
      assert.match(said.at(-1) ?? '', row.stderr, run.stderr);
      assert.equal(said.filter((l) => row.stderr.test(l)).length, 1, run.stderr);
    });
  }

  it('slows down when every call is rate limited, and says so once per step', async () => {
    server.setHandler(() => ({ status: 429, error: { message: 'Rate limit reached' }, headers: retryNow }));
    const run = await bench(path.join(dir, 'run.jsonl'), ['--concurrency', '4']);
    assert.equal(run.code, 10);
    const steps = run.stderr.split('\n').filter((l) => l.includes('slowing down'));
    assert.deepEqual(
      steps,
      [
        'sumlens: rate limited: slowing down to 4 item(s) at once',
        'sumlens: rate limited: slowing down to 2 item(s) at once',
        'sumlens: rate limited: slowing down to 1 item(s) at once',
      ].slice(0, steps.length),
    );
    assert.ok(steps.length >= 2, run.stderr);
  });

  it('fails fast: a rejected key stops the run after the first refusal, not one per item', async () => {
    server.setHandler(() => ({ status: 401, error: { message: 'Incorrect API key' } }));
    const run = await bench(path.join(dir, 'run.jsonl'), ['--concurrency', '1']);
    assert.equal(run.code, 5);
    assert.ok(server.chatRequests.length <= 2, `${server.chatRequests.length} requests`);
  });

  it('re-runs the failed items on resume and then exits 0', async () => {
    const out = path.join(dir, 'run.jsonl');
    server.setHandler((r) =>
      JSON.stringify(r.body.messages).includes('summary number 2') ? { status: 500, error: { message: 'boom' }, headers: retryNow } : good(),
    );
    assert.equal((await bench(out)).code, 14);
    const before = server.chatRequests.length;
    server.setHandler(good);
    const again = await bench(out);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(server.chatRequests.length - before, 1, 'only the failed item is sent again');
    assert.match(again.stderr, /1 item\(s\) written to .*, 3 already there/);
  });

  it('refuses to write into a file SumLens did not write (exit 2), leaving it as it was', async () => {
    const out = path.join(dir, 'notes.jsonl');
    fs.writeFileSync(out, 'precious\n');
    const run = await bench(out);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /sumlens: .*notes\.jsonl was not written by SumLens/);
    assert.equal(fs.readFileSync(out, 'utf8'), 'precious\n');
    assert.equal(server.chatRequests.length, 0);
  });

  it('refuses to resume with other settings (exit 2) naming them, and --restart starts over', async () => {
    server.setHandler(good);
    const out = path.join(dir, 'run.jsonl');
    assert.equal((await bench(out)).code, 0);
    const other = await bench(out, ['--samples', '5']);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /sumlens: .*other settings \(samples: 20 \(file\) vs 5 \(now\)\); add --restart/);
    const restarted = await bench(out, ['--samples', '5', '--restart']);
    assert.equal(restarted.code, 0, restarted.stderr);
    assert.match(restarted.stderr, /restarted .*: 4 earlier record\(s\) dropped/);
  });

  it('creates the parent folder of --out', async () => {
    server.setHandler(good);
    const run = await bench(path.join(dir, 'runs', 'new', 'run.jsonl'));
    assert.equal(run.code, 0, run.stderr);
    assert.ok(fs.existsSync(path.join(dir, 'runs', 'new', 'run.jsonl')));
  });

  it('prints a plain progress line every N items when stderr is not a terminal', async () => {
    server.setHandler(good);
    const run = await bench(path.join(dir, 'run.jsonl'), ['--progress-every', '2']);
    const lines = run.stderr.split('\n').filter((l) => / items, \d+ failed, \d+ calls/.test(l));
    assert.deepEqual(
      lines.map((l) => l.split(' ')[0]),
      ['0/4', '2/4', '4/4'],
    );
    assert.ok(!run.stderr.includes('\r'));
  });

  it('--dry-run counts fine-grained calls exactly and says what it cannot know', async () => {
    const run = await runInProcess(['bench', '--dataset', dataset, '--method', 'fine', '--dry-run', '--out', path.join(dir, 'd.jsonl')], env);
    assert.equal(run.code, 0, run.stderr);
    // 3 extraction steps × 2 notes + 3 completeness + 3 correctness + 1 alignment (no reference) + 2 readability
    assert.match(run.stdout, new RegExp(`calls: ${ITEMS * 15} \\(fine-grained: ${ITEMS * 15}\\)`));
    assert.match(run.stdout, /not known before running:\n {2}- prompt tokens are estimated/);
    assert.equal(server.requests.length, 0);
  });
});
