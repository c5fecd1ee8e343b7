/** `sumlens eval --route / --max-se / --preset`: provenance in the table and the JSON, and usage errors, as a user meets them. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runInProcess } from './runInProcess';
import { FakeOpenAiServer, textReply } from '../../fake/openaiServer';

describe('sumlens eval --route, --max-se, --preset', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let args: string[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    // Logprobs refused; answers split 3/4.
    server.setHandler((request) =>
      request.body.logprobs
        ? { status: 400, error: { message: 'logprobs are not supported with this model', param: 'logprobs' } }
        : textReply(...Array.from({ length: request.body.n ?? 1 }, (_, i) => (i % 2 ? '3' : '4'))),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-route-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'The museum reopened on Monday after a two-year renovation.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'The museum reopened.');
    args = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--aspects', 'coherence', '--no-cache'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = () => ({ OPENAI_API_KEY: 'sk-route-test', OPENAI_BASE_URL: server.url });

  it('--route sampling: the JSON says route, why, samples, standard error and valid mass', async () => {
    const run = await runInProcess([...args, '--route', 'sampling', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const [coherence] = JSON.parse(run.stdout).aspects;
    assert.equal(coherence.method, 'sampling');
    assert.equal(coherence.provenance.route, 'sampling');
    assert.equal(coherence.provenance.why, "user's choice: route sampling");
    assert.equal(coherence.provenance.samples, coherence.samples);
    assert.equal(coherence.provenance.validMass, 1);
    assert.ok(coherence.provenance.standardError > 0);
    assert.ok(coherence.score > 3 && coherence.score < 4);
  });

  it('the text table has a route column with n, SE and why', async () => {
    const run = await runInProcess([...args, '--route', 'sampling'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /route/);
    assert.match(run.stdout, /coherence .*sampling, n=\d+, SE 0\.\d\d · user.s choice: route sampling/);
  });

  it('auto: refused logprobs → sampled, the provenance says why; --max-se 0 draws all 20', async () => {
    const run = await runInProcess([...args, '--json', '--max-se', '0'], env());
    assert.equal(run.code, 0, run.stderr);
    const [coherence] = JSON.parse(run.stdout).aspects;
    assert.equal(coherence.provenance.route, 'sampling');
    assert.equal(coherence.provenance.why, 'server refused logprobs');
    assert.equal(coherence.samples, 20);
  });

  it('usage errors exit 2 with one line: a negative --max-se, an unknown route, a preset with rationale', async () => {
    for (const extra of [
      ['--max-se', '-1'],
      ['--route', 'guess'],
      ['--preset', 'geval-paper', '--method', 'rationale'],
    ]) {
      const run = await runInProcess([...args, ...extra], env());
      assert.equal(run.code, 2, `${extra.join(' ')}: ${run.stderr}`);
      assert.ok(run.stderr.trim().length > 0);
    }
  });
});
