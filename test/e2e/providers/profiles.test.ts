/**
 * One evaluation (the engine's entry point, as `sumlens eval` runs it) per row of the
 * provider guide, through the real `openai` client against the fake server behaving as that
 * provider; test/e2e/providers/cli.test.ts runs the CLI itself on a few. Each checks:
 * the route taken, the score the served answers imply, that no refused request was sent
 * twice (the fake server counts refusals, and every request body is compared), and that no
 * aspect is left unscored with exit 0.
 */
import * as assert from 'node:assert/strict';
import { FakeOpenAiServer, type ServerProfile } from '../../fake/openaiServer';
import * as profiles from '../../fake/profiles';
import { DEFAULT_ALTERNATIVES, impliedScore, scoreJudge } from '../../fake/profiles/scoreJudge';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';

const apiKey = 'sk-providers-SECRET-5b2e';

export interface ProfileCase {
  row: string;
  profile: ServerProfile;
  route: 'logprobs' | 'sampling';
  /** Requests the server refuses in one run: one per refused parameter, none twice. */
  refusals: number;
  alternatives?: Record<string, number>;
  /** The base URL a user gives for this provider (default: the fake's /v1). */
  baseUrl?(origin: string): string;
  /** The run's notices (stderr in the CLI) must say this (a quirk learned, a fallback noticed). */
  notice?: RegExp;
}

const cases: ProfileCase[] = [
  { row: 'OpenAI', profile: profiles.openai, route: 'logprobs', refusals: 0 },
  {
    row: 'OpenAI reasoning (o4-mini, gpt-5)',
    profile: profiles.openaiReasoning(),
    route: 'sampling',
    refusals: 3,
    notice: /max_completion_tokens.*\n.*temperature.*\n.*logprobs/s,
  },
  { row: 'Azure OpenAI v1', profile: profiles.azureV1(apiKey), route: 'logprobs', refusals: 0, baseUrl: (o) => `${o}/openai/v1` },
  {
    row: 'Azure OpenAI classic',
    profile: profiles.azureClassic(apiKey, 'judge-4o'),
    route: 'logprobs',
    refusals: 0,
    baseUrl: (o) => `${o}/openai/deployments/judge-4o?api-version=2024-10-21`,
  },
  { row: 'vLLM ≥ 0.10.1', profile: profiles.vllm(), route: 'logprobs', refusals: 0 },
  {
    row: 'vLLM < 0.10.1 (flat error body, --max-logprobs 10)',
    profile: profiles.vllm({ maxLogprobs: 10, flatErrors: true }),
    route: 'logprobs',
    refusals: 1,
    notice: /top_logprobs capped at 10.*greater than max allowed: 10/,
  },
  {
    row: 'vLLM 0.4 (5 logprobs at most)',
    profile: profiles.vllm04,
    route: 'logprobs',
    refusals: 1,
    notice: /top_logprobs capped at 5.*Cannot request more than 5 logprobs/,
  },
  { row: 'vLLM --return-tokens-as-token-ids', profile: profiles.vllmTokenIds, route: 'sampling', refusals: 0 },
  { row: 'vLLM reasoning (R1 style)', profile: profiles.vllmReasoning(), route: 'logprobs', refusals: 0, notice: /cut off by the token limit/ },
  { row: 'Ollama ≥ 0.12.11', profile: profiles.ollama, route: 'logprobs', refusals: 0 },
  { row: 'Ollama < 0.12.11', profile: profiles.ollamaOld, route: 'sampling', refusals: 0, notice: /logprobs silently dropped.*\n.*n ignored/s },
  { row: 'Ollama Cloud', profile: profiles.ollamaCloud, route: 'sampling', refusals: 0, notice: /logprobs silently dropped/ },
  { row: 'llama.cpp', profile: profiles.llamaCpp, route: 'logprobs', refusals: 0 },
  { row: 'LM Studio', profile: profiles.lmStudio, route: 'sampling', refusals: 0, notice: /logprobs silently dropped/ },
  {
    row: 'Anthropic OpenAI compatibility',
    profile: profiles.anthropic,
    route: 'sampling',
    refusals: 1,
    notice: /one request per answer.*n: Must be exactly 1/,
  },
  { row: 'Gemini', profile: profiles.gemini, route: 'sampling', refusals: 2, notice: /Unknown name "logprobs".*\n.*batches of 8/s },
  {
    row: 'Mistral reasoning (content as thinking and text parts)',
    profile: profiles.mistralReasoning,
    route: 'sampling',
    refusals: 0,
    notice: /logprobs silently dropped/,
  },
  { row: 'Groq', profile: profiles.groq, route: 'sampling', refusals: 2, notice: /logprobs is not supported.*\n.*at most 1/s },
  { row: 'Together (legacy logprobs shape)', profile: profiles.together, route: 'logprobs', refusals: 0 },
  { row: 'OpenRouter (n ignored)', profile: profiles.openRouter, route: 'sampling', refusals: 0, notice: /n ignored/ },
  { row: 'DashScope (stream only)', profile: profiles.dashScope, route: 'logprobs', refusals: 1, notice: /answers streamed.*only support stream mode/ },
  { row: 'n-ignoring servers (lmdeploy, llama-cpp-python)', profile: profiles.nIgnoring, route: 'sampling', refusals: 0, notice: /n ignored/ },
  { row: 'SGLang (fewer alternatives than asked)', profile: profiles.sglang, route: 'logprobs', refusals: 0, alternatives: { '3': 0.5, ' 3': 0.1, '2': 0.4 } },
  { row: 'byte-level token text (Ġ)', profile: profiles.byteLevel, route: 'logprobs', refusals: 0, alternatives: { ' 3': 0.6, ' 2': 0.4 } },
];

