import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';

describe("sumlens bench --method choose on a SummEval slice (the protocol of Tanaka's thesis)", function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-choose-bench-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: server.url,
    XDG_CACHE_HOME: path.join(dir, 'xdg'),
    SUMLENS_DATASETS: process.env.SUMLENS_DATASETS,
  });
  const bench = (...more: string[]) => runInProcess(['bench', '--dataset', 'summeval', '--limit', '32', ...more], env());

  it("items pooled, per-aspect r, ρ, τ and their average, the share not chosen, and the thesis's Table 1 labelled as the paper's fine-tuned LongT5", async () => {
    server.setHandler(chooseJudge('chooser'));
    const out = path.join(dir, 'choose.jsonl');
    const run = await bench('--method', 'choose', '--out', out);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^coherence +sample /m);
    assert.match(run.stdout, /Tanaka's protocol \(items pooled\): average r -?\d\.\d{4}, ρ -?\d\.\d{4}, τ -?\d\.\d{4}/);
    const notChosen = /fluency (\d+) of 32 \((\d+\.\d)%\)/.exec(run.stdout);
    assert.ok(notChosen && Number(notChosen[1]) > 0, run.stdout);
    assert.match(run.stdout, /coherence 0 of 32 \(0\.0%\)/);
    assert.match(run.stdout, /published, for reference only: Tanaka \(advised by Kobayashi\), Table 1 \(SummEval\): a fine-tuned LongT5-Local-Large/);
    assert.match(run.stdout, /fsv2-4o +0\.614 +0\.575 +0\.413 +0\.631 +0\.606 +0\.558 +0\.521/);
    // An aspect not chosen is not a failure: the run is clean and the record says nothing was scored for it.
    const records = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line));
    assert.equal(records.length, 32);
    assert.ok(records.every((r) => r.status === 'ok'));
    const long = records.find((r) => r.scores.fluency === undefined);
    assert.ok(long.result.choice.notChosen.includes('fluency'));
    assert.ok(!('fluency' in long.scores));

    // The choice's answers are not G-Eval answers: a parse rule does not apply to them.
    const rescore = await runInProcess(['rescore', out, '--parse', 'geval'], env());
    assert.equal(rescore.code, 2);
    assert.match(rescore.stderr, /is a --method choose run: its answers are read by the choice's own parser/);
  });

  it('eval --data --method choose --reasons fsv1 --reasons-k 3: each record holds its 3 reasons, and the run header names them', async () => {
    server.setHandler(chooseJudge('chooser'));
    const data = path.join(dir, 'items.jsonl');
    fs.writeFileSync(
      data,
      ['a', 'b']
        .map((id) =>
          JSON.stringify({ id, source: 'The museum reopened on Monday. The work cost 8 million euros.', summary: `The museum reopened on Monday (${id}).` }),
        )
        .join('\n') + '\n',
    );
    const out = path.join(dir, 'items-choose.jsonl');
    const run = await runInProcess(['eval', '--data', data, '--method', 'choose', '--reasons', 'fsv1', '--reasons-k', '3', '--out', out], env());
    assert.equal(run.code, 0, run.stderr);
    const [header, ...records] = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual([header.spec.reasons, header.spec.reasonsK], ['fsv1', 3]);
    assert.ok(records.every((r) => r.result.choice.reasons.texts.length === 3));
    const consistency = await runInProcess(['eval', '--data', data, '--method', 'choose', '--task', 'consistency', '--out', path.join(dir, 'c.jsonl')], env());
    assert.equal(consistency.code, 2);
  });

  it('QAGS is refused with --method choose (exit 2): its yes/no consistency is not among the aspects', async () => {
    const run = await runInProcess(['bench', '--dataset', 'qags-xsum', '--method', 'choose', '--limit', '4', '--out', path.join(dir, 'qags.jsonl')], env());
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /QAGS's yes\/no consistency is not among its aspects/);
  });

  it('--dry-run counts 1 call an item, 1 + K with --reasons, and sends nothing', async () => {
    const before = server.chatRequests.length;
    const one = await bench('--method', 'choose', '--dry-run', '--out', path.join(dir, 'dry.jsonl'));
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /calls: 32\n/);
    const reasons = await bench('--method', 'choose', '--reasons', 'fsv2', '--reasons-k', '5', '--dry-run', '--out', path.join(dir, 'dry.jsonl'));
    assert.match(reasons.stdout, /calls: 192\n/);
    assert.equal(server.chatRequests.length, before);
  });

  it('calls per summary: choose 1, choose --reasons K 1 + K, geval 4, rationale 8', async () => {
    server.setHandler((request) => {
      const prompt = request.body.messages.map((m: { content: string }) => m.content).join('\n');
      if (prompt.includes('aspects list:')) return chooseJudge('chooser')(request);
      if (request.body.max_tokens === 200) return { choices: [{ text: 'A short reason.' }] };
      return scoreReply('3', { '3': 0.7, '2': 0.3 });
    });
    const calls = async (...args: string[]) => {
      const before = server.chatRequests.length;
      const run = await runInProcess(['bench', '--dataset', 'summeval', '--limit', '8', '--out', path.join(dir, `${args.join('-')}.jsonl`), ...args], {
        ...env(),
        XDG_CACHE_HOME: path.join(dir, `xdg-${args.join('-')}`),
      });
      assert.equal(run.code, 0, run.stderr);
      return (server.chatRequests.length - before) / 8;
    };
    assert.equal(await calls('--method', 'choose'), 1);
    assert.equal(await calls('--method', 'choose', '--reasons', 'fsv1', '--reasons-k', '4'), 5);
    assert.equal(await calls('--method', 'geval'), 4);
    assert.equal(await calls('--method', 'rationale'), 8);
  });
});
