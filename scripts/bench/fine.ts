/**
 * Benchmark of the fine-grained route (issue 3): full runs (with a reference) whose notes
 * hold 5, 20 and 80 entities, against the fake server at 300 ms per call. Prints calls
 * (the goal: the same for all three), tokens, and wall time ÷ (latency × critical path).
 * The critical path is 4 calls deep: extraction, self-verification and reference sourcing
 * run one after another, then every judging angle runs at once.
 * Then a long source (issue 26): the summary's article among unrelated ones, about 22,000
 * tokens, on a judge with an 8,192-token context: calls, the largest prompt, the share shown.
 */
import { evaluateFine } from '../../src/core/fine/evaluateFine';
import { estimateTokens } from '../../src/core/fine/tokens';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { FakeOpenAiServer } from '../../test/fake/openaiServer';
import { ARTICLE, groundedJudge, REFERENCE, SUMMARY, unrelatedArticles } from '../../test/fixtures/fine/longSource';
import { noteOfFacts, scriptedJudge } from '../../test/fixtures/fine/scriptedJudge';

const latencyMs = 300;
const criticalPath = 4;

export async function benchFine(): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(scriptedJudge());
  const lines = [`fine-grained (with reference), fake server at ${latencyMs} ms/call, critical path ${criticalPath} calls:`];
  try {
    // An untimed warm-up run, so the first figure does not include loading and JIT.
    await evaluateFine(
      { source: noteOfFacts(3), summary: noteOfFacts(3), reference: noteOfFacts(3) },
      { session: createOpenAiSession({ baseURL: server.url, cacheDir: null }) },
    );
    for (const n of [5, 20, 80]) {
      const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: 8 });
      const started = performance.now();
      const result = await evaluateFine(
        { source: noteOfFacts(n, 'The doctor notes that the patient'), summary: noteOfFacts(n), reference: noteOfFacts(n, 'Patient') },
        { session },
      );
      const ms = performance.now() - started;
      const usage = session.usage();
      const entities = result.entities.filter((e) => e.note === 'target').length;
      lines.push(
        `  ${String(n).padStart(2)} entities (judged ${entities} target + ${result.entities.length - entities} rubric): ` +
          `calls ${usage.calls}; tokens ${usage.promptTokens} prompt / ${usage.completionTokens} completion; ` +
          `wall ${ms.toFixed(0)} ms = ${(ms / (latencyMs * criticalPath)).toFixed(2)} × critical path` +
          (result.errors ? `; errors: ${result.errors.join('; ')}` : ''),
      );
    }
  } finally {
    await server.close();
  }
  return [...lines, ...(await benchLongSource())];
}

const LONG_CONTEXT = 8_192;

/** The article among unrelated ones, about 22,000 tokens, judged on an 8,192-token context with and without a reference. */
async function benchLongSource(): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(scriptedJudge(groundedJudge));
  const source = [unrelatedArticles(90, 7), ARTICLE, unrelatedArticles(90, 11)].join('\n\n');
  const lines = [`fine-grained on a ${estimateTokens(source)}-token source (the article among 180 unrelated ones), judge context ${LONG_CONTEXT} tokens:`];
  try {
    for (const reference of [REFERENCE, undefined]) {
      server.requests.length = 0;
      const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: 8 });
      const judge = Object.assign(session, { contextWindow: async () => ({ tokens: LONG_CONTEXT, from: 'user' as const, detail: 'bench' }) });
      const started = performance.now();
      const result = await evaluateFine({ source, summary: SUMMARY, reference }, { session: judge });
      const ms = performance.now() - started;
      const prompts = server.chatRequests.map((r) => estimateTokens(r.body.messages.map((m: { content: string }) => m.content).join('\n')));
      const judging = server.chatRequests.filter((r) => /correctness|alignment_definition/.test(r.body.response_format?.json_schema?.name ?? '')).length;
      lines.push(
        `  ${reference ? 'with a reference' : 'rubric from the source'}: calls ${prompts.length} (${judging} correctness/alignment calls on passages); ` +
          `largest prompt ${Math.max(...prompts)} tokens (context ${LONG_CONTEXT}); source shown ${(100 * (result.sourceShown?.share ?? 1)).toFixed(1)}%; ` +
          `rubric ${result.stats?.rubricEntities} facts; wall ${ms.toFixed(0)} ms` +
          (result.errors ? `; errors: ${result.errors.join('; ')}` : ''),
      );
    }
  } finally {
    await server.close();
  }
  return lines;
}
