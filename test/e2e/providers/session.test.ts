/**
 * The session against provider profiles, request by request: errors in every body shape
 * keep the server's words, llama.cpp's 500 is an n refusal (not an outage), LM Studio's
 * string error refuses json_object, thinking never reaches the answer, an answer cut off
 * while thinking is asked again once and then reported.
 */
import * as assert from 'node:assert/strict';
import { SumLensError } from '../../../src/core/errors';
import { createOpenAiSession, type OpenAiSessionOptions } from '../../../src/core/llm/openaiSession';
import { FakeOpenAiServer, type FakeReply, type ServerProfile } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { flatError, htmlError, listError, stringError, textError } from '../../fake/profiles/errorShapes';
import { scoreJudge } from '../../fake/profiles/scoreJudge';
import { MISLEADING_THOUGHT, withThinking } from '../../fake/profiles/thinking';

const ask = { messages: [{ role: 'user' as const, content: 'Rate it.' }], maxTokens: 8 };
const fastRetry = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 };

async function withServer(profile: ServerProfile | undefined, run: (server: FakeOpenAiServer, options: OpenAiSessionOptions) => Promise<void>): Promise<void> {
  const server = await FakeOpenAiServer.start({ profile });
  server.setHandler(scoreJudge());
  try {
    await run(server, { baseURL: server.url, model: 'judge', cacheDir: null, retry: fastRetry });
  } finally {
    await server.close();
  }
}

