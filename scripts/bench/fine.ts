/**
 * Benchmark of the fine-grained route (issue 3): full runs (with a reference) whose notes
 * hold 5, 20 and 80 entities, against the fake server at 300 ms per call. Prints calls
 * (the goal: the same for all three), tokens, and wall time ÷ (latency × critical path).
 * The critical path is 4 calls deep: extraction, self-verification and reference sourcing
 * run one after another, then every judging angle runs at once.
 */
import { evaluateFine } from '../../src/core/fine/evaluateFine';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { FakeOpenAiServer } from '../../test/fake/openaiServer';
import { noteOfFacts, scriptedJudge } from '../../test/fixtures/fine/scriptedJudge';

const latencyMs = 300;
const criticalPath = 4;

export async function benchFine(): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ latencyMs });
  server.setHandler(scriptedJudge());
  const lines = [`fine-grained (with reference), fake server at ${latencyMs} ms/call, critical path ${criticalPath} calls:`];
  try {
    // An untimed warm-up run, so the first figure does not include loading and JIT.
    await evaluateFine({ source: noteOfFacts(3), summary: noteOfFacts(3), reference: noteOfFacts(3) }, { session: createOpenAiSession({ baseURL: server.url, cacheDir: null }) });
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
  return lines;
}
