/**
 * Long sources for the aspect scores (issue 26):
 * - the time to shorten a 100,000-word source (SummEval articles end to end), index included;
 * - the haystack check: a SummEval summary's own article among 39 others (~22,000 tokens),
 *   scored for consistency on a judge with an 8,192-token context (fake vLLM): the share of
 *   the article's best-matching sentences (highest unigram F1 per summary sentence) the judge
 *   was shown;
 * - people's evidence (issue 38): of the support passages LongEval's annotators marked for
 *   SQuALITY reference-summary chunks (the development set), the share a 4,096-token
 *   consistency judge is shown (test/fixtures/longSource/alignmentDev.ts);
 * - on one such ~22,000-token source and that judge, calls and prompt tokens per aspect, G-Eval
 *   and rationale-first (the goal: one call per aspect, within the context).
 */
import { readDataset } from '../../src/core/datasets/dataset';
import { datasetFolders, findDatasetFile, resolveDatasetArgument } from '../../src/core/datasets/locate';
import { evaluate, type EvaluateOptions } from '../../src/core/evaluate';
import { TASK_ASPECTS } from '../../src/core/methodsAndTasks';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { estimateTokens } from '../../src/core/llm/tokenCount';
import { shortenSource } from '../../src/core/longSource';
import { FakeOpenAiServer, promptTokensOf, scoreReply } from '../../test/fake/openaiServer';
import { vllmContextLimited } from '../../test/fake/profiles';
import { bestMatches, haystacks, shownCount } from '../../test/fixtures/longSource/haystack';
import { ALIGNMENT_DEV, devShare, JUDGE_CONTEXT, judgedRanges, readAlignmentDev } from '../../test/fixtures/longSource/alignmentDev';
import '../../test/setup/sharedDatasets';

const WORDS = 100_000;
const HAYSTACKS = 100;
const CONTEXT = 8192;

export async function benchLongSource(): Promise<string[]> {
  const dataset = readDataset(resolveDatasetArgument('summeval', datasetFolders(process.env)));
  return [...(await shortenTime(dataset.items)), ...(await peopleEvidence()), ...(await judged(dataset.items))];
}

async function peopleEvidence(): Promise<string[]> {
  const path = findDatasetFile(ALIGNMENT_DEV, datasetFolders(process.env));
  if (!path) return [`people's evidence: skipped, ${ALIGNMENT_DEV} is in no datasets folder (SUMLENS_DATASETS)`];
  const tasks = readAlignmentDev(path);
  const ranges = await judgedRanges(tasks);
  const share = devShare(tasks, (task) => ranges.get(task.id)!);
  return [
    `people's evidence, SQuALITY alignment dev set (${tasks.length} reference chunks, ${share.total} support passages > 30 chars), consistency judge context ${JUDGE_CONTEXT}: ` +
      `${share.shown} of ${share.total} supports at least half shown (${((100 * share.shown) / share.total).toFixed(0)}%, goal ≥ 90%; 66% before the markup view and the stretches, 88% before the windows); ` +
      `${(100 * share.storyShare).toFixed(0)}% of the story file shown on average`,
  ];
}

async function shortenTime(items: ReturnType<typeof readDataset>['items']): Promise<string[]> {
  const articles = [...new Set(items.map((item) => item.source))];
  let book = '';
  for (let i = 0; book.split(/\s+/).length < WORDS; i++) book += `${articles[i % articles.length]}\n\n`;
  const summary = items[0].system_output;
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    // A new string each run: the index of the last source is kept, and this measures building it.
    const source = `${book}${run}`;
    const started = performance.now();
    await shortenSource({ source, summary }, CONTEXT, estimateTokens);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const words = book.split(/\s+/).length;
  return [
    `shorten a ${words.toLocaleString('en-US')}-word source (${estimateTokens(book).toLocaleString('en-US')} tokens) to ${CONTEXT} tokens, index included: median ${times[3].toFixed(0)} ms, fastest ${times[0].toFixed(0)} ms, slowest ${times[6].toFixed(0)} ms (goal < 200 ms)`,
  ];
}

async function judged(items: ReturnType<typeof readDataset>['items']): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ profile: vllmContextLimited(CONTEXT) });
  server.setHandler((request) =>
    request.body.max_tokens === 200 ? { choices: [{ text: 'The summary keeps the main facts of the article.' }] } : scoreReply('3', { '3': 0.6, '2': 0.4 }),
  );
  const session = () => createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'fake-model', cacheDir: null, concurrency: 8 });
  const lines: string[] = [];
  try {
    const stacks = haystacks(items, HAYSTACKS);
    let shown = 0;
    let total = 0;
    let shares = 0;
    const judge = session();
    for (const stack of stacks) {
      const result = await evaluate(
        { source: stack.source, summary: stack.summary, task: 'summarization' },
        { method: 'geval', aspects: ['consistency'], session: judge },
      );
      const ranges = result.aspects[0].sourceShown?.ranges ?? [{ start: 0, end: stack.source.length }];
      const matches = bestMatches(stack);
      shown += shownCount(matches, ranges);
      total += matches.length;
      shares += result.aspects[0].sourceShown?.share ?? 1;
    }
    const tokens = stacks.map((s) => estimateTokens(s.source));
    lines.push(
      `haystack, ${HAYSTACKS} SummEval summaries each with its article among 39 others (${Math.min(...tokens).toLocaleString('en-US')}–${Math.max(...tokens).toLocaleString('en-US')} tokens), judge context ${CONTEXT}: ` +
        `${shown} of ${total} best-matching article sentences shown (${((100 * shown) / total).toFixed(1)}%, goal ≥ 90%); ${((100 * shares) / stacks.length).toFixed(1)}% of the source shown on average`,
    );

    const stack = stacks[0];
    lines.push(`one ${estimateTokens(stack.source).toLocaleString('en-US')}-token source on a ${CONTEXT}-token judge (fake vLLM), per aspect:`);
    for (const method of ['geval', 'rationale'] as const) {
      for (const aspect of TASK_ASPECTS.summarization) {
        const from = server.chatRequests.length;
        const judgeOne = session();
        const options: EvaluateOptions = { method, aspects: [aspect], session: judgeOne };
        const result = await evaluate({ source: stack.source, summary: stack.summary, task: 'summarization' }, options);
        const requests = server.chatRequests.slice(from);
        const largest = Math.max(...requests.map((r) => promptTokensOf(r.body) + Number(r.body.max_tokens ?? 0)));
        const u = judgeOne.usage();
        const a = result.aspects[0];
        lines.push(
          `  ${method.padEnd(9)} ${aspect.padEnd(11)} ${u.calls} call${u.calls === 1 ? ' ' : 's'}  ${u.promptTokens.toLocaleString('en-US').padStart(6)} prompt tokens  ` +
            `largest prompt + reply ${largest.toLocaleString('en-US')} (${largest <= CONTEXT ? 'within' : 'OVER'} ${CONTEXT})  ${((a.sourceShown?.share ?? 1) * 100).toFixed(1)}% shown${a.error ? `  error: ${a.error}` : ''}`,
        );
      }
    }
  } finally {
    await server.close();
  }
  return lines;
}
