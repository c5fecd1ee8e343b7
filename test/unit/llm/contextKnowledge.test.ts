import * as assert from 'node:assert/strict';
import { tableContextWindow } from '../../../src/core/llm/contextTable';
import { decideContextWindow } from '../../../src/core/llm/contextWindow';
import { isContextLengthMessage, readContextLimit, readPromptCount } from '../../../src/core/llm/refusal';
import { olderThan } from '../../../src/core/llm/serverContext';
import { CUT_CHECK_MIN_TOKENS, isSilentCut, knownCutSizes, promptCutError } from '../../../src/core/llm/silentCut';
import { countInSlices, ESTIMATE_MARGIN, estimateTokens, hasExactTokenizer, TokenCounter } from '../../../src/core/llm/tokenCount';

describe('context windows: the table, error texts, the order of evidence', () => {
  it('knows well-known models under their usual names, and says it is the table and when', () => {
    const cases: Array<[string, number | undefined]> = [
      ['gpt-4o-mini', 128_000],
      ['openai/gpt-4o', 128_000],
      ['gpt-4.1-nano', 1_047_576],
      ['gpt-5-mini', 400_000],
      ['o3-mini', 200_000],
      ['gpt-4', 8_192],
      ['claude-sonnet-4-5', 200_000],
      ['meta-llama/Llama-3.1-8B-Instruct', 131_072],
      ['llama3:8b', 8_192],
      ['llama3.2:3b', 131_072],
      ['qwen2.5:7b', 32_768],
      ['mistral-small-latest', 131_072],
      ['fake-model', undefined],
    ];
    for (const [model, tokens] of cases) assert.equal(tableContextWindow(model)?.tokens, tokens, model);
    assert.match(tableContextWindow('gpt-4o')!.detail, /as of 2026-11/);
  });

  it('reads the window from each server’s too-long error', () => {
    const cases: Array<[string, number]> = [
      ["This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (8000 in the messages, 1000 in the completion).", 8192],
      ['request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it', 4096],
      ['Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length', 32768],
      ['prompt is too long: 210000 tokens > 200000 maximum', 200000],
      ['The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).', 1048576],
    ];
    for (const [message, tokens] of cases) {
      assert.ok(isContextLengthMessage(null, message), message);
      assert.equal(readContextLimit(message), tokens, message);
    }
    assert.equal(readContextLimit('Rate limit reached'), undefined);
  });

  it('reads how many prompt tokens the server counted, where its error says so', () => {
    const cases: Array<[string, number | undefined]> = [
      ['However, you requested 4241 tokens (4233 in the messages, 8 in the completion).', 4233],
      ["This model's maximum context length is 128000 tokens. However, your messages resulted in 130012 tokens.", 130012],
      ['the request (9000 tokens) exceeds the available context size (8192 tokens)', 9000],
      ['prompt is too long: 210000 tokens > 200000 maximum', 210000],
      ["This model's maximum context length is 8192 tokens.", undefined],
    ];
    for (const [message, tokens] of cases) assert.equal(readPromptCount(message), tokens, message);
  });

  it('takes the user first, then what was learned, then the server, then the table', async () => {
    const server = async () => ({ window: { tokens: 4096, from: 'server' as const, detail: 'vLLM max_model_len' } });
    const learned = { tokens: 2048, from: 'truncation' as const, detail: 'cut' };
    assert.equal((await decideContextWindow({ model: 'gpt-4o', user: { tokens: 9000, detail: '--context-tokens 9000' }, learned, server }))?.from, 'user');
    assert.equal((await decideContextWindow({ model: 'gpt-4o', learned, server }))?.tokens, 2048);
    assert.equal((await decideContextWindow({ model: 'gpt-4o', server }))?.tokens, 4096);
    assert.equal((await decideContextWindow({ model: 'gpt-4o', server: async () => ({}) }))?.from, 'table');
    assert.equal(await decideContextWindow({ model: 'fake-model', server: async () => ({}) }), undefined);
  });

  it('compares Ollama versions as Ollama numbers them', () => {
    assert.ok(olderThan('0.6.2', [0, 6, 7]));
    assert.ok(!olderThan('0.6.7', [0, 6, 7]));
    assert.ok(!olderThan('0.12.11-rc1', [0, 6, 7]));
    assert.ok(olderThan('0.12.11', [0, 15, 5]));
  });
});