describe('providers: the session, request by request', () => {
  it('shows the server’s own words whatever the shape of its error body', async () => {
    const shapes: Array<[string, FakeReply, RegExp]> = [
      [
        'flat (vLLM < 0.10.1)',
        flatError(400, "The model 'judge' does not support chat templates."),
        /400: The model 'judge' does not support chat templates\./,
      ],
      ['a JSON list (Gemini)', listError(400, 'API key not valid for this project region.'), /400: API key not valid for this project region\./],
      ['a string (LM Studio)', stringError(400, 'No models loaded. Please load a model first.'), /400: No models loaded\. Please load a model first\./],
      ['plain text', textError(400, 'Bad Request: messages must alternate roles'), /400: Bad Request: messages must alternate roles/],
      ['HTML (a proxy)', htmlError(502, '502 Bad Gateway'), /failed with 502 after retries \(502 Bad Gateway nginx\)/],
      ['an empty body', { raw: '', status: 400 }, /400: the server sent an empty 400 reply/],
    ];
    await withServer(undefined, async (server, options) => {
      for (const [shape, reply, words] of shapes) {
        server.setHandler(() => reply);
        await assert.rejects(createOpenAiSession(options).chat(ask), (e: SumLensError) => {
          assert.match(e.message, words, shape);
          assert.ok(!/status code \(no body\)/.test(e.message), shape);
          return true;
        });
      }
    });
  });

  it('Azure classic: a wrong deployment gets Azure own 404 words and the URL shapes expected', async () => {
    await withServer(profiles.azureClassic('sk-azure-1234', 'judge-4o'), async (server, options) => {
      const origin = new URL(server.url).origin;
      const session = createOpenAiSession({ ...options, apiKey: 'sk-azure-1234', baseURL: `${origin}/openai/deployments/typo?api-version=2024-10-21` });
      await assert.rejects(session.chat(ask), (e: SumLensError) => {
        assert.equal(e.code, 'model-not-found');
        assert.match(
          e.message,
          /answered 404 \(Resource not found\); check the deployment name and the URL shape: Azure OpenAI expects .*\/openai\/v1 .*\/openai\/deployments\/DEPLOYMENT\?api-version=/,
        );
        return true;
      });
      assert.equal(server.requests[0].headers['api-key'], 'sk-azure-1234');
    });
  });

  it('llama.cpp: the 500 "Only one completion choice is allowed" is an n refusal, never retried as an outage', async () => {
    await withServer(profiles.llamaCpp, async (server, options) => {
      const session = createOpenAiSession(options);
      const result = await session.chat({ ...ask, temperature: 1, n: 20 });
      assert.equal(result.choices.length, 20);
      assert.equal(server.refused.length, 1);
      assert.equal(server.chatRequests.length, 21);
      assert.equal(session.usage().retries, 0);
      assert.deepEqual(session.capabilities().nCap, 1);
      assert.ok(result.fallbacks?.includes('n=20 drawn in 20 requests of at most 1'), String(result.fallbacks));
    });
  });

  it('LM Studio: json_object refused with a string error; the prompt alone asks for JSON', async () => {
    await withServer(profiles.lmStudio, async (server, options) => {
      server.setHandler(() => ({ choices: [{ text: '{"ok": true}' }] }));
      const result = await createOpenAiSession(options).chat({ ...ask, responseFormat: { type: 'json_object' } });
      assert.equal(result.choices[0].text, '{"ok": true}');
      assert.equal(server.chatRequests[1].body.response_format, undefined);
      assert.ok(result.fallbacks?.some((f) => f.startsWith('response_format json_object refused')));
    });
  });

  it('a stream-only server: n answers and their logprobs assembled from the chunks', async () => {
    await withServer(profiles.dashScope, async (server, options) => {
      const result = await createOpenAiSession(options).chat({ ...ask, topLogprobs: 5, n: 3 });
      assert.deepEqual(
        result.choices.map((c) => c.text),
        ['3', '3', '3'],
      );
      assert.deepEqual(
        result.choices[2].logprobs?.[0].top.map((t) => t.token),
        ['3', '2'],
      );
      assert.equal(server.chatRequests[1].body.stream, true);
      assert.ok(result.promptTokens > 0, 'usage from the last chunk');
      assert.ok(result.fallbacks?.includes('streamed (the server answers only streamed requests)'));
    });
  });

  it('a server that ignores n is topped up to n answers, and says so in the result', async () => {
    await withServer(profiles.ollamaOld, async (server, options) => {
      const result = await createOpenAiSession(options).chat({ ...ask, temperature: 1, n: 20 });
      assert.equal(result.choices.length, 20);
      assert.equal(server.chatRequests.length, 20, 'the first reply counts: 19 more single draws');
      const texts = result.choices.map((c) => c.text);
      assert.deepEqual([texts.filter((t) => t === '3').length, texts.filter((t) => t === '2').length], [12, 8]);
      assert.ok(result.fallbacks?.includes('n=19 drawn in 19 requests of at most 1'), String(result.fallbacks));
    });
  });

  it('<think>…</think> in the content: the answer and its tokens are read after the thinking', async () => {
    const thinkTags: ServerProfile = { name: 'think tags', shape: (completion, body) => withThinking(completion, body, 'think-tags', 50) };
    await withServer(thinkTags, async (_server, options) => {
      const result = await createOpenAiSession({ ...options, reasoningBudget: 200 }).chat({ ...ask, topLogprobs: 5 });
      const [choice] = result.choices;
      assert.equal(choice.text, '3');
      assert.equal(choice.logprobs?.[0].token, '3');
      assert.equal(choice.reasoning, MISLEADING_THOUGHT);
    });
  });

  it('reasoning: cut off while thinking, asked again once with more room; reasoning tokens counted', async () => {
    await withServer(profiles.openaiReasoning(3000), async (server, options) => {
      const session = createOpenAiSession(options);
      const result = await session.chat({ ...ask, temperature: 1 });
      assert.equal(result.choices[0].text, '2', 'the second answer drawn (the first was cut off)');
      const limits = server.chatRequests.map((r) => r.body.max_completion_tokens).filter(Boolean);
      assert.deepEqual(limits, [8 + 2048, 8 + 2 * 2048]);
      assert.ok((session.usage().reasoningTokens ?? 0) >= 3000 + 2056);
      assert.ok(session.provenance?.().some((line) => line.includes('cut off by the token limit (2056)')));
    });
  });

  it('reasoning: still cut off with more room is an error that names --reasoning-budget, never a score', async () => {
    await withServer(profiles.vllmReasoning(3000), async (_server, options) => {
      const session = createOpenAiSession({ ...options, reasoningBudget: 100 });
      await assert.rejects(session.chat({ ...ask, topLogprobs: 5 }), (e: SumLensError) => {
        assert.equal(e.code, 'invalid-reply');
        assert.match(e.message, /spent its whole token limit \(208\) thinking and gave no answer.*raise --reasoning-budget \(now 100\)/);
        return true;
      });
    });
  });
});
