/**
 * Run files are a format users keep (they resume them, compare them, commit them): the same
 * spec and the same scripted judge must write the same file, byte for byte, whatever the code
 * behind a front end becomes (issue 39's redesign was checked against these). The CLI's and
 * the MCP server's runs here; the editor's in test/vscode/goldenRun.test.ts; the files and
 * what is normalised in test/fixtures/run/goldenRunFiles.ts.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { juryJudge } from '../../fake/juryJudges';
import { FakeOpenAiServer, type ChatHandler } from '../../fake/openaiServer';
import { checkGolden, geval, ROWS } from '../../fixtures/run/goldenRunFiles';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from '../cli/runInProcess';
import { call, startMcp, structured } from '../mcp/mcpClient';

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
      checkGolden(`cli-${method}.jsonl`, out, dir);
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
    for (const part of ['judge-a', 'judge-b', 'jury']) checkGolden(`cli-jury.${part}.jsonl`, path.join(dir, `cli-jury.${part}.jsonl`), dir);
  });

  it('MCP evaluate_dataset (the agent tools share its definition)', async () => {
    server.setHandler(geval);
    const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-golden-mcp-')));
    fs.writeFileSync(path.join(workspace, 'rows.jsonl'), fs.readFileSync(data));
    const session = await startMcp(workspace, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'judge-a' });
    try {
      const args = { data: 'rows.jsonl', out: 'mcp-geval.jsonl', aspects: ['coherence', 'consistency'], route: 'logprobs' };
      structured(await call(session, 'evaluate_dataset', args));
      checkGolden('mcp-geval.jsonl', path.join(workspace, 'mcp-geval.jsonl'), workspace);
    } finally {
      await session.close();
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});
