/**
 * Run files are a format users keep (they resume them, compare them, commit them): the same
 * spec and the same scripted judge must write the same file, byte for byte, whatever the code
 * behind a front end becomes (issue 39's redesign was checked against these). One committed
 * file per method and front end, in test/fixtures/run/golden/; only what differs by nature
 * is normalised: the header's `created` time, the tool's version, durations, a record's running
 * total of the session's usage, folders and the port.
 * After a deliberate change of the format: SUMLENS_WRITE_GOLDEN=1 writes them again.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { chooseJudge } from '../../fake/chooseJudge';
import { juryJudge } from '../../fake/juryJudges';
import { FakeOpenAiServer, scoreReply, type ChatHandler } from '../../fake/openaiServer';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from '../cli/runInProcess';
import { call, startMcp, structured } from '../mcp/mcpClient';

const golden = path.join(__dirname, '../../../../test/fixtures/run/golden');
const write = process.env.SUMLENS_WRITE_GOLDEN === '1';

const ROWS = [
  {
    id: 'a1',
    source: 'Doctor: What brings you in? Patient: A cough for two weeks, and a fever since Monday.',
    summary: 'Cough for two weeks. Fever since Tuesday.',
  },
  { id: 'a2', source: 'The council approved the new park on Monday. It will open in May.', summary: 'The council approved a park. It opens in May.' },
  { id: 'a3', source: 'Rain is expected on Friday across the north. The south stays dry.', summary: 'Rain on Friday in the north.' },
];

/** What differs by nature: the header's creation time, the tool's version, durations, running totals, the folders and the fake server's port. */
function normalised(text: string, dir: string): string {
  return (
    text
      .split(dir)
      .join('<dir>')
      .split(packageRoot())
      .join('<package>')
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, '<server>')
      .replace(/"durationMs":\d+/g, '"durationMs":0')
      // A record's usage is the session's running total when it was written: with items in flight together, racy by nature.
      .replace(/"usage":\{"calls":\d+,"promptTokens":\d+,"completionTokens":\d+,"cacheHits":\d+,"retries":\d+\}/g, '"usage":"<running total>"')
      .replace(/"created":"[^"]*"/, '"created":"<created>"')
      .replace(/"tool":"[^"]*"/, '"tool":"<tool>"')
  );
}

function check(name: string, file: string, dir: string): void {
  const actual = normalised(fs.readFileSync(file, 'utf8'), dir);
  const fixture = path.join(golden, name);
  if (write) fs.writeFileSync(fixture, actual);
  assert.equal(actual, fs.readFileSync(fixture, 'utf8'), `${name} differs from the committed run file`);
}

const geval: ChatHandler = () => scoreReply('3', { '3': 0.6, '4': 0.3, '2': 0.1 });

describe('run files, byte for byte, per method and front end', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-golden-')));
    data = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(data, ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n');
    if (write) fs.mkdirSync(golden, { recursive: true });
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cases: { method: string; handler: ChatHandler; flags: string[] }[] = [
    { method: 'geval', handler: geval, flags: ['--aspects', 'coherence,consistency', '--route', 'logprobs'] },
    { method: 'rationale', handler: geval, flags: ['--aspects', 'coherence', '--route', 'logprobs'] },
    { method: 'fine', handler: scriptedJudge(), flags: [] },
    { method: 'choose', handler: chooseJudge(), flags: [] },
  ];
  for (const { method, handler, flags } of cases) {
    it(`CLI eval --data --method ${method}`, async () => {
      server.setHandler(handler);
      const out = path.join(dir, `cli-${method}.jsonl`);
      const run = await runInProcess(
        [
          'eval',
          '--data',
          data,
          '--method',
          method,
          ...flags,
          '--model',
          'judge-a',
          '--concurrency',
          '1',
          '--context-tokens',
          '16000',
          '--no-cache',
          '--out',
          out,
        ],
        env(),
      );
      assert.equal(run.code, 0, run.stderr);
      check(`cli-${method}.jsonl`, out, dir);
    });
  }

  it('CLI eval --data with a jury of two judges', async () => {
    server.setHandler(juryJudge);
    const judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(
      judges,
      `judges:\n  - { name: judge-a, baseUrl: ${server.url}, model: judge-a }\n  - { name: judge-b, baseUrl: ${server.url}, model: judge-b }\n`,
    );
    const out = path.join(dir, 'cli-jury.jsonl');
    const run = await runInProcess(
      ['eval', '--data', data, '--judges', judges, '--aspects', 'coherence', '--concurrency', '1', '--context-tokens', '16000', '--no-cache', '--out', out],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    // A run file per judge, and the jury's pooled file beside them.
    for (const part of ['judge-a', 'judge-b', 'jury']) check(`cli-jury.${part}.jsonl`, path.join(dir, `cli-jury.${part}.jsonl`), dir);
  });

  it('MCP evaluate_dataset (the agent tools share its definition)', async () => {
    server.setHandler(geval);
    const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-golden-mcp-')));
    fs.writeFileSync(path.join(workspace, 'rows.jsonl'), fs.readFileSync(data));
    const session = await startMcp(workspace, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'judge-a' });
    try {
      const args = { data: 'rows.jsonl', out: 'mcp-geval.jsonl', aspects: ['coherence', 'consistency'], route: 'logprobs' };
      structured(await call(session, 'evaluate_dataset', args));
      check('mcp-geval.jsonl', path.join(workspace, 'mcp-geval.jsonl'), workspace);
    } finally {
      await session.close();
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});
