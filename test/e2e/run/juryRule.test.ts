/**
 * The jury's one stop rule (operations/runJury.ts), the same for `eval --data --judges` and
 * `bench --judges`: measured from the judges with results when two or more have them (a judge
 * without results left out: partial, 14); with fewer, not measured, the worst judge's code.
 * Judges with results run for real against the fake server; a judge stopped before any
 * result stands in as its run's summary.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorExitCodes, SumLensError } from '../../../src/core/errors';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { runDataset } from '../../../src/core/operations/runDataset';
import { runJury, type JuryMember } from '../../../src/core/operations/runJury';
import type { RunSummary } from '../../../src/core/run/runItems';
import { buildSpec } from '../../../src/core/runSpec/buildSpec';
import { juryItems, juryJudge } from '../../fake/juryJudges';
import { FakeOpenAiServer } from '../../fake/openaiServer';

const stoppedAtOnce = (): RunSummary => ({
  total: 4,
  alreadyDone: 0,
  written: 0,
  failed: 0,
  errors: [],
  causes: {},
  fatal: new SumLensError('auth', 'the key was rejected'),
  truncatedBytes: 0,
  restartedRecords: 0,
  slowdowns: 0,
  cancelled: false,
  durationMs: 1,
  usage: { calls: 1, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 },
});

describe('the jury stop rule (operations/runJury.ts)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let data: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(juryJudge);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-jury-rule-'));
    data = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(
      data,
      juryItems(4)
        .map(({ id, source, summary }) => JSON.stringify({ id, source, summary }))
        .join('\n') + '\n',
    );
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const member = (model: string): JuryMember => ({
    name: model,
    spec: buildSpec({ judge: { baseUrl: server.url, model, name: model }, method: 'geval', task: 'summarization', aspects: ['coherence'] }),
    session: createOpenAiSession({ baseURL: server.url, apiKey: 'sk-test', model, cacheDir: null }),
  });
  const jury = (out: string, members: JuryMember[], stopped: string[]) =>
    runJury({
      members,
      out: path.join(dir, out),
      command: 'eval --data --judges',
      data,
      pool: 'mean',
      runMember: async (m, memberOut) =>
        stopped.includes(m.name)
          ? stoppedAtOnce()
          : (
              await runDataset(
                { spec: m.spec, command: 'eval --data --judges', data: { path: data, task: 'summarization' }, out: memberOut },
                { session: m.session },
              )
            ).summary,
    });

  it('every judge finished: measured, exit 0', async () => {
    const outcome = await jury('all.jsonl', [member('judge-a'), member('judge-b')], []);
    assert.equal(outcome.exitCode, 0);
    assert.deepEqual(
      outcome.finished.map((f) => f.name),
      ['judge-a', 'judge-b'],
    );
    assert.ok(outcome.juryFile && fs.existsSync(outcome.juryFile));
  });

  it('two with results, one stopped before any: measured from the two, partial (14)', async () => {
    const outcome = await jury('two.jsonl', [member('judge-a'), member('judge-b'), member('judge-c')], ['judge-c']);
    assert.equal(outcome.exitCode, errorExitCodes.partial);
    assert.equal(outcome.finished.length, 2);
    assert.equal(outcome.stopped?.code, 'auth');
    assert.ok(outcome.juryFile && fs.existsSync(outcome.juryFile));
  });

  it('one with results: not measured, the worst code (a rejected key, 5), no jury file', async () => {
    const outcome = await jury('one.jsonl', [member('judge-a'), member('judge-b')], ['judge-b']);
    assert.equal(outcome.exitCode, errorExitCodes.auth);
    assert.equal(outcome.juryFile, undefined);
    assert.ok(!fs.existsSync(path.join(dir, 'one.jury.jsonl')));
  });
});
