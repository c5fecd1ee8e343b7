import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isCancellation } from '../../../src/core/errors';
import { evaluateAspects, type AspectRunOptions } from '../../../src/core/geval/evaluateAspects';
import type { AspectInput } from '../../../src/core/geval/inputVariables';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import type { LlmSession } from '../../../src/core/llm/types';
import { FakeOpenAiServer, scoreReply, textReply, type RecordedRequest } from '../../fake/openaiServer';
import { completionWithoutLogprobs } from '../../fake/probeProfiles';

const fastRetry = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20 };
const article: AspectInput = {
  task: 'summarization',
  source: 'The council voted on Tuesday to close the old bridge for repairs lasting six months.',
  summary: 'The old bridge will close for six months of repairs after a council vote.',
};

function promptOf(request: RecordedRequest): string {
  return request.body.messages.map((m: { content: string }) => m.content).join('\n');
}

/** A score reply fitting the aspect of the prompt: fluency is 1–3, the others 1–5. */
function scoreFor(request: RecordedRequest) {
  return /- Fluency:/.test(promptOf(request)) ? scoreReply('3', { '3': 0.8, '2': 0.2 }) : scoreReply('4', { '4': 0.6, '3': 0.3, '5': 0.1 });
}

function close(actual: number | null, expected: number): void {
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-6, `${actual} ≈ ${expected}`);
}

