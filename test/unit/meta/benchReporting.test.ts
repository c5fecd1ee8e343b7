import * as assert from 'node:assert/strict';
import { BatchSession, customId } from '../../../src/core/run/batch/batchSession';
import { estimateCost, formatCost, priceOf } from '../../../src/core/llm/pricing';
import { fitToWidth, formatDuration, ProgressBar, renderProgress } from '../../../src/core/run/progressBar';

describe('meta: bench reporting pieces', () => {
  const usage = { calls: 40, promptTokens: 12_000, completionTokens: 345, cacheHits: 0, retries: 0 };

  it("renders progress with items, failures, calls, tokens and this run's ETA", () => {
    assert.equal(renderProgress({ done: 25, todo: 100, failed: 2, usage, elapsedMs: 5000 }), '25/100 items, 2 failed, 40 calls, 12k tokens, ETA 00:15');
    assert.match(renderProgress({ done: 0, todo: 100, failed: 0, usage, elapsedMs: 0 }), /ETA --:--/);
    assert.equal(formatDuration(3725), '1:02:05');
  });

  it('fits the terminal line to its width', () => {
    const lines: string[] = [];
    const bar = new ProgressBar({ write: (t: string) => lines.push(t), isTTY: true, columns: 30 });
    bar.update({ done: 3, todo: 10, failed: 0, usage, elapsedMs: 1000 });
    const shown = lines[0].replace('\r\x1b[2K', '');
    assert.ok(shown.length < 30, shown);
    assert.ok(shown.endsWith('…'));
    assert.equal(fitToWidth('short', 30), 'short');
  });

  it('prints a plain line every N items when stderr is not a terminal', () => {
    const lines: string[] = [];
    const bar = new ProgressBar({ write: (t: string) => lines.push(t), isTTY: false }, 5);
    for (let done = 0; done <= 20; done++) bar.update({ done, todo: 20, failed: 0, usage, elapsedMs: 1000 });
    assert.equal(lines.length, 5);
    assert.ok(lines.every((l) => l.endsWith('\n') && !l.includes('\r')));
  });

  it('estimates cost from the price table, half price in batch, none for unknown models', () => {
    assert.deepEqual(priceOf('gpt-4o-mini-2024-07-18'), { input: 0.15, output: 0.6 });
    assert.equal(estimateCost('gpt-4o-mini', { promptTokens: 1e6, completionTokens: 1e6 }), 0.75);
    assert.equal(estimateCost('gpt-4o-mini', { promptTokens: 1e6, completionTokens: 1e6 }, true), 0.375);
    assert.equal(estimateCost('llama3', { promptTokens: 1, completionTokens: 1 }), undefined);
    assert.match(formatCost(1.234), /~\$1\.23 \(estimate/);
  });

  it('batch session parks identical requests under one custom_id and wakes them with the answer', async () => {
    const session = new BatchSession('e', 'm', new Map());
    const request = { messages: [{ role: 'user' as const, content: 'rate' }], maxTokens: 5 };
    const a = session.chat(request);
    const b = session.chat(request);
    const lines = session.pendingLines();
    assert.equal(lines.length, 1);
    assert.equal(lines[0].custom_id, customId(lines[0].body));
    session.answer(lines[0].custom_id, { choices: [{ index: 0, message: { content: '4' } }], usage: { prompt_tokens: 7, completion_tokens: 1 } });
    assert.equal((await a).choices[0].text, '4');
    assert.equal((await b).choices[0].text, '4');
    assert.equal(session.usage().promptTokens, 7);
    const again = await session.chat(request);
    assert.ok(again.cached);
    session.chat({ ...request, maxTokens: 6 }).catch(() => undefined);
    const [line] = session.pendingLines();
    session.answer(line.custom_id, { nonsense: true });
    assert.equal(session.pendingCount, 0);
  });
});
