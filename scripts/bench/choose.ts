/**
 * The aspect choice (issue 20): calls and tokens per summary of each method on 32 SummEval
 * items, through the fake server (prompt tokens as the fake counts them, a quarter of the
 * request's characters; completion tokens are the fake judge's short answers, so only the
 * prompt side says what a real judge would bill).
 */
import { readDataset } from '../../src/core/datasets/dataset';
import { datasetFolders, resolveDatasetArgument } from '../../src/core/datasets/locate';
import { evaluate, type EvaluateOptions } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { datasetItemInput } from '../../src/core/run/benchPlan';
import { chooseJudge } from '../../test/fake/chooseJudge';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../test/fake/openaiServer';
import '../../test/setup/sharedDatasets';

const ITEMS = 32;

/** The aspect-choice prompts go to the choosing judge; G-Eval's get a score, rationale's reason a sentence. */
function judge(request: RecordedRequest) {
  if (JSON.stringify(request.body.messages).includes('aspects list:')) return chooseJudge('chooser')(request);
  if (request.body.max_tokens === 200) return { choices: [{ text: 'The summary keeps the main facts but its sentences do not connect well.' }] };
  return scoreReply('3', { '3': 0.6, '2': 0.4 });
}

export async function benchChoose(): Promise<string[]> {
  const server = await FakeOpenAiServer.start();
  server.setHandler(judge);
  const dataset = readDataset(resolveDatasetArgument('summeval', datasetFolders(process.env)));
  const inputs = dataset.items.slice(0, ITEMS).map((item) => datasetItemInput(item, 'summarization'));
  const methods: [string, Partial<EvaluateOptions>][] = [
    ['geval (4 aspects)', { method: 'geval' }],
    ['rationale (4 aspects)', { method: 'rationale' }],
    ['choose', { method: 'choose' }],
    ['choose --with-templates', { method: 'choose', withTemplates: true }],
    ['choose --reasons fsv2 --reasons-k 20', { method: 'choose', reasons: 'fsv2', reasonsK: 20 }],
  ];
  const lines = [`calls and tokens per summary, ${ITEMS} SummEval items, fake judge:`];
  try {
    for (const [label, options] of methods) {
      const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: 8 });
      const started = performance.now();
      for (const input of inputs) await evaluate(input, { ...options, session } as EvaluateOptions);
      const u = session.usage();
      const per = (n: number) => (n / ITEMS).toFixed(1);
      lines.push(
        `  ${label.padEnd(38)} ${per(u.calls).padStart(5)} calls  ${per(u.promptTokens).padStart(8)} prompt tokens  ${per(u.completionTokens).padStart(6)} completion  (${((performance.now() - started) / ITEMS).toFixed(0)} ms a summary)`,
      );
    }
  } finally {
    await server.close();
  }
  return lines;
}