describe('geval: evaluateAspects through the fake OpenAI server', () => {
  let server: FakeOpenAiServer;
  let cacheDir: string;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-geval-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  function session(): LlmSession {
    return createOpenAiSession({ baseURL: server.url, apiKey: 'sk-test-geval', model: 'fake-model', cacheDir, retry: fastRetry });
  }
  function options(overrides: Partial<AspectRunOptions> = {}): AspectRunOptions {
    return { method: 'geval', session: session(), ...overrides };
  }

  it('logprob route: 4 aspects make 4 calls and give probability-weighted scores', async () => {
    server.setHandler(scoreFor);
    const seen: string[] = [];
    const results = await evaluateAspects(article, options(), { onAspect: (a) => seen.push(a.name) });

    assert.equal(server.chatRequests.length, 4);
    assert.deepEqual(
      results.map((a) => a.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    assert.deepEqual([...seen].sort(), ['coherence', 'consistency', 'fluency', 'relevance']);
    for (const request of server.chatRequests) {
      assert.equal(request.body.logprobs, true);
      assert.equal(request.body.top_logprobs, 20);
      assert.equal(request.body.temperature, 0);
      assert.ok(request.body.max_tokens <= 10);
      assert.match(promptOf(request), /## Evaluation Steps/);
      assert.match(promptOf(request), /The old bridge will close/);
    }
    const coherence = results[0];
    assert.equal(coherence.method, 'logprobs');
    close(coherence.score, 3.8);
    assert.deepEqual(coherence.scale, [1, 5]);
    close(coherence.validMass, 1);
    assert.equal(coherence.stepsGenerated, false);
    assert.ok(coherence.steps && coherence.template?.endsWith(path.join('summarization', 'coherence.md')));
    const fluency = results[2];
    assert.deepEqual(fluency.scale, [1, 3]);
    close(fluency.score, 2.8);
  });

  it('a re-run of unchanged input is answered from the cache with zero calls', async () => {
    server.setHandler(scoreFor);
    await evaluateAspects(article, options());
    const again = session();
    const results = await evaluateAspects(article, options({ session: again }));
    assert.equal(server.chatRequests.length, 4);
    assert.equal(again.usage().calls, 0);
    assert.equal(again.usage().cacheHits, 4);
    close(results[0].score, 3.8);
  });

  it('falls back to sampling after the endpoint refuses logprobs, and samples from then on', async () => {
    server.setHandler((request) => {
      if (request.body.logprobs) return { status: 400, error: { message: 'logprobs are not supported', param: 'logprobs' } };
      const n = request.body.n ?? 1;
      return textReply(...Array.from({ length: n }, (_, i) => ['4', 'Coherence: 5', ' 4', 'I am not sure.'][i % 4]));
    });
    const s = session();
    const [first] = await evaluateAspects(article, options({ session: s, aspects: ['coherence'], maxStandardError: 0 }));
    assert.equal(first.method, 'sampling');
    assert.equal(first.samples, 20);
    assert.equal(first.unparsed, 5);
    assert.deepEqual(first.distribution, { '4': 10 / 15, '5': 5 / 15 });
    close(first.score, (4 * 10 + 5 * 5) / 15);
    assert.equal(first.validMass, 15 / 20, 'on the sampling route the valid mass is the share of answers read');
    assert.equal(first.provenance?.route, 'sampling');
    assert.equal(first.provenance?.why, 'server refused logprobs');
    assert.equal(first.provenance?.samples, 20);
    assert.ok((first.provenance?.standardError ?? 0) > 0);
    const sampling = server.chatRequests.filter((r) => r.body.n === 20);
    assert.equal(sampling.length, 1);
    assert.equal(sampling[0].body.temperature, 1);

    const before = server.chatRequests.length;
    const [second] = await evaluateAspects(article, options({ session: s, aspects: ['relevance'], maxStandardError: 0 }));
    assert.equal(second.method, 'sampling');
    assert.match(second.provenance?.why ?? '', /learned earlier/);
    assert.equal(server.chatRequests.length, before + 1, 'no logprob attempt once the refusal is known');
    assert.equal(server.chatRequests[before].body.logprobs, undefined);
  });

  it("the paper's parse rule counts unreadable samples as 0", async () => {
    server.setHandler((request) =>
      request.body.logprobs
        ? { status: 400, error: { message: 'logprobs are not supported', param: 'logprobs' } }
        : textReply(...Array.from({ length: request.body.n ?? 1 }, (_, i) => (i % 2 === 0 ? '4' : 'Coherence: 4'))),
    );
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'], samples: 4, parseRule: 'geval' }));
    assert.equal(result.method, 'sampling');
    assert.deepEqual(result.distribution, { '0': 0.5, '4': 0.5 });
    close(result.score, 2);
    assert.equal(result.unparsed, 2);
  });

  it('rationale mode makes 2 calls per aspect and scores conditioned on the reason', async () => {
    const reason = 'The summary keeps the vote, the closure and its length, in a clear order.';
    server.setHandler((request) => (request.body.logprobs ? scoreFor(request) : textReply(reason)));
    const results = await evaluateAspects(article, options({ method: 'rationale' }));
    assert.equal(server.chatRequests.length, 8);
    const scoring = server.chatRequests.filter((r) => r.body.logprobs);
    assert.equal(scoring.length, 4);
    for (const request of scoring) assert.match(promptOf(request), new RegExp(`## Evaluation Reason\\s+${reason}`));
    for (const request of server.chatRequests.filter((r) => !r.body.logprobs)) {
      assert.match(promptOf(request), /Do not give a score/);
      assert.doesNotMatch(promptOf(request), /## Evaluation Form/);
    }
    for (const aspect of results) {
      assert.equal(aspect.reason, reason);
      assert.equal(aspect.method, 'logprobs');
    }
  });

  it('auto-CoT: a template without steps gets them generated once, shown, and cached', async () => {
    const overrideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-prompts-'));
    fs.mkdirSync(path.join(overrideDir, 'summarization'));
    const builtin = fs.readFileSync(path.join(__dirname, '../../../../prompts/summarization/coherence.md'), 'utf8');
    fs.writeFileSync(path.join(overrideDir, 'summarization', 'coherence.md'), builtin.replace(/## Evaluation Steps[\s\S]*?(?=## Input)/, ''));
    const steps = '1. Read the article.\n2. Read the summary.\n3. Assign a score from 1 to 5.';
    server.setHandler((request) => (request.body.logprobs ? scoreFor(request) : textReply(steps)));

    const second: AspectInput = { ...article, summary: 'The bridge closes.' };
    const s = session();
    const [a, b] = await Promise.all([
      evaluateAspects(article, options({ session: s, aspects: ['coherence'], promptOverrideDir: overrideDir })),
      evaluateAspects(second, options({ session: s, aspects: ['coherence'], promptOverrideDir: overrideDir })),
    ]);
    const stepCalls = server.chatRequests.filter((r) => !r.body.logprobs);
    assert.equal(stepCalls.length, 1, 'one steps call shared by both evaluations');
    assert.doesNotMatch(promptOf(stepCalls[0]), /bridge/, 'the steps prompt holds no input');
    for (const [result] of [a, b]) {
      assert.equal(result.steps, steps);
      assert.equal(result.stepsGenerated, true);
    }
    assert.match(promptOf(server.chatRequests.filter((r) => r.body.logprobs)[0]), /## Evaluation Steps\s+1\. Read the article\./);

    const fresh = session();
    await evaluateAspects(article, options({ session: fresh, aspects: ['coherence'], promptOverrideDir: overrideDir }));
    assert.equal(fresh.usage().calls, 0, 'steps and score come from the disk cache');
    fs.rmSync(overrideDir, { recursive: true, force: true });
  });

  it('dialogue: the response is scored against the history; groundedness without a fact is an error, the rest still run', async () => {
    server.setHandler(() => scoreReply('2', { '2': 0.5, '3': 0.5 }));
    const results = await evaluateAspects(
      { task: 'dialogue', source: 'A: Do you like jazz?\nB: I do, mostly bebop.', summary: 'Charlie Parker was a bebop pioneer.' },
      options(),
    );
    assert.deepEqual(
      results.map((a) => a.name),
      ['naturalness', 'coherence', 'engagingness', 'groundedness'],
    );
    close(results[0].score, 2.5);
    assert.match(results[2].error ?? '', /\{\{fact\}\}.*reference/);
    assert.match(results[3].error ?? '', /\{\{fact\}\}/);
    assert.deepEqual(results[3].scale, [0, 1]);
    assert.equal(server.chatRequests.length, 2);
    assert.match(promptOf(server.chatRequests[0]), /Response:\s+Charlie Parker/);
  });

  it('consistency: the yes/no check scores P(yes)', async () => {
    server.setHandler(() => scoreReply('Yes', { Yes: 0.7, ' yes': 0.1, No: 0.2 }));
    const [result] = await evaluateAspects({ ...article, task: 'consistency' }, options());
    assert.equal(result.name, 'hallucination');
    close(result.score, 0.8);
    close(result.distribution['0'], 0.2);
    close(result.distribution['1'], 0.8);
  });

  it('a failing aspect carries its error; the others are still reported', async () => {
    server.setHandler((request) =>
      /- Relevance:/.test(promptOf(request)) ? { status: 400, error: { message: 'something odd about this one' } } : scoreFor(request),
    );
    const results = await evaluateAspects(article, options());
    assert.equal(results.filter((a) => a.error).length, 1);
    assert.match(results[3].error ?? '', /something odd/);
    assert.equal(results[3].score, null);
    close(results[0].score, 3.8);
  });

  it('no readable score token in the logprobs: the aspect is sampled instead, and says why', async () => {
    server.setHandler((request) =>
      request.body.logprobs
        ? { choices: [{ text: 'The summary is', tokens: [{ token: 'The' }, { token: ' summary' }, { token: ' is' }] }] }
        : textReply(...Array.from({ length: request.body.n ?? 1 }, () => '4')),
    );
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'] }));
    assert.equal(result.method, 'sampling');
    close(result.score, 4);
    assert.equal(result.provenance?.why, 'unreadable tokens');
    assert.match(result.provenance?.fallbacks?.[0] ?? '', /logprobs → sampling: no output token holds a valid 1-5 score/);
  });

  it('token ids instead of token texts (vLLM --return-tokens-as-token-ids): sampled, never null', async () => {
    server.setHandler((request) =>
      request.body.logprobs
        ? { choices: [{ text: '4', tokens: [{ token: 'token_id:19', top: { 'token_id:18': -1 } }] }] }
        : textReply(...Array.from({ length: request.body.n ?? 1 }, (_, i) => (i % 2 ? '3' : '4'))),
    );
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'] }));
    assert.equal(result.method, 'sampling');
    assert.ok(result.score !== null && result.score >= 3 && result.score <= 4);
    assert.match(result.provenance?.fallbacks?.[0] ?? '', /cannot be decoded.*token_id:19/);
  });

  it('the same unreadable answer under --route logprobs is an aspect error, never a null with no reason', async () => {
    server.setHandler(() => ({ choices: [{ text: 'The summary is', tokens: [{ token: 'The' }, { token: ' summary' }, { token: ' is' }] }] }));
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'], route: 'logprobs' }));
    assert.equal(result.score, null);
    assert.match(result.error ?? '', /--route logprobs, but unreadable tokens/);
  });

  it('a server that ignores logprobs (answers without them): sampled, provenance "no logprobs returned"', async () => {
    // Answered as LM Studio does: logprobs accepted, none given.
    server.setHandler((request) => ({ raw: JSON.stringify(completionWithoutLogprobs('2', request.body.n ?? 1)) }));
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'] }));
    assert.equal(result.method, 'sampling');
    assert.equal(result.provenance?.why, 'no logprobs returned');
    close(result.score, 2);
  });

  it('--route sampling skips the logprob request, and adaptive sampling stops early on agreeing answers', async () => {
    server.setHandler((request) => textReply(...Array.from({ length: request.body.n ?? 1 }, () => '2')));
    const [result] = await evaluateAspects(article, options({ aspects: ['fluency'], route: 'sampling' }));
    assert.equal(server.chatRequests.filter((r) => r.body.logprobs).length, 0);
    assert.deepEqual(
      server.chatRequests.map((r) => r.body.n),
      [5, 5],
      'identical answers on 1-3 stop after two batches, never after the first',
    );
    assert.equal(result.samples, 10);
    assert.equal(result.provenance?.why, "user's choice: route sampling");
    assert.ok((result.provenance?.standardError ?? 1) < 0.05 * 2);
  });

  it('batches after the first are cached separately: a re-run makes no calls and gives the same answers', async () => {
    let k = 0;
    server.setHandler((request) => textReply(...Array.from({ length: request.body.n ?? 1 }, () => String(1 + (k++ % 3)))));
    const [first] = await evaluateAspects(article, options({ aspects: ['fluency'], route: 'sampling' }));
    const again = session();
    const [second] = await evaluateAspects(article, options({ session: again, aspects: ['fluency'], route: 'sampling' }));
    assert.equal(again.usage().calls, 0);
    assert.equal(first.samples, 20);
    assert.deepEqual(second.distribution, first.distribution);
  });

  it("--preset geval-paper sends G-Eval's request: system prompt in the paper's layout, temperature 2, max_tokens 5, top_p 1, n 20", async () => {
    server.setHandler((request) => textReply(...Array.from({ length: request.body.n ?? 1 }, (_, i) => (i % 4 === 3 ? 'Coherence: 4' : '4'))));
    const [result] = await evaluateAspects(article, options({ aspects: ['coherence'], preset: 'geval-paper' }));
    assert.equal(server.chatRequests.length, 1);
    const body = server.chatRequests[0].body;
    assert.deepEqual(
      { role: body.messages[0].role, temperature: body.temperature, max_tokens: body.max_tokens, top_p: body.top_p, n: body.n, logprobs: body.logprobs },
      { role: 'system', temperature: 2, max_tokens: 5, top_p: 1, n: 20, logprobs: undefined },
    );
    assert.match(body.messages[0].content, /\n\nEvaluation Criteria:\n\nCoherence \(1-5\)/);
    assert.match(body.messages[0].content, /\n\n\nExample:\n\n\nArticle:/);
    assert.ok(body.messages[0].content.endsWith('Evaluation Form (scores ONLY):\n\n- Coherence:'));
    // G-Eval's parse rule: "Coherence: 4" is read as 0.
    assert.deepEqual(result.distribution, { '0': 0.25, '4': 0.75 });
    close(result.score, 3);
    assert.equal(result.provenance?.why, 'preset geval-paper');
  });

  it('--preset geval-paper with the rationale method is a usage error before any call', async () => {
    await assert.rejects(evaluateAspects(article, options({ method: 'rationale', preset: 'geval-paper' })), /works with --method geval only/);
    assert.equal(server.chatRequests.length, 0);
  });

  it('cancellation mid-run rejects as cancelled instead of reporting aspect errors', async () => {
    server.setHandler(() => ({ hang: true }));
    const controller = new AbortController();
    const running = evaluateAspects(article, options(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(running, (error: unknown) => isCancellation(error));
  });
});
