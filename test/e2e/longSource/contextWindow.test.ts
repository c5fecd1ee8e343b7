/**
 * A source too long for the judge's context, through the CLI and fake servers with a window:
 * one call per aspect within the window; a server that refuses or cuts a prompt it never
 * said was too long gets the excerpts fitted again; what cannot be fitted is exit 7 before
 * any scoring call.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { estimateTokens } from '../../../src/core/llm/tokenCount';
import { FakeOpenAiServer, promptTokensOf, scoreReply, type ServerProfile } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { FACTS, LONG_SUMMARY, longArticle } from '../../fixtures/longSource/longArticle';
import { runInProcess } from '../cli/runInProcess';
import { stderrLines } from '../cli/runCli';

describe('long sources: a judge with a context window (CLI)', function () {
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  const source = longArticle(220);

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-window-'));
    fs.writeFileSync(path.join(dir, 'report.txt'), source);
    fs.writeFileSync(path.join(dir, 'summary.txt'), LONG_SUMMARY);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => server.close());

  async function evalOn(profile: ServerProfile | undefined, args: string[], model = 'fake-model') {
    server = await FakeOpenAiServer.start({ profile });
    server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.4 }));
    const env = { OPENAI_API_KEY: 'sk-window', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, `xdg-${Math.random()}`) };
    return runInProcess(
      ['eval', '--source', path.join(dir, 'report.txt'), '--summary', path.join(dir, 'summary.txt'), '--model', model, '--no-cache', ...args],
      env,
    );
  }

  it('a ~22,000-token source on an 8,192-token vLLM: one call per aspect, each within the window, the excerpts named', async () => {
    assert.ok(estimateTokens(source) > 20_000 && estimateTokens(source) < 24_000);
    const run = await evalOn(profiles.vllmContextLimited(8192), ['--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(server.chatRequests.length, 4);
    for (const request of server.chatRequests) {
      assert.ok(promptTokensOf(request.body) + Number(request.body.max_tokens ?? 0) <= 8192);
      assert.ok(FACTS.every((fact) => JSON.stringify(request.body).includes(fact)));
    }
    for (const aspect of result.aspects) {
      assert.equal(aspect.sourceShown.reason, 'context');
      assert.deepEqual(aspect.sourceShown.window, { tokens: 8192, detail: "vLLM max_model_len in the server's /models" });
      assert.ok(
        aspect.provenance.fallbacks.some((f: string) =>
          /^source shortened: \d+% shown, BM25 excerpts, context 8,192 tokens \(vLLM max_model_len in the server's \/models\)$/.test(f),
        ),
      );
    }
  });

  it('a server that never told its window refuses the whole source once per aspect, then gets the excerpts fitted to the window its error taught', async () => {
    const silentVllm = { ...profiles.vllmContextLimited(8192), metadata: undefined };
    const run = await evalOn(silentVllm, ['--json', '--aspects', 'coherence']);
    assert.equal(run.code, 0, run.stderr);
    const [coherence] = JSON.parse(run.stdout).aspects;
    assert.equal(coherence.score !== null, true);
    assert.match(
      coherence.provenance.fallbacks.join('\n'),
      /source shortened: .*context 8,192 tokens \(the server said: "[^"]*8192[^"]*"\) \(fitted again after the server found the prompt too long\)$/m,
    );
    assert.equal(server.chatRequests.length, 2, 'the refused call, then the fitted one');
  });

  it('the table says a shared shortening once, with the window and where it came from; an aspect keeps only its refit', async () => {
    const silentVllm = { ...profiles.vllmContextLimited(8192), metadata: undefined };
    const run = await evalOn(silentVllm, ['--aspects', 'coherence']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\nsource shortened for the judge's context of 8,192 tokens \(the server said: "[^"\n]*"\): \d+% shown /);
    assert.match(run.stdout, /\ncoherence fallback: excerpts fitted again after the server found the prompt too long\n/);
    assert.doesNotMatch(run.stdout, /fallback: source shortened/);
  });

  it('a server that counts more tokens than SumLens did refuses the fitted prompt: fitted again to 85% of the window', async () => {
    const vllm = profiles.vllmContextLimited(8192);
    // This server's tokenizer takes 60% more tokens than SumLens's margined estimate.
    const counting: ServerProfile = {
      ...vllm,
      refuse: (request) =>
        vllm.refuse!({
          ...request,
          body: { ...request.body, max_tokens: Math.ceil(promptTokensOf(request.body) * 0.6) + Number(request.body.max_tokens ?? 0) },
        }),
    };
    const run = await evalOn(counting, ['--json', '--aspects', 'coherence']);
    assert.equal(run.code, 0, run.stderr);
    const [coherence] = JSON.parse(run.stdout).aspects;
    assert.match(
      coherence.provenance.fallbacks.join('\n'),
      /fitted again after the server found the prompt too long, to 85% of the window, as the server counts more tokens than SumLens did/,
    );
    // The excerpts fill their budget (counted again as a whole), so the 85% refit may itself be refused once more (MAX_REFITS).
    assert.ok(server.chatRequests.length >= 2 && server.chatRequests.length <= 3, `${server.chatRequests.length} calls`);
  });

  it('Ollama that cuts silently: its told window is fitted to beforehand, and no answer to a cut prompt is used', async () => {
    const run = await evalOn(profiles.ollamaCutting(2048), ['--json', '--aspects', 'coherence,relevance'], 'llama3.1:8b');
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.ok(server.chatRequests.every((r) => promptTokensOf(r.body) + Number(r.body.max_tokens ?? 0) <= 2048));
    assert.ok(result.aspects.every((a: { sourceShown?: { reason: string } }) => a.sourceShown?.reason === 'context'));
  });

  it('Ollama that cuts and does not tell its window: the cut is caught, the excerpts are fitted to it and asked again', async () => {
    const silentOllama = { ...profiles.ollamaCutting(2048), metadata: undefined };
    const run = await evalOn(silentOllama, ['--json', '--aspects', 'coherence'], 'llama3.1:8b');
    assert.equal(run.code, 0, run.stderr);
    const [coherence] = JSON.parse(run.stdout).aspects;
    assert.match(coherence.provenance.fallbacks.join('\n'), /fitted again after the server cut the prompt/);
    assert.ok(promptTokensOf(server.chatRequests.at(-1)!.body) <= 2048);
  });

  it('a context that cannot hold the instructions and the summary: exit 7, one line, no scoring call', async () => {
    const run = await evalOn(undefined, ['--context-tokens', '300']);
    assert.equal(run.code, 7, run.stderr);
    assert.equal(stderrLines(run).length, 1, run.stderr);
    assert.match(run.stderr, /the judge's context of 300 tokens \(--context-tokens 300\) cannot hold even the instructions and the summary/);
    assert.equal(server.chatRequests.length, 0);
  });

  it('a summary longer than its source, the two too long for the context: exit 7 saying so', async () => {
    fs.writeFileSync(path.join(dir, 'short.txt'), longArticle(4));
    fs.writeFileSync(path.join(dir, 'long-summary.txt'), longArticle(12));
    server = await FakeOpenAiServer.start();
    const env = { OPENAI_API_KEY: 'sk-window', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg-x') };
    const run = await runInProcess(
      [
        'eval',
        '--source',
        path.join(dir, 'short.txt'),
        '--summary',
        path.join(dir, 'long-summary.txt'),
        '--model',
        'fake-model',
        '--context-tokens',
        '1500',
        '--no-cache',
      ],
      env,
    );
    assert.equal(run.code, 7, run.stderr);
    assert.match(run.stderr, /the summary \([\d,]+ tokens\) is longer than its document \([\d,]+ tokens\)/);
    assert.equal(server.chatRequests.length, 0);
  });
});
