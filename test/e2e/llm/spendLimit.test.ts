import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isSumLensError } from '../../../src/core/errors';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { estimateCost } from '../../../src/core/llm/pricing';
import { SpendLimit } from '../../../src/core/llm/spendLimit';
import type { ChatRequest } from '../../../src/core/llm/types';
import { FakeOpenAiServer } from '../../fake/openaiServer';

describe('the spending limit on sessions over HTTP (fake server reporting usage)', () => {
  let server: FakeOpenAiServer;
  let cacheDir: string;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start({ latencyMs: 5 });
    // Each reply reports 1,000 prompt and 10 completion tokens: $0.000156 on gpt-4o-mini.
    server.setHandler(() => ({ choices: [{ text: '4' }], promptTokens: 1000, completionTokens: 10 }));
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-spend-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  const session = (spendLimit: SpendLimit, model = 'gpt-4o-mini') =>
    createOpenAiSession({ baseURL: server.url, apiKey: 'sk-test', model, cacheDir, concurrency: 4, spendLimit });
  /** A prompt of about 1,000 tokens (reserved as counted) asking for at most 10: its worst cost is about what it reports. */
  const ask = (i: number): ChatRequest => ({ messages: [{ role: 'user', content: `Item ${i}. ` + 'word '.repeat(990) }], maxTokens: 10 });
  const perReply = estimateCost('gpt-4o-mini', { promptTokens: 1000, completionTokens: 10 })!;

  it('stops before the request that could cross the limit, with several in flight, and goes on from the cache under a higher one', async () => {
    const limit = new SpendLimit({ maxCostUsd: 0.002 });
    const s = session(limit);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => s.chat(ask(i))));
    const answered = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    assert.ok(refused.every((e) => isSumLensError(e) && e.code === 'budget-exceeded' && e.exitCode === 18));
    assert.match(String(refused[0].message), /^spending limit \$0\.002 reached: \$0\.001\d+ spent on \d+ requests \(gpt-4o-mini, list prices of/);
    // Only what was sent was spent, and never past the limit: about 0.002 / 0.000156 requests.
    assert.equal(server.chatRequests.length, answered);
    assert.equal(limit.spent().requests, answered);
    assert.ok(answered >= 10 && answered <= 12, `${answered} answered`);
    assert.ok(limit.spent().usd <= 0.002 && Math.abs(limit.spent().usd - answered * perReply) < 1e-12);

    // The same requests under a higher limit: what was answered costs nothing, the rest is sent once.
    const again = new SpendLimit({ maxCostUsd: 0.01 });
    const second = session(again);
    await Promise.all(Array.from({ length: 30 }, (_, i) => second.chat(ask(i))));
    assert.equal(server.chatRequests.length, 30);
    assert.deepEqual([second.usage().cacheHits, again.spent().requests], [answered, 30 - answered]);
  });

  it('shares one limit between the sessions of a run, each request priced with its own model', async () => {
    const limit = new SpendLimit({ maxCostUsd: 0.01 });
    await session(limit, 'gpt-4o-mini').chat(ask(1));
    await session(limit, 'gpt-4o').chat(ask(2));
    const spent = limit.spent();
    assert.deepEqual(spent.models, ['gpt-4o-mini', 'gpt-4o']);
    assert.ok(Math.abs(spent.usd - perReply - estimateCost('gpt-4o', { promptTokens: 1000, completionTokens: 10 })!) < 1e-12);
  });

  it('refuses a model with no price before any request unless its tokens are limited', async () => {
    assert.throws(
      () => session(new SpendLimit({ maxCostUsd: 1 }), 'llama3.1:8b'),
      (e: unknown) => isSumLensError(e) && e.code === 'usage' && /--max-tokens/.test(e.message),
    );
    const limit = new SpendLimit({ maxCostUsd: 1, maxTokens: 3000 });
    const s = session(limit, 'llama3.1:8b');
    await s.chat(ask(1));
    await s.chat(ask(2));
    await assert.rejects(
      s.chat(ask(3)),
      (e: unknown) => isSumLensError(e) && e.code === 'budget-exceeded' && /token limit 3000 reached: 2020 tokens/.test(e.message),
    );
    assert.equal(server.chatRequests.length, 2);
  });
});
