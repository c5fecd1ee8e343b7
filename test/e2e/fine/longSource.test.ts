import * as assert from 'node:assert/strict';
import { evaluateFine } from '../../../src/core/fine/evaluateFine';
import { estimateTokens } from '../../../src/core/fine/tokens';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import type { LlmSession } from '../../../src/core/llm/types';
import type { FineResult, Finding } from '../../../src/core/result';
import { FakeOpenAiServer, type RecordedRequest } from '../../fake/openaiServer';
import { ARTICLE, groundedJudge, REFERENCE, SUMMARY, unrelatedArticles } from '../../fixtures/fine/longSource';
import { schemaName, scriptedJudge, userContent, type Script } from '../../fixtures/fine/scriptedJudge';

/** The prompt as the server would count it (the engine's own estimate). */
const promptTokens = (request: RecordedRequest) => estimateTokens(request.body.messages.map((m: { content: string }) => m.content).join('\n'));

/** The prompt limit the run fitted to the window, checked to leave room for the longest reply. */
function fittedLimit(result: FineResult, context: number): number {
  const { maxPromptTokens, maxEntitiesPerCall } = (result.rules as { split: { maxPromptTokens: number; maxEntitiesPerCall: number } }).split;
  assert.ok(maxPromptTokens + 100 * maxEntitiesPerCall <= context && maxPromptTokens >= context / 2, JSON.stringify({ maxPromptTokens, maxEntitiesPerCall }));
  return maxPromptTokens;
}

