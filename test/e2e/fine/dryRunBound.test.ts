/**
 * The dry run's figures for the fine-grained method against a real run of the same summary
 * through the fake server: the calls as the run makes them, and prompt, completion tokens
 * and USD at least what the run reports (the estimate is an upper bound, as the spending
 * limit's worst cases are).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateSingle } from '../../../src/cli/evalDryRun';
import { evaluate, type EvaluationInput } from '../../../src/core/evaluate';
import { estimateCost } from '../../../src/core/llm/pricing';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import { FakeOpenAiServer, type ChatHandler } from '../../fake/openaiServer';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { scenarioHandler } from '../../vscode/fakeJudge';
import { fixtureScenario } from '../../vscode/scenario';

const workspace = path.join(__dirname, '../../../../test/vscode/fixtures/workspace');
const MODEL = 'gpt-4o-mini';

async function estimateAndRun(input: EvaluationInput, handler: ChatHandler) {
  const server = await FakeOpenAiServer.start();
  try {
    server.setHandler(handler);
    const session = createOpenAiSession({
      baseURL: server.url,
      apiKey: 'test',
      model: MODEL,
      cacheDir: null,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const estimate = (await estimateSingle(input, session, { method: 'fine' })).wholeSource;
    assert.equal(server.chatRequests.length, 0, 'the dry run sends nothing');
    const result = await evaluate(input, { session, method: 'fine' });
    assert.ok(result.fine, 'a fine-grained result');
    assert.deepEqual(result.fine.errors ?? [], []);
    const usage = session.usage();
    return { estimate, actual: { ...usage, costUsd: estimateCost(MODEL, usage)! } };
  } finally {
    await server.close();
  }
}

function assertUpperBound({ estimate, actual }: Awaited<ReturnType<typeof estimateAndRun>>) {
  const figures = `estimate ${JSON.stringify(estimate)}, run ${JSON.stringify(actual)}`;
  assert.equal(estimate.calls, actual.calls, figures);
  assert.ok(estimate.promptTokens >= actual.promptTokens, figures);
  assert.ok(estimate.completionTokens >= actual.completionTokens, figures);
  assert.ok(actual.completionTokens > 0 && estimate.costUsd! >= actual.costUsd, figures);
}

describe('fine-grained dry run against the run (fake server)', function () {
  this.timeout(30_000);

  it("the VS Code fixture's summary and source (no reference): 15 calls, tokens and USD at least the run's", async () => {
    const source = fs.readFileSync(path.join(workspace, 'article.txt'), 'utf8');
    const summary = fs.readFileSync(path.join(workspace, 'summary.md'), 'utf8').split('\n')[4];
    const measured = await estimateAndRun({ task: 'summarization', source, summary }, scenarioHandler(fixtureScenario(source)));
    assert.equal(measured.actual.calls, 15);
    assertUpperBound(measured);
  });

  it('with a reference, one fact a sentence: 16 calls, tokens and USD at least the run’s', async () => {
    const source = 'The council met on Monday. It approved the new park. Work starts in May. The park will cost two million euros.';
    const reference = 'The council approved a new park. Work starts in May.';
    const summary = 'The council approved a park. It costs two million euros. Work starts in June.';
    const measured = await estimateAndRun({ task: 'summarization', source, summary, reference }, scriptedJudge());
    assert.equal(measured.actual.calls, 16);
    assertUpperBound(measured);
  });
});
