/**
 * What a user of `sumlens` meets with these providers: quirks learned once (announced on
 * stderr, remembered by the next run, listed and reset with `sumlens capabilities`), a value
 * the user chose that the server caps (a usage error), Azure URLs in both shapes.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { scoreJudge } from '../../fake/profiles/scoreJudge';
import { runInProcess } from '../cli/runInProcess';
import { inputFiles } from './cliRun';

const apiKey = 'sk-providers-cli-SECRET-90c1';

describe('providers: the sumlens CLI', function () {
  // Several CLI processes per test; each starts in well under a second on an idle machine.
  this.timeout(60_000);
  let files: ReturnType<typeof inputFiles>;
  beforeEach(() => (files = inputFiles()));
  afterEach(() => files.cleanup());

  const evalArgs = (summary = files.summary) => ['eval', '--source', files.source, '--summary', summary, '--json', '--concurrency', '1', '--max-se', '0'];
  const env = (baseUrl: string) => ({ OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseUrl, XDG_CACHE_HOME: path.join(files.dir, 'xdg') });

  it('announces each quirk once, remembers it for the next run, lists it and forgets it on --reset', async () => {
    const server = await FakeOpenAiServer.start({ profile: profiles.gemini });
    server.setHandler(scoreJudge());
    try {
      const first = await runInProcess(evalArgs(), env(server.url));
      assert.equal(first.code, 0, first.stderr);
      const learned = first.stderr.split('\n').filter((line) => line.includes('learned:'));
      assert.equal(learned.length, 2, first.stderr);
      assert.match(learned[0], /no token log-probabilities.*Unknown name "logprobs"/);
      assert.match(learned[1], /batches of 8.*supported range is from 1 \(inclusive\) to 9 \(exclusive\)/);
      assert.ok(learned.every((line) => line.includes('remembered for 7 days')));
      assert.ok(!first.stderr.includes('status code (no body)'));
      assert.equal(JSON.parse(first.stdout).provenance.length, 2);
      const refusedFirst = server.refused.length;

      const otherSummary = path.join(files.dir, 'other.txt');
      fs.writeFileSync(otherSummary, 'The museum is open again.');
      const second = await runInProcess(evalArgs(otherSummary), env(server.url));
      assert.equal(second.code, 0, second.stderr);
      assert.equal(server.refused.length, refusedFirst, 'the second run asks the right way the first time');
      assert.ok(!second.stderr.includes('learned:'), 'announced once, not on every run');
      const provenance: string[] = JSON.parse(second.stdout).provenance;
      assert.ok(
        provenance.some((line) => /^remembered from \d{4}-\d\d-\d\d: n capped at 8/.test(line)),
        provenance.join('\n'),
      );
      assert.ok(JSON.parse(second.stdout).aspects.every((a: { score: number | null }) => a.score !== null));

      const listed = await runInProcess(['capabilities', '--json'], env(server.url));
      const entries = JSON.parse(listed.stdout);
      assert.deepEqual(
        entries.map((e: { endpoint: string }) => e.endpoint),
        [server.url],
      );
      assert.deepEqual(entries[0].quirks.map((q: { name: string }) => q.name).sort(), ['logprobs', 'nCap']);
      const table = await runInProcess(['capabilities'], env(server.url));
      assert.match(
        table.stdout,
        /n capped at 8: answers drawn in batches of 8\n {4}learned \d{4}-\d\d-\d\d, until \d{4}-\d\d-\d\d; the server said: "Unable to submit/,
      );

      const reset = await runInProcess(['capabilities', '--reset', server.url], env(server.url));
      assert.equal(reset.code, 0);
      assert.match(reset.stderr, /forgot .* 1 endpoint\/model pair/);
      const empty = await runInProcess(['capabilities'], env(server.url));
      assert.equal(empty.stdout, '');
      assert.match(empty.stderr, /no endpoint quirks learned/);
    } finally {
      await server.close();
    }
  });

  it('a --top-logprobs the server caps is a usage error for that value (exit 2), not a quirk', async () => {
    const server = await FakeOpenAiServer.start({ profile: profiles.vllm04 });
    server.setHandler(scoreJudge());
    try {
      const run = await runInProcess([...evalArgs(), '--top-logprobs', '10'], env(server.url));
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      assert.match(run.stderr, /--top-logprobs 10 is more than .* allows \(5; it said: "Cannot request more than 5 logprobs/);
      assert.match(run.stderr, /see sumlens eval --help/);
      const listed = await runInProcess(['capabilities', '--json'], env(server.url));
      assert.deepEqual(JSON.parse(listed.stdout), [], 'nothing learned from a value the user chose');
    } finally {
      await server.close();
    }
  });

  it('Azure: the classic URL needs its api-version, and a rejected key shows Azure own words', async () => {
    const server = await FakeOpenAiServer.start({ profile: profiles.azureV1(apiKey) });
    server.setHandler(scoreJudge());
    try {
      const origin = new URL(server.url).origin;
      const noVersion = await runInProcess(evalArgs(), env(`${origin}/openai/deployments/judge-4o`));
      assert.equal(noVersion.code, 2, noVersion.stderr);
      assert.match(noVersion.stderr, /without \?api-version=.*\/openai\/v1 \(v1 API\) or .*\/openai\/deployments\/DEPLOYMENT\?api-version=/);
      assert.equal(server.requests.length, 0);

      const wrongKey = await runInProcess(evalArgs(), { ...env(`${origin}/openai/v1`), OPENAI_API_KEY: 'sk-wrong-key-0000' });
      assert.equal(wrongKey.code, 5, wrongKey.stderr);
      assert.match(wrongKey.stderr, /rejected the API key \(401: Access denied due to invalid subscription key or wrong API endpoint/);
    } finally {
      await server.close();
    }
  });
});
