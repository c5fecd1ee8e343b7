/**
 * The judge's context window as a user meets it: a prompt the server cut silently ends the
 * run with exit 16 and one stderr line naming the cause and the fix, a short source on the
 * same server is scored as usual, a too-long error teaches the window; `probe` and
 * `capabilities` print the window and where it comes from.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply, type ServerProfile } from '../../fake/openaiServer';
import { probeProfiles } from '../../fake/probeProfiles';
import * as profiles from '../../fake/profiles';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

const sentence = 'The council approved the new park on Monday after a long debate about its cost. ';

describe('the context window at the command line (fake servers)', function () {
  this.timeout(60_000);
  let server: FakeOpenAiServer;
  let work: string;

  async function start(profile?: ServerProfile): Promise<void> {
    server = await FakeOpenAiServer.start({ profile });
    server.setHandler(() => scoreReply('3', { '3': 1 }));
  }
  /** An article of about `tokens` tokens and its summary, written to the work folder. */
  function files(tokens: number): string[] {
    fs.writeFileSync(path.join(work, 'article.txt'), sentence.repeat(Math.ceil((tokens * 4) / sentence.length)));
    fs.writeFileSync(path.join(work, 'summary.txt'), 'The council approved a new park.');
    return ['--source', path.join(work, 'article.txt'), '--summary', path.join(work, 'summary.txt')];
  }
  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' });
  const cache = () => ['--cache-dir', path.join(work, 'cache')];

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-context-cli-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a prompt Ollama cut silently: exit 16, one line with the cause and the fix, no scores; capabilities shows the cut size', async () => {
    await start(profiles.ollamaCutting(2048));
    // A window the user set too large: the source is not shortened, and the one that counts (the user's) leaves no smaller one to fit to.
    const run = await runInProcess(
      ['eval', ...files(6000), '--model', 'llama3.1:8b', '--aspects', 'coherence', '--context-tokens', '32768', ...cache()],
      env(),
    );
    assert.equal(run.code, 16, run.stderr);
    const lines = stderrLines(run);
    assert.equal(lines.length, 1, run.stderr);
    assert.match(
      lines[0],
      /read 2048 of the ~\d+ tokens sent, so the judge did not see the whole prompt and its answer was not used; raise Ollama's context length \(OLLAMA_CONTEXT_LENGTH=\d+ ollama serve, or PARAMETER num_ctx \d+ in a Modelfile\)/,
    );
    assert.doesNotMatch(run.stdout, /coherence\s+3/);

    const capabilities = await runInProcess(['capabilities', ...cache()], {});
    assert.equal(capabilities.code, 0, capabilities.stderr);
    assert.match(
      capabilities.stdout,
      /llama3\.1:8b\n\s+context window 2048 tokens \(the size the server cut a prompt to\)\n\s+learned \d{4}-\d\d-\d\d, until \d{4}-\d\d-\d\d; a reply read only 2048 tokens of a longer prompt, cut without a word/,
    );
  });

  it('a short source on the same server: scored, no false alarm', async () => {
    await start(profiles.ollamaCutting(2048));
    const run = await runInProcess(['eval', ...files(300), '--model', 'llama3.1:8b', '--aspects', 'coherence', '--no-cache', '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).aspects[0].score, 3);
    assert.doesNotMatch(run.stderr, /cut the prompt/);
  });

  it('vLLM’s too-long error on first contact: the window learned from its words, the run goes on; the next run, even with --no-cache, sends nothing over it', async () => {
    await start(profiles.vllmContextLimited(4096));
    const run = await runInProcess(['eval', ...files(6000), '--aspects', 'coherence', '--json', ...cache()], env());
    assert.equal(run.code, 0, run.stderr);
    const provenance: string[] = JSON.parse(run.stdout).provenance;
    assert.ok(
      provenance.some((line) => /learned: context window 4096 tokens \(stated in a too-long error[;)]/.test(line)),
      JSON.stringify(provenance),
    );
    assert.match(JSON.parse(run.stdout).aspects[0].provenance.fallbacks.join(' '), /fitted again after the server found the prompt too long/);
    // The fake counts more tokens than SumLens; its first refusal says how many, so the refit is fitted to SumLens's count and fits.
    assert.equal(server.refused.length, 1, 'one refusal: the whole source');
    const capabilities = await runInProcess(['capabilities', '--json', ...cache()], {});
    const quirk = JSON.parse(capabilities.stdout)[0].quirks.find((q: { name: string }) => q.name === 'contextWindow');
    // The fake counts the shortened prompt as more tokens than SumLens: the window is kept scaled to SumLens's count.
    assert.equal(quirk.value.from, 'error');
    assert.equal(quirk.value.serverTokens ?? quirk.value.tokens, 4096);
    assert.ok(quirk.value.tokens <= 4096);
    const refusedBefore = server.refused.length;
    const again = await runInProcess(['eval', ...files(6000), '--aspects', 'coherence', '--no-cache', ...cache()], env());
    assert.equal(again.code, 0, again.stderr);
    assert.equal(server.refused.length, refusedBefore, 'a prompt over the learned window was sent again');
  });

  it('probe prints the window and where it comes from; --context-tokens comes first', async () => {
    await start(profiles.vllmContextLimited(8192));
    server.setHandler(probeProfiles.openai);
    const run = await runInProcess(['probe', '--model', 'fake-model', '--no-cache'], env());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /context window {5}8192 tokens · server: vLLM max_model_len in the server's \/models/);
    const set = await runInProcess(['probe', '--json', '--model', 'fake-model', '--no-cache', '--context-tokens', '6000'], env());
    assert.deepEqual(JSON.parse(set.stdout).context, { tokens: 6000, from: 'user', detail: '--context-tokens 6000' });
  });
});
