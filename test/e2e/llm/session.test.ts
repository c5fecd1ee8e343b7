import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SumLensError } from '../../../src/core/errors';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import type { LlmSession } from '../../../src/core/llm/types';
import { FakeOpenAiServer, scoreReply, textReply } from '../../fake/openaiServer';

const apiKey = 'sk-test-SECRET-4f1d9c';
const fastRetry = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 50 };

describe('LLM session over HTTP (fake OpenAI-compatible server)', () => {
  let server: FakeOpenAiServer;
  let cacheDir: string;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-cache-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  function session(overrides: Partial<Parameters<typeof createOpenAiSession>[0]> = {}): LlmSession {
    return createOpenAiSession({ baseURL: server.url, apiKey, model: 'fake-model', cacheDir, retry: fastRetry, ...overrides });
  }
  const ask = { messages: [{ role: 'user' as const, content: 'Rate it.' }], maxTokens: 5, topLogprobs: 5 };

  it('returns token log-probabilities and counts usage', async () => {
    server.enqueue(scoreReply('4', { '4': 0.7, '3': 0.2, '5': 0.1 }));
    const s = session();
    const result = await s.chat(ask);
    assert.equal(result.choices[0].text, '4');
    const top = result.choices[0].logprobs![0].top.map((t) => t.token);
    assert.deepEqual(top, ['4', '3', '5']);
    assert.equal(server.chatRequests[0].body.logprobs, true);
    assert.equal(server.chatRequests[0].body.top_logprobs, 5);
    assert.equal(s.usage().calls, 1);
    assert.ok(s.usage().promptTokens > 0);
  });

  it('answers an unchanged request from the cache with zero calls, across sessions', async () => {
    server.enqueue(scoreReply('4', { '4': 1 }));
    await session().chat(ask);
    const second = session();
    const result = await second.chat(ask);
    assert.equal(result.cached, true);
    assert.equal(server.chatRequests.length, 1);
    assert.deepEqual([second.usage().calls, second.usage().cacheHits], [0, 1]);
  });

  it('still answers when the cache cannot be written', async () => {
    const blocked = path.join(cacheDir, 'not-a-directory');
    fs.writeFileSync(blocked, '');
    server.enqueue(scoreReply('4', { '4': 1 }));
    const result = await session({ cacheDir: blocked }).chat(ask);
    assert.equal(result.choices[0].text, '4');
    assert.equal(result.cached, false);
  });

  it('retries a 429, waiting for Retry-After', async () => {
    server.enqueue({ status: 429, error: { message: 'slow down' }, headers: { 'retry-after': '0.3' } }, textReply('ok'));
    const started = Date.now();
    const s = session();
    const result = await s.chat({ messages: ask.messages });
    assert.equal(result.choices[0].text, 'ok');
    assert.ok(Date.now() - started >= 290, 'waited for Retry-After');
    assert.deepEqual([s.usage().calls, s.usage().retries], [2, 1]);
  });

  it('retries 500s, malformed JSON and dropped connections, then succeeds', async () => {
    server.enqueue({ status: 500, error: { message: 'boom' } }, { raw: '{"choices": [' }, { drop: true }, textReply('fine'));
    const result = await session().chat({ messages: ask.messages });
    assert.equal(result.choices[0].text, 'fine');
    assert.equal(server.chatRequests.length, 4);
  });

  it('reports a server that keeps failing with a clear error and its code', async () => {
    server.setHandler(() => ({ status: 503, error: { message: 'overloaded' } }));
    await assert.rejects(session().chat({ messages: ask.messages }), (e: SumLensError) => e.code === 'server-error' && /503/.test(e.message));
  });

  it('times out a reply that never comes', async () => {
    server.setHandler(() => ({ hang: true }));
    const s = session({ timeoutMs: 200, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await assert.rejects(s.chat({ messages: ask.messages }), (e: SumLensError) => e.code === 'timeout');
  });

  it('is cancelled by its AbortSignal, also while waiting to retry', async () => {
    server.setHandler(() => ({ status: 429, error: { message: 'wait' }, headers: { 'retry-after': '30' } }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await assert.rejects(session().chat({ messages: ask.messages }, controller.signal), (e: SumLensError) => e.code === 'cancelled');
    assert.ok(Date.now() - started < 2000);
  });

  it('reports refused logprobs without fetching an answer nobody wants, and remembers it', async () => {
    server.enqueue({ status: 400, error: { message: 'logprobs is not supported for this model', param: 'logprobs' } });
    const s = session();
    const result = await s.chat(ask);
    assert.equal(result.logprobsUnavailable, true);
    assert.equal(result.choices.length, 0);
    assert.equal(server.chatRequests.length, 1);
    assert.equal(s.capabilities().logprobs, false);
    const again = await session().chat({ ...ask, messages: [{ role: 'user', content: 'Another.' }] });
    assert.equal(again.logprobsUnavailable, true);
    assert.equal(server.chatRequests.length, 1, 'a new session remembers the refusal and sends nothing');
  });

  it('learns that a server silently ignores logprobs', async () => {
    server.setHandler(() => ({ raw: JSON.stringify({ choices: [{ index: 0, message: { content: '4' }, finish_reason: 'stop', logprobs: null }] }) }));
    const result = await session().chat(ask);
    assert.equal(result.logprobsUnavailable, true);
  });

  it('splits n into parallel requests where n > 1 is refused', async () => {
    server.enqueue({ status: 400, error: { message: "Unsupported value: 'n' must be 1", param: 'n' } });
    server.setHandler(() => textReply('2'));
    const result = await session().chat({ messages: ask.messages, n: 5, temperature: 1 });
    assert.equal(result.choices.length, 5);
    assert.equal(server.chatRequests.length, 6);
  });

  it('adapts to reasoning models: max_completion_tokens and no temperature', async () => {
    server.enqueue(
      {
        status: 400,
        error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", param: 'max_tokens' },
      },
      { status: 400, error: { message: "Unsupported value: 'temperature' does not support 0 with this model.", param: 'temperature' } },
      textReply('5'),
    );
    await session().chat({ messages: ask.messages, maxTokens: 5, temperature: 0 });
    const last = server.chatRequests[2].body;
    assert.equal(last.max_tokens, undefined);
    assert.ok(last.max_completion_tokens >= 5);
    assert.equal(last.temperature, undefined);
  });

  it('falls back from json_schema to json_object', async () => {
    server.enqueue({ status: 400, error: { message: 'response_format json_schema is not supported', param: 'response_format' } }, textReply('{}'));
    await session().chat({ messages: ask.messages, responseFormat: { type: 'json_schema', name: 'x', schema: { type: 'object' } } });
    assert.deepEqual(server.chatRequests[1].body.response_format, { type: 'json_object' });
  });

  it('maps unreachable endpoints, missing models and long contexts to distinct errors', async () => {
    const dead = createOpenAiSession({ baseURL: 'http://127.0.0.1:9/v1', apiKey, cacheDir: null, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    await assert.rejects(dead.chat({ messages: ask.messages }), (e: SumLensError) => e.code === 'unreachable' && e.exitCode === 4);
    server.enqueue({ status: 404, error: { message: 'The model `nope` does not exist', code: 'model_not_found' } });
    await assert.rejects(session().chat({ messages: ask.messages }), (e: SumLensError) => e.code === 'model-not-found');
    server.enqueue({ status: 400, error: { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' } });
    await assert.rejects(session().chat({ messages: ask.messages }), (e: SumLensError) => e.code === 'context-too-long');
  });

  it('needs a key for OpenAI itself but not for a local server', () => {
    assert.throws(
      () => createOpenAiSession({ cacheDir: null }),
      (e: SumLensError) => e.code === 'no-api-key' && e.exitCode === 3,
    );
    assert.doesNotThrow(() => createOpenAiSession({ baseURL: server.url, cacheDir: null }));
  });

  it('never writes the key into errors or the cache', async () => {
    server.enqueue({ status: 401, error: { message: `Incorrect API key provided: ${apiKey}` } });
    await assert.rejects(session().chat({ messages: ask.messages }), (e: Error) => !e.message.includes(apiKey));
    server.enqueue(textReply('ok'));
    await session().chat({ messages: [{ role: 'user', content: 'cache me' }] });
    for (const file of listFiles(cacheDir)) assert.ok(!fs.readFileSync(file, 'latin1').includes(apiKey), file);
  });
});

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