const input = {
  source: 'The museum reopened on Monday after a two-year renovation costing 8 million euros.',
  summary: 'The museum reopened after renovation.',
  task: 'summarization' as const,
};

describe('providers: sumlens eval against every server behaviour of the provider guide', () => {
  for (const c of cases) {
    it(`${c.row}: ${c.route} route, the implied score, no refused request sent twice`, () => runCase(c, 1));
  }
  // Side by side, the first requests of every aspect leave before the first refusal is back:
  // each may be refused once, none is sent again as it was, and the scores are the same.
  for (const c of cases.filter((x) => x.refusals > 1)) {
    it(`${c.row}, 8 requests in flight: the same scores, no refused request sent twice`, () => runCase(c, 8));
  }
});

async function runCase(c: ProfileCase, concurrency: number): Promise<void> {
  const server = await FakeOpenAiServer.start({ profile: c.profile, latencyMs: 1 });
  try {
    const alternatives = c.alternatives ?? DEFAULT_ALTERNATIVES;
    server.setHandler(scoreJudge(alternatives));
    const origin = new URL(server.url).origin;
    const notices: string[] = [];
    const session = createOpenAiSession({
      baseURL: c.baseUrl ? c.baseUrl(origin) : server.url,
      apiKey,
      cacheDir: null,
      concurrency,
      onNotice: (line) => notices.push(line),
    });
    const result = await evaluate(input, { method: 'geval', maxStandardError: 0, session });
    const expected = c.route === 'logprobs' ? impliedScore(alternatives) : 2.6;
    assert.equal(result.aspects.length, 4);
    for (const aspect of result.aspects) {
      assert.equal(aspect.error, undefined, `${aspect.name}: ${aspect.error}`);
      assert.equal(aspect.method, c.route, aspect.name);
      assert.ok(Math.abs(aspect.score! - expected) < 1e-9, `${aspect.name}: ${aspect.score} ≠ ${expected}`);
      if (c.route === 'sampling') assert.equal(aspect.samples, 20, aspect.name);
    }
    // Chat requests only: a refused metadata look-up (GET, no body) is not a refused answer.
    const refusedChats = server.refusedChats;
    const refusedBodies = refusedChats.map((r) => JSON.stringify(r.body).slice(0, 200)).join('\n');
    if (concurrency === 1) assert.equal(refusedChats.length, c.refusals, `refused: ${refusedBodies}`);
    else assert.ok(refusedChats.length <= c.refusals * result.aspects.length, `refused: ${refusedBodies}`);
    const bodies = server.chatRequests.map((r) => JSON.stringify(r.body));
    for (const refused of refusedChats) {
      assert.equal(bodies.filter((b) => b === JSON.stringify(refused.body)).length, 1, 'a refused request was sent again as it was');
    }
    if (c.notice) assert.match(notices.join('\n'), c.notice);
    assert.equal(result.provenance?.length ?? 0, notices.length, 'every notice is in the provenance, and only those');
    assert.ok(!JSON.stringify(result).includes(apiKey));
  } finally {
    await server.close();
  }
}
