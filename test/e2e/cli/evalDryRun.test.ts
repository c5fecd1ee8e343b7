/** `sumlens eval --dry-run` of one summary: figures for this source, whether it fits the window, and no chat request sent. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planFine } from '../../../src/core/fine/planFine';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { runInProcess } from './runInProcess';

const sentence = 'The council approved the new park on Monday after a long debate about its cost. ';

describe('sumlens eval --dry-run (one summary)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let work: string;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start({ profile: profiles.vllmContextLimited(8192) });
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-dry-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  function files(sentences: number): string[] {
    fs.writeFileSync(path.join(work, 'article.txt'), sentence.repeat(sentences));
    fs.writeFileSync(path.join(work, 'summary.txt'), 'The council approved a new park.');
    return ['--source', path.join(work, 'article.txt'), '--summary', path.join(work, 'summary.txt')];
  }
  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' });

  it('G-Eval on a long source: its calls, tokens and cost, the window, whole and fitted to the window; nothing sent', async () => {
    const run = await runInProcess(['eval', ...files(1100), '--model', 'fake-model', '--dry-run', '--no-cache'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^dry run: one summary for fake-model at .*, nothing sent\n {2}context window {7}8192 tokens · server: vLLM max_model_len in the server's \/models\n {2}whole source {9}4 calls, ~\d+ prompt \+ at most \d+ completion tokens, unknown \(model not in the price table\); largest call \d+ tokens: does NOT fit the window\n {2}fitted to the window 4 calls, ~\d+ prompt \+ at most \d+ completion tokens, .*; largest call \d+ tokens: fits the window\n/,
    );
    assert.equal(server.chatRequests.length, 0);
  });

  it('a short source fits; the JSON has the figures and the cost for a priced model', async () => {
    const run = await runInProcess(['eval', ...files(20), '--model', 'gpt-4o-mini', '--dry-run', '--no-cache', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.context.from, 'table');
    assert.equal(report.wholeSource.calls, 4);
    assert.equal(report.wholeSource.fits, true);
    assert.ok(report.wholeSource.costUsd > 0 && report.wholeSource.promptTokens > 4 * 20 * 15);
    assert.equal(server.chatRequests.length, 0);
  });

  it('--method fine: the fine-grained calls for this source, nothing sent', async () => {
    const args = files(1100);
    const run = await runInProcess(['eval', ...args, '--model', 'fake-model', '--method', 'fine', '--dry-run', '--no-cache', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    const source = fs.readFileSync(args[1], 'utf8');
    assert.equal(report.wholeSource.calls, planFine({ source, summary: 'The council approved a new park.' }).calls);
    assert.equal(report.wholeSource.fits, false);
    assert.equal(report.fitted.fits, true, 'a run judges the facts against retrieved passages, each call within the window');
    assert.ok(report.unknowns.some((u: string) => /judged against retrieved passages, in as many calls as their passages need/.test(u)));
    assert.equal(server.chatRequests.length, 0);
  });

  it('--method fine: the completion figure is the room its replies are planned, and the unknowns say what it assumes', async () => {
    const args = files(20);
    const run = await runInProcess(['eval', ...args, '--model', 'gpt-4o-mini', '--method', 'fine', '--dry-run', '--no-cache', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    const source = fs.readFileSync(args[1], 'utf8');
    // 20 source sentences and 1 summary sentence, one fact each, 100 tokens a fact listed:
    // extraction 3 × (20 + 1), completeness 3 × 20, correctness and alignment 4 × 1, readability 2 × 1.
    assert.equal(report.wholeSource.completionTokens, (3 * 21 + 3 * 20 + 4 + 2) * 100);
    assert.equal(report.wholeSource.completionTokens, planFine({ source, summary: 'The council approved a new park.' }).completionTokens);
    assert.ok(
      report.unknowns.some((u: string) =>
        /one a sentence of each note is assumed.*its requests set no max_tokens: completion tokens are the reply room a run plans for, 100 tokens for each fact/.test(
          u,
        ),
      ),
      report.unknowns.join('\n'),
    );
    assert.equal(server.chatRequests.length, 0);
  });
});
