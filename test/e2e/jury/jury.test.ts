/**
 * Juries through the CLI and the fake server: a constructed jury (test/fake/juryJudges.ts:
 * three judges with independent noise around a hidden true score, and a fourth that copies
 * the first) on one summary and on a dataset. The pooled score is the judges' mean; the
 * copy makes the jury worth fewer independent judges than members, as constructed; a judge
 * that fails is named and left out (exit 14); a bad judges file names its line (exit 2).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { JURY_MODELS, juryItems, juryJudge } from '../../fake/juryJudges';
import { runInProcess } from '../cli/runInProcess';

describe('juries: --judges FILE', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let judges: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(juryJudge);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-jury-'));
    judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(
      judges,
      'judges:\n' + JURY_MODELS.map((m) => `  - { name: ${m}, baseUrl: ${server.url}, model: ${m}, apiKeyEnv: JURY_KEY }`).join('\n') + '\n',
    );
    fs.writeFileSync(
      path.join(dir, 'items.jsonl'),
      juryItems(40)
        .map(({ id, source, summary }) => JSON.stringify({ id, source, summary }))
        .join('\n') + '\n',
    );
    fs.writeFileSync(path.join(dir, 'a.txt'), 'Article number 3 about the city budget.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'Summary 3 of the budget.');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = () => ({ JURY_KEY: 'sk-jury', XDG_CACHE_HOME: path.join(dir, 'xdg') });
  const one = () =>
    ['eval', '--source', 'a.txt', '--summary', 's.txt', '--aspects', 'coherence,relevance'].map((a) => (a.endsWith('.txt') ? path.join(dir, a) : a));

  it('one summary: a column per judge, the jury the mean of the judges, JSON with judges and jury', async () => {
    const run = await runInProcess([...one(), '--judges', judges, '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const parsed = JSON.parse(run.stdout);
    assert.deepEqual(
      parsed.judges.map((j: { name: string }) => j.name),
      JURY_MODELS,
    );
    for (const aspect of parsed.jury.aspects) {
      const scores = parsed.judges.map(
        (j: { result: { aspects: { name: string; score: number }[] } }) => j.result.aspects.find((a) => a.name === aspect.name)!.score,
      );
      assert.ok(Math.abs(aspect.score - scores.reduce((s: number, x: number) => s + x, 0) / 4) < 1e-12);
      assert.equal(aspect.judges, 4);
    }
    const text = await runInProcess([...one(), '--judges', judges, '--pool', 'median'], env());
    assert.match(text.stdout, /aspect +judge-a +judge-b +judge-c +copy-of-a +jury \(median\) +spread/);
  });

  it('a judge that fails is named and left out (exit 14); a bad judges file names its line (exit 2)', async () => {
    const broken = path.join(dir, 'broken.yaml');
    fs.writeFileSync(broken, fs.readFileSync(judges, 'utf8').replace('model: judge-c, apiKeyEnv: JURY_KEY', 'model: judge-c, apiKeyEnv: MISSING_KEY'));
    const unkeyed = await runInProcess([...one(), '--judges', broken], env());
    assert.equal(unkeyed.code, 3, 'a named key variable that is not set stops before anything is sent');
    assert.match(unkeyed.stderr, /judge judge-c: the environment variable MISSING_KEY is not set/);
    server.setHandler((request) =>
      request.body.model === 'judge-b'
        ? { status: 404, error: { message: 'The model `judge-b` does not exist', code: 'model_not_found' } }
        : juryJudge(request),
    );
    try {
      const partial = await runInProcess([...one(), '--judges', judges, '--no-cache'], env());
      assert.equal(partial.code, 14, partial.stderr);
      assert.match(partial.stderr, /^sumlens: partial: judge judge-b failed \(.*judge-b.*\); the jury is the others$/m);
      assert.match(partial.stdout, /coherence +[\d.]+ +— +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+, [\d.]+–[\d.]+ \(without judge-b\)/);
    } finally {
      server.setHandler(juryJudge);
    }
    const bad = path.join(dir, 'bad.yaml');
    fs.writeFileSync(bad, `judges:\n  - { name: a, baseUrl: ${server.url}, model: m }\n  - { name: b, baseUrl: not-a-url, model: m }\n`);
    const refused = await runInProcess([...one(), '--judges', bad], env());
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /bad\.yaml:3: .*\(judges\.1\.baseUrl\)/);
  });

  it('a dataset: a run file per judge, the jury agreement with its interval, and fewer effective judges than members', async () => {
    const out = path.join(dir, 'runs', 'jury.jsonl');
    const run = await runInProcess(
      ['eval', '--data', path.join(dir, 'items.jsonl'), '--aspects', 'coherence', '--judges', judges, '--out', out, '--format', 'json'],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    for (const model of JURY_MODELS) assert.ok(fs.existsSync(path.join(dir, 'runs', `jury.${model}.jsonl`)), model);
    const [coherence] = JSON.parse(run.stdout).jury;
    assert.equal(coherence.items, 40);
    assert.ok(coherence.alphaInterval.low < coherence.alpha && coherence.alpha < coherence.alphaInterval.high);
    assert.ok(coherence.alpha > 0.7, `judges that measure the same truth agree: alpha ${coherence.alpha}`);
    // The copy shares judge-a's errors: about 4 / (1 + 3/6) = 2.67 independent judges.
    assert.ok(coherence.effectiveJudges > 2.2 && coherence.effectiveJudges < 3.2, `effective judges ${coherence.effectiveJudges}`);
    assert.equal(coherence.pairwiseSpearman.find((p: { a: string; b: string }) => p.a === 'judge-a' && p.b === 'copy-of-a').rho, 1);
    // The jury's own run file: compare reads it as one judge's (a jury against a judge is made differently: allowed when asked).
    const jury = path.join(dir, 'runs', 'jury.jury.jsonl');
    const refused = await runInProcess(['compare', path.join(dir, 'runs', 'jury.judge-b.jsonl'), jury], env());
    assert.equal(refused.code, 2, refused.stderr);
    const compared = await runInProcess(['compare', path.join(dir, 'runs', 'jury.judge-b.jsonl'), jury, '--allow-different', '--json'], env());
    assert.equal(compared.code, 0, compared.stderr);
    assert.equal(JSON.parse(compared.stdout).paired, 40);
    const again = await runInProcess(['eval', '--data', path.join(dir, 'items.jsonl'), '--aspects', 'coherence', '--judges', judges, '--out', out], env());
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /judge-a: .*40 .*already/);
  });

  it('bench: each judge and the jury against people; the jury beats its best judge; errors against people give the constructed 2.7 effective judges', async () => {
    // A human-scored set whose people give the hidden true score.
    const dataset = path.join(dir, 'people.json');
    fs.writeFileSync(
      dataset,
      JSON.stringify(
        juryItems(60).map((item, k) => ({
          doc_id: `d${k}`,
          system_id: 's',
          source: item.source,
          system_output: item.summary,
          scores: { coherence: item.truth },
        })),
      ),
    );
    const out = path.join(dir, 'runs', 'bench.jsonl');
    const dry = await runInProcess(['bench', '--dataset', dataset, '--aspects', 'coherence', '--judges', judges, '--out', out, '--dry-run'], env());
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(dry.stdout.match(/^judge [\w-]+:$/gm)?.length, 4, 'an estimate per judge');
    const run = await runInProcess(['bench', '--dataset', dataset, '--aspects', 'coherence', '--judges', judges, '--out', out, '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const parsed = JSON.parse(run.stdout);
    const rho = (name: string) => parsed.meta.find((m: { name: string }) => m.name === name).results[0].spearman;
    const best = Math.max(...JURY_MODELS.map(rho));
    assert.ok(rho('jury') > best, `jury ${rho('jury')} vs best judge ${best}`);
    assert.ok(fs.existsSync(path.join(dir, 'runs', 'bench.jury.jsonl')));
    const [agreement] = parsed.agreement;
    assert.equal(agreement.errorsAgainst, 'people');
    assert.ok(agreement.effectiveJudges > 2.2 && agreement.effectiveJudges < 3.2, `effective judges ${agreement.effectiveJudges}`);
    assert.ok(parsed.juryVersusBest.results.length === 1);
  });
});
