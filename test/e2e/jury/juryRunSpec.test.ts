/**
 * A jury is a list of run specs that differ only in the judge (src/core/jury/jurySpecs.ts),
 * tested where a user meets it: the CLI's exit code, its output, the requests the fake server
 * receives and the run files' headers.
 * - `eval --data --judges --method choose --reasons fsv2 --reasons-k 3`: each judge is sent
 *   exactly the requests it is sent alone (the reasons request: n=3, temperature 1, top-p 0.5);
 * - a jury of two rationale-first judges, and one whose judges give one score on every item:
 *   the figures left undefined are stated ("not computable because …"), exit 0, no crash;
 * - `bench --judges`: each judge's header records its own route and samples.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { juryItems, juryJudge } from '../../fake/juryJudges';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

describe('juries as run specs: each judge asked as it is alone', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let judges: string;
  let items: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-jury-spec-'));
    judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(judges, `judges:\n  - { name: a, baseUrl: ${server.url}, model: judge-a }\n  - { name: b, baseUrl: ${server.url}, model: judge-b }\n`);
    items = path.join(dir, 'items.jsonl');
    fs.writeFileSync(
      items,
      juryItems(6)
        .map(({ id, source, summary }) => JSON.stringify({ id, source, summary }))
        .join('\n') + '\n',
    );
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = () => ({ OPENAI_API_KEY: 'sk-jury', XDG_CACHE_HOME: path.join(dir, 'xdg') });
  const header = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[0]);
  /** What judge-a was sent, in an order that does not depend on timing. */
  const sentTo = (model: string) =>
    server.chatRequests
      .filter((r: RecordedRequest) => r.body.model === model)
      .map((r) => JSON.stringify(r.body))
      .sort();

  it('--method choose --reasons fsv2 --reasons-k 3: a judge of the jury is sent exactly what it is sent alone', async () => {
    server.setHandler(chooseJudge('chooser'));
    const reasons = ['--method', 'choose', '--reasons', 'fsv2', '--reasons-k', '3', '--no-cache'];
    server.requests.length = 0;
    const jury = await runInProcess(['eval', '--data', items, ...reasons, '--judges', judges, '--out', path.join(dir, 'choose.jsonl')], env());
    assert.equal(jury.code, 0, jury.stderr);
    const inJury = sentTo('judge-a');
    server.requests.length = 0;
    const alone = await runInProcess(
      ['eval', '--data', items, ...reasons, '--base-url', server.url, '--model', 'judge-a', '--out', path.join(dir, 'alone.jsonl')],
      env(),
    );
    assert.equal(alone.code, 0, alone.stderr);
    assert.deepEqual(inJury, sentTo('judge-a'));
    const reasonRequests = inJury.map((body) => JSON.parse(body)).filter((body) => body.n === 3);
    assert.equal(reasonRequests.length, 6, 'one reasons request an item');
    assert.ok(reasonRequests.every((body) => body.temperature === 1 && body.top_p === 0.5));
    // The headers: the same spec but for the jury's name of the judge.
    const { name, ...judge } = header(path.join(dir, 'choose.a.jsonl')).spec.judge;
    assert.equal(name, 'a');
    assert.deepEqual({ ...header(path.join(dir, 'choose.a.jsonl')).spec, judge }, header(path.join(dir, 'alone.jsonl')).spec);
  });

  it('two rationale-first judges: the figures two judges cannot give are stated, not a crash (exit 0)', async () => {
    server.setHandler(juryJudge);
    const run = await runInProcess(
      ['eval', '--data', items, '--aspects', 'coherence', '--method', 'rationale', '--judges', judges, '--out', path.join(dir, 'rationale.jsonl')],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /internal error/);
    assert.match(run.stdout, /^coherence: effective judges: not computable because with two judges and no human scores/m);
    assert.match(run.stdout, /^coherence: disagrees most: not computable because with two judges neither disagrees more than the other$/m);
  });

  it('judges who give one score on every item: alpha and Spearman stated as not computable, exit 0; JSON lists them', async () => {
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const args = ['eval', '--data', items, '--aspects', 'coherence', '--judges', judges, '--out', path.join(dir, 'constant.jsonl'), '--no-cache'];
    const run = await runInProcess(args, env());
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /internal error/);
    assert.match(run.stdout, /^coherence: alpha among judges: not computable because every judge gave the same score on every item/m);
    assert.match(run.stdout, /^coherence: Spearman a–b: not computable because a, b gave one score on every item$/m);
    const json = await runInProcess([...args, '--format', 'json'], env());
    assert.equal(json.code, 0, json.stderr);
    const [coherence] = JSON.parse(json.stdout).jury;
    assert.equal(coherence.alpha, null);
    assert.ok(coherence.notComputable.some((line: string) => line.startsWith('alpha among judges: not computable')));
  });

  it("bench --judges: each judge's run header records its own route and samples", async () => {
    server.setHandler(juryJudge);
    const dataset = path.join(dir, 'people.json');
    fs.writeFileSync(
      dataset,
      JSON.stringify(
        juryItems(6).map((item, k) => ({
          doc_id: `d${k}`,
          system_id: 's',
          source: item.source,
          system_output: item.summary,
          scores: { coherence: item.truth },
        })),
      ),
    );
    const own = path.join(dir, 'own.yaml');
    fs.writeFileSync(
      own,
      `judges:\n  - { name: a, baseUrl: ${server.url}, model: judge-a }\n  - { name: b, baseUrl: ${server.url}, model: judge-b, route: logprobs, samples: 5 }\n`,
    );
    const out = path.join(dir, 'bench.jsonl');
    const run = await runInProcess(['bench', '--dataset', dataset, '--aspects', 'coherence', '--judges', own, '--out', out, '--samples', '7'], env());
    assert.equal(run.code, 0, run.stderr);
    const spec = (judge: string) => header(path.join(dir, `bench.${judge}.jsonl`)).spec;
    assert.deepEqual([spec('a').route, spec('a').samples], ['auto', 7]);
    assert.deepEqual([spec('b').route, spec('b').samples], ['logprobs', 5]);
  });
});
