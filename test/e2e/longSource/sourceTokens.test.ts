/**
 * `--source-tokens N` through the CLI and the fake server: the judge is shown BM25 excerpts of
 * a long source, the prompt says so, the result says what share was shown and where; aspects
 * whose template does not use the source are not affected.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { FACTS, LONG_SUMMARY, longArticle } from '../../fixtures/longSource/longArticle';
import { runInProcess } from '../cli/runInProcess';

const promptOf = (request: RecordedRequest): string => (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');

describe('long sources: --source-tokens (CLI)', function () {
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let files: { source: string; summary: string };
  const source = longArticle(400);

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-long-'));
    files = { source: path.join(dir, 'report.txt'), summary: path.join(dir, 'summary.txt') };
    fs.writeFileSync(files.source, source);
    fs.writeFileSync(files.summary, LONG_SUMMARY);
  });
  beforeEach(() =>
    server.setHandler((request) =>
      request.body.max_tokens === 200 ? { choices: [{ text: 'It keeps the main facts.' }] } : scoreReply('3', { '3': 0.6, '2': 0.4 }),
    ),
  );
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ OPENAI_API_KEY: 'sk-long', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  const newRequests = async (args: string[]) => {
    const from = server.chatRequests.length;
    const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--no-cache', ...args], env());
    return { run, requests: server.chatRequests.slice(from) };
  };

  it('shows the judge the excerpts that bear on the summary, says so in the prompt, and gives share and ranges in the JSON', async () => {
    const { run, requests } = await newRequests(['--source-tokens', '1500', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(requests.length, 4, 'one call per aspect');
    for (const request of requests) {
      const prompt = promptOf(request);
      assert.match(prompt, /\(Excerpts of a longer document: \d+% shown; \[…\] marks omitted text\.\)/);
      assert.ok(
        FACTS.every((fact) => prompt.includes(fact)),
        'the sentences that bear on the summary are shown',
      );
      assert.ok(prompt.includes('Paragraph 0 sentence 0'), 'the opening is shown');
      assert.ok(!prompt.includes('Paragraph 200 sentence 4 '), 'a filler sentence far from any match is not');
      assert.ok(prompt.length < source.length / 5);
    }
    for (const aspect of result.aspects) {
      assert.equal(aspect.sourceShown.reason, 'budget');
      assert.equal(aspect.sourceShown.budgetTokens, 1500);
      assert.ok(aspect.sourceShown.shownTokens <= 1500);
      assert.ok(aspect.provenance.fallbacks.some((f: string) => /^source shortened: \d+% shown, BM25 excerpts, source budget 1,500 tokens$/.test(f)));
    }
    assert.ok(result.sourceShown, 'the aspects shared one shortening');
    const ranges = result.sourceShown.ranges as { start: number; end: number }[];
    assert.ok(
      FACTS.every((fact) => ranges.some((r) => source.slice(r.start, r.end).includes(fact))),
      'the ranges point into the whole source',
    );
    const chars = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
    assert.ok(Math.abs(result.sourceShown.share - chars / source.length) < 1e-9 && result.sourceShown.share < 0.2);
  });

  it('says it once under the table', async () => {
    const { run } = await newRequests(['--source-tokens', '1500']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\nsource shortened for --source-tokens: \d+% shown \([\d,]+ of [\d,]+ tokens\) · BM25: .*; its character ranges in --json\n/);
    assert.doesNotMatch(run.stdout, /fallback: source shortened/);
  });

  it('leaves the source whole when it is within the budget', async () => {
    const { run, requests } = await newRequests(['--source-tokens', '100000', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.sourceShown, undefined);
    assert.ok(requests.every((r) => promptOf(r).includes(source)));
  });

  it('does not touch an aspect whose (workspace) template does not show the source', async () => {
    const prompts = path.join(dir, 'prompts');
    fs.mkdirSync(path.join(prompts, 'summarization'), { recursive: true });
    const builtIn = fs.readFileSync(path.join(__dirname, '../../../../prompts/summarization/fluency.md'), 'utf8');
    fs.writeFileSync(
      path.join(prompts, 'summarization', 'fluency.md'),
      builtIn.replace('placeholders: [document, summary]', 'placeholders: [summary]').replace('Article:\n\n{{document}}\n\n', ''),
    );
    const { run, requests } = await newRequests(['--source-tokens', '1500', '--prompts', prompts, '--aspects', 'fluency,coherence', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const [fluency, coherence] = JSON.parse(run.stdout).aspects;
    assert.equal(fluency.sourceShown, undefined);
    assert.ok(!(fluency.provenance.fallbacks ?? []).some((f: string) => f.startsWith('source shortened')));
    assert.ok(coherence.sourceShown);
    assert.equal(requests.filter((r) => promptOf(r).includes('Excerpts of a longer document')).length, 1);
  });

  it('shows both calls of rationale-first the excerpts', async () => {
    const { run, requests } = await newRequests(['--method', 'rationale', '--aspects', 'coherence', '--source-tokens', '1500', '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(requests.length, 2);
    assert.ok(requests.every((r) => promptOf(r).includes('Excerpts of a longer document') && promptOf(r).includes(FACTS[1])));
    assert.ok(JSON.parse(run.stdout).aspects[0].sourceShown.shownTokens <= 1500);
  });

  it('shows the aspect choice the excerpts, and says so on the result and each chosen aspect', async () => {
    server.setHandler(chooseJudge('chooser'));
    const { run, requests } = await newRequests(['--method', 'choose', '--source-tokens', '1500', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.ok(requests.length >= 1 && requests.every((r) => promptOf(r).includes('Excerpts of a longer document')));
    assert.equal(result.sourceShown.reason, 'budget');
    assert.ok(result.aspects.length > 0 && result.aspects.every((a: { sourceShown?: unknown }) => a.sourceShown));
  });

  it('eval --data: each record carries what its judge was shown, the run file records the budget, and a resume with another is refused', async () => {
    const data = path.join(dir, 'items.jsonl');
    const out = path.join(dir, 'run.jsonl');
    fs.writeFileSync(data, ['a', 'b'].map((id) => JSON.stringify({ id, source, summary: LONG_SUMMARY })).join('\n') + '\n');
    const run = await runInProcess(['eval', '--data', data, '--aspects', 'coherence', '--source-tokens', '1500', '--out', out, '--no-cache'], env());
    assert.equal(run.code, 0, run.stderr);
    const [header, ...records] = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(header.spec.sourceTokens, 1500);
    assert.equal(records.length, 2);
    for (const record of records) assert.equal(record.result.aspects[0].sourceShown.budgetTokens, 1500);
    const again = await runInProcess(['eval', '--data', data, '--aspects', 'coherence', '--source-tokens', '2000', '--out', out, '--no-cache'], env());
    assert.equal(again.code, 2, again.stderr);
    assert.match(again.stderr, /sourceTokens: 1500 \(file\) vs 2000 \(now\)/);
  });

  it('refuses a budget that holds no sentence, and a budget that is not a whole number, with exit 2', async () => {
    const tiny = await newRequests(['--source-tokens', '2']);
    assert.equal(tiny.run.code, 2, tiny.run.stderr);
    assert.match(tiny.run.stderr, /not one sentence of the document fits --source-tokens 2/);
    assert.equal(tiny.requests.length, 0);
    for (const bad of ['0', '1.5', 'many']) {
      const run = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--source-tokens', bad], env());
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /--source-tokens.*whole number 1 or more/);
    }
  });
});
