import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluate } from '../../../src/core/evaluate';
import { failFast } from '../../../src/core/failFast';
import { SMALLEST_STARTING_WINDOW } from '../../../src/core/llm/contextWindow';
import { listCapabilities } from '../../../src/core/llm/capabilityStore';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { fetchServerContext } from '../../../src/core/llm/serverContext';
import { FakeOpenAiServer, scoreReply, type ServerProfile } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';

/** About `tokens` tokens of English prose, as SumLens and the fake count it. */
function prose(tokens: number): string {
  const sentence = 'The council approved the new park on Monday after a long debate. ';
  return sentence.repeat(Math.ceil((tokens * 4) / sentence.length));
}

describe('the context window of an endpoint, and a prompt it cut (fake servers over HTTP)', () => {
  let server: FakeOpenAiServer;
  let cacheDir: string;

  async function start(profile?: ServerProfile): Promise<void> {
    server = await FakeOpenAiServer.start({ profile });
    server.setHandler(() => scoreReply('3', { '3': 1 }));
  }
  function session(model = 'fake-model', contextTokens?: number) {
    return createOpenAiSession({
      baseURL: server.url,
      model,
      cacheDir,
      userContext: contextTokens ? { tokens: contextTokens, detail: `--context-tokens ${contextTokens}` } : undefined,
    });
  }
  const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }], maxTokens: 1 });

  beforeEach(() => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-context-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const stated: Array<[string, ServerProfile | undefined, string, number, RegExp]> = [
    ['vLLM', profiles.vllmContextLimited(8192), 'fake-model', 8192, /vLLM max_model_len/],
    ['LM Studio', profiles.lmStudio, 'fake-model', 8192, /LM Studio loaded_context_length/],
    ['llama.cpp', profiles.llamaCpp, 'fake-model', 4096, /llama\.cpp n_ctx in \/props/],
    ['OpenRouter', profiles.openRouter, 'fake-model', 32768, /context_length in the server's \/models/],
    ['Ollama 0.6.2', profiles.ollamaCutting(), 'llama3.1:8b', 2048, /Ollama 0\.6\.2's default context length \(2048/],
    ['a server that does not tell, for a model in the table', undefined, 'gpt-4o-mini', 128_000, /table of well-known models \(as of 2026-11\)/],
  ];
  for (const [name, profile, model, tokens, detail] of stated) {
    it(`${name}: ${tokens} tokens, and where that comes from`, async () => {
      await start(profile);
      const window = await session(model).contextWindow!();
      assert.equal(window?.tokens, tokens);
      assert.match(window.detail, detail);
      assert.equal(server.chatRequests.length, 0, 'no chat request is spent on it');
    });
  }

  it('gives up on a server that does not answer its metadata within one deadline for all the look-ups', async () => {
    await start();
    server.mount((request) => request.method === 'GET'); // every GET hangs
    const started = Date.now();
    assert.deepEqual(await fetchServerContext({ baseURL: server.url, model: 'fake-model', headers: {}, timeoutMs: 300 }), {});
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
  });

  it('takes --context-tokens over what the server says, and asks the server nothing', async () => {
    await start(profiles.vllmContextLimited(8192));
    assert.deepEqual(await session('fake-model', 6000).contextWindow!(), { tokens: 6000, from: 'user', detail: '--context-tokens 6000' });
    assert.equal(server.requests.length, 0);
  });

  it('a prompt within the smallest starting window: the server is not asked, unless the user or a reply told the window', async () => {
    await start(profiles.llamaCpp);
    assert.equal(await session().contextWindow!(undefined, SMALLEST_STARTING_WINDOW), undefined);
    assert.equal(server.requests.length, 0, 'no look-up for a short prompt');
    assert.equal((await session('fake-model', 1000).contextWindow!(undefined, 500))?.tokens, 1000, "the user's window still holds");
    assert.equal((await session().contextWindow!(undefined, SMALLEST_STARTING_WINDOW + 1))?.tokens, 4096, 'a longer prompt asks the server');
  });

  it('evaluate() on a short source sends its first request without a look-up', async () => {
    await start(profiles.llamaCpp);
    const result = await evaluate(
      { source: 'The museum reopened on Monday.', summary: 'The museum reopened.', task: 'summarization' },
      { method: 'geval', aspects: ['coherence'], session: session() },
    );
    assert.equal(result.aspects[0].score, 3);
    assert.deepEqual(
      server.requests.map((r) => r.method),
      ['POST'],
    );
  });

  it('learns the window from vLLM’s too-long error, still fails the call, and remembers it', async () => {
    await start(profiles.vllmContextLimited(8192));
    const s = session();
    await assert.rejects(s.chat(ask(prose(9000))), (error: { code: string }) => error.code === 'context-too-long');
    assert.deepEqual(await s.contextWindow!(), { tokens: 8192, from: 'error', detail: s.capabilities().contextWindow!.detail });
    assert.match(s.capabilities().contextWindow!.detail, /maximum context length is 8192 tokens/);
    const remembered = listCapabilities(cacheDir)[0].quirks.find((q) => q.name === 'contextWindow');
    assert.equal((remembered?.value as { tokens: number }).tokens, 8192);
  });

  it('refuses an answer to a prompt Ollama cut, learns the cut size, caches nothing; a short prompt is fine', async () => {
    await start(profiles.ollamaCutting(2048));
    const s = session('llama3.1:8b');
    await assert.rejects(s.chat(ask(prose(6000))), (error: { code: string; message: string }) => {
      assert.equal(error.code, 'prompt-truncated');
      assert.match(error.message, /read 2048 of the ~\d+ tokens sent.*OLLAMA_CONTEXT_LENGTH=8192 ollama serve.*num_ctx/);
      return true;
    });
    assert.deepEqual({ tokens: s.capabilities().contextWindow?.tokens, from: s.capabilities().contextWindow?.from }, { tokens: 2048, from: 'truncation' });
    await assert.rejects(s.chat(ask(prose(6000))), /cut the prompt/);
    assert.equal(server.chatRequests.length, 2, 'the cut answer was not cached');
    const short = await s.chat(ask(prose(1500)));
    assert.equal(short.choices[0].text, '3', 'no false alarm on a prompt that fits');
  });

  it('forgets a cut size when a later reply read more than it', async () => {
    await start();
    server.enqueue({ ...scoreReply('3', { '3': 1 }), promptTokens: 2048 });
    const s = session();
    await assert.rejects(s.chat(ask(prose(5000))), /cut the prompt/);
    assert.equal(s.capabilities().contextWindow?.tokens, 2048);
    await s.chat(ask(prose(3000)));
    assert.equal(s.capabilities().contextWindow, undefined);
    assert.ok(s.provenance!().some((line) => /forgot: context window 2048 tokens/.test(line)));
  });

  it('stops the run on a cut prompt, except for a caller that refits it', async () => {
    await start(profiles.ollamaCutting(2048));
    const run = failFast(session('llama3.1:8b'));
    await assert.rejects(run.refittable.chat(ask(prose(6000))), /cut the prompt/);
    assert.equal(run.fatal(), undefined);
    assert.equal((await run.refittable.contextWindow!())?.tokens, 2048, 'the refitting caller reads the window just learned');
    await assert.rejects(run.session.chat(ask(prose(6000))), /cut the prompt/);
    assert.equal(run.fatal()?.code, 'prompt-truncated');
    assert.ok(run.signal.aborted);
    run.dispose();
  });
});
