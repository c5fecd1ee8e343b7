/**
 * `sumlens eval --method fine` on a long source as a user meets it: a 5,000-line document on a
 * judge whose server says its window (vLLM's max_model_len) and refuses anything longer is
 * evaluated within that window, its findings and evidence on the document's own lines; a
 * window too small for even one fact and its passage ends the run with exit 7 and one line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { ARTICLE, groundedJudge, REFERENCE, SUMMARY, unrelatedArticles } from '../../fixtures/fine/longSource';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

/** `count` lines of unrelated news, one sentence a line. */
function unrelatedLines(count: number, seed: number): string[] {
  return unrelatedArticles(Math.ceil(count / 6), seed)
    .split(/(?<=\.)\s+/)
    .slice(0, count);
}

describe('eval --method fine on a long source (fake vLLM with a context window)', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let work: string;
  const before = unrelatedLines(2500, 7);
  const source = [...before, ...ARTICLE.split(/(?<=\.) /), ...unrelatedLines(2500, 11)].join('\n');

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-fine-long-'));
    for (const [name, text] of Object.entries({ 'source.txt': source, 'summary.txt': SUMMARY, 'reference.txt': REFERENCE }))
      fs.writeFileSync(path.join(work, name), text);
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const args = (...extra: string[]) => [
    'eval',
    '--method',
    'fine',
    '--model',
    'fake-model',
    '--no-cache',
    ...['source', 'summary', 'reference'].flatMap((note) => [`--${note}`, path.join(work, `${note}.txt`)]),
    ...extra,
  ];
  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' });

  it('evaluates within the window the server states, findings and evidence on the right lines', async () => {
    server = await FakeOpenAiServer.start({ profile: profiles.vllmContextLimited(8192) });
    server.setHandler(scriptedJudge(groundedJudge));
    const run = await runInProcess(args(), env());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length, 16);
    assert.equal(server.refused.length, 0);
    const articleLine = before.length + 1;
    assert.match(run.stdout, /incorrect\s+target:1:1 "Marlow council voted on Thursday to build a footbridge over the Tane\."/);
    assert.match(run.stdout, new RegExp(`evidence source:${articleLine}:\\d+ "voted on Tuesday to build a new footbridge"`));
    assert.match(run.stdout, /endpoint: source judged against retrieved passages: .*BM25: best 3 source sentences per summary fact/);
  });

  it('--dry-run: the whole source would not fit; fitted to the window as a run fits it, it does; nothing sent', async () => {
    server = await FakeOpenAiServer.start({ profile: profiles.vllmContextLimited(8192) });
    // About 12,000 tokens: past the window, within what a run without a known window shows whole.
    fs.writeFileSync(path.join(work, 'source.txt'), [unrelatedArticles(50, 7), ARTICLE, unrelatedArticles(50, 11)].join('\n\n'));
    const run = await runInProcess(args('--dry-run', '--json'), env());
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.wholeSource.fits, false);
    assert.deepEqual([report.fitted.calls, report.fitted.fits], [16, true], JSON.stringify(report.fitted));
    assert.ok(report.fitted.promptTokens < report.wholeSource.promptTokens / 4, JSON.stringify(report));
    assert.equal(server.chatRequests.length, 0);
  });

  it('a window that cannot hold one fact and its passage: exit 7, one line, no judging call', async () => {
    server = await FakeOpenAiServer.start({ profile: profiles.vllmContextLimited(8192) });
    server.setHandler(scriptedJudge(groundedJudge));
    const run = await runInProcess(args('--context-tokens', '600'), env());
    assert.equal(run.code, 7, run.stderr);
    const lines = stderrLines(run).filter((line) => /too few to check even one fact/.test(line));
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0], /pick a model with a longer context/);
    assert.ok(server.chatRequests.every((r) => !/correctness|alignment/.test(r.body.response_format?.json_schema?.name ?? '')));
  });
});
