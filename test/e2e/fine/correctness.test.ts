/**
 * Correctness as SummEval's consistency reads it (SumAutoEval §3.2.2): an unsupported claim
 * (verdict Unknown) and an entity the prompts disagree on lower the score; a summary whose
 * facts are all invented scores the minimum. Through evaluate() and the fake server.
 */
import * as assert from 'node:assert/strict';
import { evaluate } from '../../../src/core/evaluate';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import type { EvaluationResult } from '../../../src/core/result';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { scriptedJudge, type Script } from '../../fixtures/fine/scriptedJudge';

const SOURCE = 'The council met on Monday. It approved a new bus route to the hospital. The vote was 7 to 2.';
const REFERENCE = 'The council approved a bus route to the hospital on Monday, 7 votes to 2.';
const TRUE_SUMMARY = 'The council approved a bus route to the hospital. The vote was 7 to 2.';
/** Every fact invented: nothing in the source supports or refutes any of them. */
const INVENTED_SUMMARY = 'The mayor resigned in tears. A stadium will cost 90 million dollars. Taxes double next year.';

describe('correctness of invented facts, through evaluate()', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start();
  });
  after(() => server.close());

  const run = async (summary: string, correctness: (angle: string, text: string) => string): Promise<EvaluationResult> => {
    const script: Script = { answer: (angle, _id, text) => (angle.startsWith('correctness') ? correctness(angle, text) : 'Yes') };
    server.setHandler(scriptedJudge(script));
    const session = createOpenAiSession({ baseURL: server.url, apiKey: 'test', model: 'fake-model', cacheDir: null });
    return evaluate({ source: SOURCE, summary, reference: REFERENCE, task: 'summarization' }, { method: 'fine', session });
  };
  const invented = (text: string) => !TRUE_SUMMARY.includes(text);

  const table: { name: string; summary: string; answer: (angle: string, text: string) => string; score: number; ratio: number }[] = [
    { name: 'all facts supported', summary: TRUE_SUMMARY, answer: () => 'Yes', score: 5, ratio: 1 },
    { name: 'all facts invented (judges find no support: Unknown)', summary: INVENTED_SUMMARY, answer: () => 'Unknown', score: 1, ratio: 0 },
    {
      name: 'all facts invented, prompts disagree (Unknown / No / Yes)',
      summary: INVENTED_SUMMARY,
      answer: (angle) => ({ 'correctness-supported': 'Unknown', 'correctness-evidence': 'No' })[angle] ?? 'Yes',
      score: 1,
      ratio: 0,
    },
    { name: 'all facts invented, judged No', summary: INVENTED_SUMMARY, answer: () => 'No', score: 1, ratio: 0 },
    {
      name: 'one invented fact among two true ones',
      summary: `${TRUE_SUMMARY} The mayor resigned in tears.`,
      answer: (_angle, text) => (invented(text) ? 'Unknown' : 'Yes'),
      score: 1 + 4 * (2 / 3),
      ratio: 2 / 3,
    },
  ];
  for (const row of table) {
    it(`${row.name}: correctness ${row.score.toFixed(2)}`, async () => {
      const result = await run(row.summary, row.answer);
      const correctness = result.fine?.correctness;
      assert.ok(correctness, 'correctness is scored');
      assert.ok(Math.abs(correctness.score - row.score) < 1e-9, `score ${correctness.score}`);
      assert.ok(Math.abs(correctness.ratio - row.ratio) < 1e-9, `ratio ${correctness.ratio}`);
    });
  }
});