describe('fine-grained evaluation of a long source, through the fake server', () => {
  let server: FakeOpenAiServer;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
  });
  afterEach(() => server.close());

  /** A session whose judge has a context of `tokens` (as --context-tokens tells it), on a server that refuses anything longer. */
  const judgeWithContext = (tokens: number, script: Script, on = server): LlmSession => {
    const judge = scriptedJudge(script);
    on.setHandler((request) =>
      promptTokens(request) > tokens
        ? { status: 400, error: { message: `This model's maximum context length is ${tokens} tokens`, code: 'context_length_exceeded' } }
        : judge(request),
    );
    const session = createOpenAiSession({
      baseURL: on.url,
      apiKey: 'test',
      model: 'fake-model',
      cacheDir: null,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    return Object.assign(session, { contextWindow: async () => ({ tokens, from: 'user' as const, detail: 'set by the test' }) });
  };

  describe('the article hidden among 40 others', () => {
    const padding = unrelatedArticles(20, 7) + '\n\n';
    const padded = padding + ARTICLE + '\n\n' + unrelatedArticles(20, 11);
    const context = 4096;
    let whole: FineResult;
    let long: FineResult;
    let longRequests: RecordedRequest[];

    before(async () => {
      const own = await FakeOpenAiServer.start();
      try {
        whole = await evaluateFine({ source: ARTICLE, summary: SUMMARY, reference: REFERENCE }, { session: judgeWithContext(context, groundedJudge, own) });
        own.requests.length = 0;
        long = await evaluateFine({ source: padded, summary: SUMMARY, reference: REFERENCE }, { session: judgeWithContext(context, groundedJudge, own) });
        longRequests = [...own.chatRequests];
      } finally {
        await own.close();
      }
    });

    it('shows the short article whole, as before, and the padded one as retrieved passages', () => {
      assert.ok(estimateTokens(padded) > context, `${estimateTokens(padded)} tokens`);
      assert.equal(whole.fallbacks, undefined);
      assert.equal((whole.rules as { longSource: { shownWhole: boolean } }).longSource.shownWhole, true);
      assert.equal((long.rules as { longSource: { shownWhole: boolean } }).longSource.shownWhole, false);
      assert.match(
        long.fallbacks?.[0] ?? '',
        /^source judged against retrieved passages: .* against its own passages \(BM25: best 3 source sentences per summary fact, ±1 neighbour/,
      );
      assert.equal(whole.sourceShown, undefined);
      const shown = long.sourceShown!;
      assert.equal(shown.reason, 'context');
      assert.ok(shown.share > 0 && shown.share < 0.2 && shown.shownTokens < shown.sourceTokens, JSON.stringify(shown));
      // The passages are the article's own sentences, exact in the padded source.
      assert.ok(shown.ranges.some((r) => padded.slice(r.start, r.end).includes('voted on Tuesday to build a new footbridge')));
      const correctness = longRequests.filter((r) => schemaName(r).startsWith('fine_correctness'));
      assert.ok(correctness.every((r) => /Excerpts of a long source document/.test(userContent(r)) && !userContent(r).includes(padded)));
    });

    it('finds the same facts with the same verdicts and scores', () => {
      const verdicts = (r: FineResult) => r.entities.map((e) => [e.id, e.text, e.verdicts]);
      assert.deepEqual(verdicts(long), verdicts(whole));
      assert.deepEqual(whole.entities.find((e) => e.id === 'T1')?.verdicts, { correctness: 'No', alignment: 'Yes' });
      for (const metric of ['completeness', 'correctness', 'alignment', 'readability'] as const) assert.deepEqual(long[metric], whole[metric]);
      assert.equal(long.errors, undefined);
    });

    it('gives the same findings, their source evidence moved by the padding', () => {
      const moved = (f: Finding): Finding => ({
        ...f,
        evidence: f.evidence?.map((e) => (e.note === 'source' ? { ...e, start: e.start + padding.length, end: e.end + padding.length } : e)),
      });
      assert.deepEqual(long.findings, whole.findings.map(moved));
      const incorrect = long.findings.find((f) => f.kind === 'incorrect')!;
      const evidence = incorrect.evidence!.find((e) => e.note === 'source')!;
      assert.equal(padded.slice(evidence.start, evidence.end), 'voted on Tuesday to build a new footbridge');
    });

    it('keeps every prompt within the context, in as many calls as the short article', () => {
      const limit = fittedLimit(long, context);
      assert.ok(
        longRequests.every((r) => promptTokens(r) <= limit),
        String(Math.max(...longRequests.map(promptTokens))),
      );
      assert.equal(longRequests.length, 16);
    });
  });

  it('evaluates a source that cannot fit whole on a small context: every prompt fits, facts found twice counted once', async () => {
    const context = 2048;
    // About 5,000 tokens, in many extraction chunks; one sentence stands in two chunks.
    const repeated = 'The footbridge opens to walkers in the summer of 2027.';
    const source = [unrelatedArticles(15, 3), ARTICLE, repeated, unrelatedArticles(15, 5), repeated, unrelatedArticles(10, 9)].join('\n\n');
    const result = await evaluateFine({ source, summary: SUMMARY }, { session: judgeWithContext(context, groundedJudge) });
    assert.ok(estimateTokens(source) > 2 * context, `${estimateTokens(source)} tokens`);
    assert.equal(result.errors, undefined);
    const limit = fittedLimit(result, context);
    assert.ok(
      server.chatRequests.every((r) => promptTokens(r) <= limit),
      String(Math.max(...server.chatRequests.map(promptTokens))),
    );
    const chunks = server.chatRequests.filter((r) => schemaName(r) === 'fine_extract').length - 1;
    assert.ok(chunks >= 10, `${chunks} chunks`);
    const twice = result.entities.filter((e) => e.note === 'source' && e.text === repeated);
    assert.equal(twice.length, 1);
    assert.equal(source.indexOf(repeated), twice[0].spans[0].start);
    assert.deepEqual(result.entities.find((e) => e.id === 'T1')?.verdicts, { correctness: 'No', alignment: 'Yes' });
    assert.deepEqual(result.correctness, { ratio: 1 - 1 / 3, score: 1 + 4 * (1 - 1 / 3), counted: 3 });
    assert.ok((result.completeness?.counted ?? 0) > 200);
    assert.match(result.fallbacks?.[0] ?? '', /judged against retrieved passages/);
  });

  it('stops with context-too-long when the context cannot hold one fact and its passage', async () => {
    await assert.rejects(
      evaluateFine({ source: unrelatedArticles(10) + ARTICLE, summary: SUMMARY, reference: REFERENCE }, { session: judgeWithContext(600, groundedJudge) }),
      (error: Error & { code?: string }) =>
        error.code === 'context-too-long' && /too few to check even one fact of the summary against one source sentence/.test(error.message),
    );
    assert.ok(server.chatRequests.every((r) => !schemaName(r).startsWith('fine_correctness') && !schemaName(r).startsWith('fine_alignment')));
  });
});
