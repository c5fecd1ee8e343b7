/**
 * Servers that drop `logprobs` or ignore `n` without a word (LM Studio, Ollama before
 * 0.12.11): once every request of a run showed it (at least three), the next run does not
 * ask again for a day, says so in its provenance, and `sumlens capabilities` lists it until
 * `--reset`. One odd reply teaches nothing. Counted at the fake server, through the CLI.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { capabilityFile } from '../../../src/core/llm/capabilityStore';
import { FakeOpenAiServer, type ServerProfile } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { scoreJudge } from '../../fake/profiles/scoreJudge';
import { runInProcess } from '../cli/runInProcess';
import { inputFiles } from './cliRun';

const asksLogprobs = (body: { logprobs?: boolean }) => body.logprobs === true;

describe('providers: silent drops of logprobs and n, remembered for a day', function () {
  this.timeout(60_000);
  let files: ReturnType<typeof inputFiles>;
  let server: FakeOpenAiServer;
  beforeEach(() => (files = inputFiles()));
  afterEach(async () => {
    await server.close();
    files.cleanup();
  });

  const env = () => ({ OPENAI_API_KEY: 'sk-silent', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(files.dir, 'xdg') });
  const evalOf = (summary: string) => {
    const file = path.join(files.dir, `${summary.length}.txt`);
    fs.writeFileSync(file, summary);
    return ['eval', '--source', files.source, '--summary', file, '--json', '--concurrency', '4', '--max-se', '0'];
  };
  const storeFile = () => capabilityFile(path.join(files.dir, 'xdg', 'sumlens'));

  it('LM Studio: the second 4-aspect run sends 4 fewer requests, none asking for logprobs, and names the memory; --reset forgets', async () => {
    // A little latency, as every real server has: the 4 aspects' requests are in flight together.
    server = await FakeOpenAiServer.start({ profile: profiles.lmStudio, latencyMs: 100 });
    server.setHandler(scoreJudge());
    const first = await runInProcess(evalOf('The museum reopened.'), env());
    assert.equal(first.code, 0, first.stderr);
    const firstRequests = server.chatRequests.length;
    assert.equal(server.chatRequests.filter((r) => asksLogprobs(r.body)).length, 4);
    assert.match(first.stderr, /learned: no token log-probabilities .*silently dropped on all 3 requests.*remembered for 1 day/);
    assert.match(first.stderr, /learned: n > 1 refused or ignored.*n silently ignored on all 3 requests.*remembered for 1 day/);

    const second = await runInProcess(evalOf('The museum is open again after works.'), env());
    assert.equal(second.code, 0, second.stderr);
    const secondRequests = server.chatRequests.slice(firstRequests);
    assert.equal(firstRequests - secondRequests.length, 4, `first ${firstRequests}, second ${secondRequests.length}`);
    assert.equal(secondRequests.filter((r) => asksLogprobs(r.body)).length, 0);
    assert.ok(
      secondRequests.every((r) => (r.body.n ?? 1) === 1),
      'one answer per request, as remembered',
    );
    const provenance: string[] = JSON.parse(second.stdout).provenance;
    assert.ok(
      provenance.some((line) => /^remembered from \d{4}-\d\d-\d\d: no token log-probabilities.*silently dropped on all 3 requests/.test(line)),
      provenance.join('\n'),
    );
    assert.ok(JSON.parse(second.stdout).aspects.every((a: { method: string; score: number }) => a.method === 'sampling' && a.score !== null));

    const listed = await runInProcess(['capabilities'], env());
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    assert.match(
      listed.stdout,
      new RegExp(`learned ${day(0)}, until (${day(86_400_000)}|${day(86_400_000 + 60_000)}); token log-probabilities silently dropped`),
    );

    const reset = await runInProcess(['capabilities', '--reset'], env());
    assert.equal(reset.code, 0);
    const third = await runInProcess(evalOf('Reopened, the museum welcomes visitors.'), env());
    assert.equal(server.chatRequests.slice(firstRequests + secondRequests.length).filter((r) => asksLogprobs(r.body)).length, 4, third.stderr);
  });

  it('a day later the drop is forgotten and the server is asked again', async () => {
    // A little latency, as every real server has: the 4 aspects' requests are in flight together.
    server = await FakeOpenAiServer.start({ profile: profiles.lmStudio, latencyMs: 100 });
    server.setHandler(scoreJudge());
    await runInProcess(evalOf('The museum reopened.'), env());
    const stored = JSON.parse(fs.readFileSync(storeFile(), 'utf8'));
    for (const entry of stored.entries) {
      for (const quirk of Object.values<{ learnedAt: string; expiresAt: string }>(entry.quirks)) {
        quirk.learnedAt = new Date(Date.now() - 25 * 3600_000).toISOString();
        quirk.expiresAt = new Date(Date.now() - 3600_000).toISOString();
      }
    }
    fs.writeFileSync(storeFile(), JSON.stringify(stored));
    const before = server.chatRequests.length;
    const later = await runInProcess(evalOf('The museum is open again after works.'), env());
    assert.equal(later.code, 0, later.stderr);
    assert.equal(server.chatRequests.slice(before).filter((r) => asksLogprobs(r.body)).length, 4);
  });

  it('one odd reply without logprobs teaches nothing: the next run asks for them again', async () => {
    let served = 0;
    const oneOdd: ServerProfile = {
      name: 'logprobs missing from one reply',
      shape: (completion, body) => {
        if (body.logprobs && served++ === 0) for (const choice of completion.choices) choice.logprobs = null;
        return completion;
      },
    };
    server = await FakeOpenAiServer.start({ profile: oneOdd });
    server.setHandler(scoreJudge());
    const first = await runInProcess(evalOf('The museum reopened.'), env());
    assert.equal(first.code, 0, first.stderr);
    assert.ok(!first.stderr.includes('learned:'), first.stderr);
    const before = server.chatRequests.length;
    await runInProcess(evalOf('The museum is open again after works.'), env());
    assert.equal(server.chatRequests.slice(before).filter((r) => asksLogprobs(r.body)).length, 4);
  });
});
