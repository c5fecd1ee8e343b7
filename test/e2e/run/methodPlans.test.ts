/**
 * Each method owns its plan (issue 39, item 3): the calls a dry run announces for a dataset are
 * the calls the run then makes, method by method, with the same spec and the scripted judges
 * of the golden runs (no cache, the log-probability route, nothing over an entity limit).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { FakeOpenAiServer, scoreReply, type ChatHandler } from '../../fake/openaiServer';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from '../cli/runInProcess';

const ROWS = [
  {
    id: 'a1',
    source: 'Doctor: What brings you in? Patient: A cough for two weeks, and a fever since Monday.',
    summary: 'Cough for two weeks. Fever since Tuesday.',
  },
  { id: 'a2', source: 'The council approved the new park on Monday. It will open in May.', summary: 'The council approved a park. It opens in May.' },
  {
    id: 'a3',
    source: 'Rain is expected on Friday across the north. The south stays dry. Winds pick up on Saturday.',
    summary: 'Rain on Friday in the north, dry in the south.',
    reference: 'Rain in the north on Friday; the south stays dry.',
  },
];

const geval: ChatHandler = () => scoreReply('3', { '3': 0.6, '4': 0.3, '2': 0.1 });

describe('the dry run announces the calls each method then makes', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-plans-')));
    data = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(data, ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cases: { method: string; handler: ChatHandler; flags: string[] }[] = [
    { method: 'geval', handler: geval, flags: ['--route', 'logprobs'] },
    { method: 'rationale', handler: geval, flags: ['--aspects', 'coherence,fluency', '--route', 'logprobs'] },
    { method: 'fine', handler: scriptedJudge(), flags: [] },
    { method: 'choose', handler: chooseJudge(), flags: [] },
  ];
  for (const { method, handler, flags } of cases) {
    it(`--method ${method}: the dry run's calls are the run's`, async () => {
      server.setHandler(handler);
      const before = server.chatRequests.length;
      const out = path.join(dir, `${method}.jsonl`);
      const args = ['eval', '--data', data, '--method', method, ...flags, '--model', 'judge-a', '--context-tokens', '16000', '--no-cache', '--out', out];
      const dry = await runInProcess([...args, '--dry-run', '--json'], env());
      assert.equal(dry.code, 0, dry.stderr);
      assert.equal(server.chatRequests.length, before, 'a dry run sends nothing');
      const planned = (JSON.parse(dry.stdout) as { usage: { calls: number } }).usage.calls;
      const run = await runInProcess(args, env());
      assert.equal(run.code, 0, run.stderr);
      const made = server.chatRequests.length - before;
      console.log(`      ${method}: ${planned} calls planned, ${made} made`);
      assert.equal(made, planned);
    });
  }
});
