import * as assert from 'node:assert/strict';
import { isSumLensError } from '../../../src/core/errors';
import { estimateCost, PRICE_TABLE_DATE } from '../../../src/core/llm/pricing';
import { SpendLimit } from '../../../src/core/llm/spendLimit';

/** gpt-4o-mini: $0.15 per 1M prompt tokens, $0.60 per 1M completion tokens. */
const mini = 'gpt-4o-mini';

function refusal(code: string, pattern: RegExp) {
  return (error: unknown) => isSumLensError(error) && error.code === code && pattern.test(error.message);
}

describe('SpendLimit', () => {
  it('counts settled replies at their model’s list price, and the batch price for batch requests', () => {
    const limit = new SpendLimit({ maxCostUsd: 1 });
    limit.reserve(mini, { promptTokens: 2000, completionTokens: 100 }).settle({ promptTokens: 1000, completionTokens: 10 });
    limit.reserve('gpt-4o', { promptTokens: 2000, completionTokens: 100 }, true).settle({ promptTokens: 1000, completionTokens: 10 });
    const spent = limit.spent();
    const expected =
      estimateCost(mini, { promptTokens: 1000, completionTokens: 10 })! + estimateCost('gpt-4o', { promptTokens: 1000, completionTokens: 10 }, true)!;
    assert.ok(Math.abs(spent.usd - expected) < 1e-12);
    assert.deepEqual(
      { ...spent, usd: undefined },
      { usd: undefined, promptTokens: 2000, completionTokens: 20, requests: 2, models: [mini, 'gpt-4o'], prices: PRICE_TABLE_DATE },
    );
  });

  it('refuses a request whose worst cost would cross the limit, counting what is in flight, and names the limit and the spend', () => {
    // One request at worst: 1,000,000 prompt tokens = $0.15; the limit holds two, not three.
    const limit = new SpendLimit({ maxCostUsd: 0.35 });
    const worst = { promptTokens: 1_000_000, completionTokens: 0 };
    const first = limit.reserve(mini, worst);
    limit.reserve(mini, worst);
    assert.throws(() => limit.reserve(mini, worst), refusal('budget-exceeded', /^spending limit \$0\.35 reached: \$0\.0000 spent on 0 requests/));
    // Settling the first below its worst frees room, but the run has stopped: no request sneaks in after.
    first.settle({ promptTokens: 10, completionTokens: 0 });
    assert.throws(() => limit.reserve(mini, { promptTokens: 1, completionTokens: 0 }), refusal('budget-exceeded', /--max-cost/));
  });

  it('reserves more for a model whose server counted its prompts higher than the session did', () => {
    const limit = new SpendLimit({ maxTokens: 1000 });
    limit.reserve(mini, { promptTokens: 100, completionTokens: 0 }).settle({ promptTokens: 150, completionTokens: 0 });
    // 150 spent; 560 counted is held as 840: 990 fits, 570 counted (855) would not.
    limit.reserve(mini, { promptTokens: 560, completionTokens: 0 }).release();
    assert.throws(() => limit.reserve(mini, { promptTokens: 570, completionTokens: 0 }), refusal('budget-exceeded', /token limit 1000/));
  });

  it('names in its message what was spent by the time it is read, the requests in flight at the stop included', () => {
    const limit = new SpendLimit({ maxCostUsd: 0.2 });
    const worst = { promptTokens: 1_000_000, completionTokens: 0 };
    const inFlight = limit.reserve(mini, worst);
    let stop: unknown;
    assert.throws(
      () => limit.reserve(mini, worst),
      (error) => ((stop = error), true),
    );
    assert.match((stop as Error).message, /\$0\.0000 spent on 0 requests/);
    inFlight.settle(worst);
    assert.match((stop as Error).message, /^spending limit \$0\.2 reached: \$0\.1500 spent on 1 request \(gpt-4o-mini, list prices of /);
  });

  it('frees a released reservation (a failed or cancelled request spends nothing)', () => {
    const limit = new SpendLimit({ maxCostUsd: 0.2 });
    const worst = { promptTokens: 1_000_000, completionTokens: 0 };
    const failed = limit.reserve(mini, worst);
    failed.release();
    failed.settle(worst); // settling after a release counts nothing
    limit.reserve(mini, worst).settle(worst);
    assert.deepEqual([limit.spent().requests, limit.spent().promptTokens], [1, 1_000_000]);
  });

  it('keeps many concurrent reservations within the limit, whatever order their replies settle in', async () => {
    const limit = new SpendLimit({ maxCostUsd: 0.01 });
    const worst = { promptTokens: 1000, completionTokens: 100 }; // $0.00021 at worst
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 7));
        try {
          const held = limit.reserve(mini, worst);
          await new Promise((resolve) => setTimeout(resolve, (i * 13) % 11));
          held.settle(worst);
          return 'sent';
        } catch {
          return 'refused';
        }
      }),
    );
    const sent = outcomes.filter((o) => o === 'sent').length;
    assert.equal(sent, Math.floor(0.01 / estimateCost(mini, worst)!));
    assert.ok(limit.spent().usd <= 0.01);
  });

  it('limits a model with no price by tokens, and refuses it without a token limit before any request', () => {
    assert.throws(() => new SpendLimit({ maxCostUsd: 1 }).admit('llama3.1:8b'), refusal('usage', /no price.*--max-tokens/));
    const limit = new SpendLimit({ maxCostUsd: 1, maxTokens: 1500 });
    limit.admit('llama3.1:8b');
    limit.reserve('llama3.1:8b', { promptTokens: 900, completionTokens: 100 }).settle({ promptTokens: 800, completionTokens: 50 });
    assert.throws(
      () => limit.reserve('llama3.1:8b', { promptTokens: 600, completionTokens: 100 }),
      refusal('budget-exceeded', /^token limit 1500 reached: 850 tokens spent on 1 request \(llama3\.1:8b\).*--max-tokens/),
    );
    assert.equal(limit.spent().usd, 0);
  });

  it('refuses a limit that is not a positive number', () => {
    for (const bad of [0, -1, Number.NaN, Infinity]) assert.throws(() => new SpendLimit({ maxCostUsd: bad }), RangeError);
    assert.throws(() => new SpendLimit({}), RangeError);
  });
});