describe('token counts', () => {
  it('counts a Han character as one token, a kana as 0.8, CJK punctuation as 0.3 and four Latin characters as one', () => {
    assert.equal(estimateTokens('abcdefgh'), 2);
    assert.equal(estimateTokens('東京都'), 3);
    assert.equal(estimateTokens('ひらがなカタカナ'), Math.ceil(8 * 0.8));
    assert.equal(estimateTokens('東京は晴れ。'), Math.ceil(3 + 2 * 0.8 + 0.3));
  });

  it('is exact for the o200k families once loaded, and an estimate with its margin otherwise', async () => {
    assert.ok(hasExactTokenizer('gpt-4o-mini') && hasExactTokenizer('openai/gpt-5') && hasExactTokenizer('o3-mini'));
    assert.ok(!hasExactTokenizer('llama3.1:8b') && !hasExactTokenizer('gpt-4') && !hasExactTokenizer('o1x'));
    const exact = new TokenCounter('gpt-4o');
    await exact.ready();
    assert.equal(exact.count('hello world'), 2);
    const estimated = new TokenCounter('llama3.1:8b');
    await estimated.ready();
    const text = 'The council approved the new park on Monday. '.repeat(20);
    assert.equal(estimated.count(text), Math.ceil(estimateTokens(text) * ESTIMATE_MARGIN));
    assert.equal(estimated.plain(text), estimateTokens(text));
  });

  it('counts a long text in pieces cut before a word or a CJK sentence mark, to the same count as the whole', async () => {
    const exact = new TokenCounter('gpt-4o');
    await exact.ready();
    const parts = [
      'The council approved the new park on Monday.',
      '  Residents asked: "why now?"',
      '\n\nCosts rose to 40,000,000 euros (about $43m).',
      'Über 3.5 km of road; naïve café-goers…',
    ];
    const long = Array.from({ length: 2500 }, (_, i) => parts[i % parts.length]).join(' ');
    assert.ok(long.length > 100_000);
    assert.equal(await countInSlices(long, (t) => exact.count(t)), exact.count(long));
    assert.equal(await countInSlices('short text', (t) => exact.count(t)), exact.count('short text'));
    const cjk = '東京は２０２５年も晴れ。「本当か？」と彼は言った！'.repeat(2000);
    const pieces: number[] = [];
    assert.equal(await countInSlices(cjk, (t) => (pieces.push(t.length), exact.count(t))), exact.count(cjk), 'cut before 。！？ in Japanese');
    assert.ok(pieces.length > 1);
    const unpunctuated = '東京は晴れ'.repeat(10000);
    assert.equal(await countInSlices(unpunctuated, estimateTokens), estimateTokens(unpunctuated), 'no place to cut: counted whole');
  });
});

describe('a prompt cut silently', () => {
  it('is a report far below what was sent, or exactly a known cut size below it, on a long prompt only', () => {
    assert.ok(isSilentCut(22_000, 2048, []));
    assert.ok(isSilentCut(2600, 2048, knownCutSizes('ollama', undefined)), 'Ollama’s default size, 0.79 of what was sent');
    assert.ok(!isSilentCut(2600, 2048, knownCutSizes('vllm', undefined)));
    assert.ok(!isSilentCut(CUT_CHECK_MIN_TOKENS - 1, 10, []), 'a short prompt proves nothing');
    assert.ok(!isSilentCut(5000, 4100, [4096]), 'a chat template or tokenizer difference is no cut');
    assert.ok(!isSilentCut(5000, undefined, []), 'no usage reported');
  });

  it('ends in one line with the cause and the fix for the server at hand', () => {
    const error = promptCutError('http://localhost:11434/v1 (llama3.1:8b)', 22_000, 2048, 'ollama');
    assert.equal(error.code, 'prompt-truncated');
    assert.equal(error.exitCode, 16);
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, /read 2048 of the ~22000 tokens sent.*OLLAMA_CONTEXT_LENGTH=32768.*num_ctx/);
    assert.match(promptCutError('x', 9000, 4096, 'llama.cpp').message, /--ctx-size/);
  });
});
