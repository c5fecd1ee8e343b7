/**
 * `sumlens align` on SummEval coherence with a scripted judge that learns (issue 28): up to 60
 * training items of 12 articles, 30 held-out items of 6 other articles. The judge reads 0.9
 * above the people; shown scored examples it reads 0.1 above them; under criteria it rewrote
 * itself, 0.3 above; and shown an example from the article it judges it anchors on that
 * example's score (a leak that only cross-validation without grouping lets in). Figures: for
 * each training size (SUMLENS_BENCH_ALIGN_TRAIN, default 15,30,60: the first N of the 12
 * articles' summaries taken in turn, so the smaller sets are parts of the larger and every
 * size spans the 12 articles), the held-out mean |judge − people| and alpha before and after,
 * with intervals; calls and tokens of one alignment; with all 60, the cross-validated estimate
 * with folds grouped by article and without.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agreementRows, type Estimate } from '../../src/core/agreement/agreementTable';
import { alignJudge } from '../../src/core/align/alignJudge';
import type { AlignItem } from '../../src/core/align/crossValidate';
import { judgeScores } from '../../src/core/align/judgeScores';
import { readDataset } from '../../src/core/datasets/dataset';
import { datasetFolders, resolveDatasetArgument } from '../../src/core/datasets/locate';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { toBenchInput } from '../../src/core/run/benchPlan';
import { expectedScoreReply, isRewriteRequest, rewriteReply } from '../../test/e2e/align/scriptedRaters';
import { FakeOpenAiServer, type RecordedRequest } from '../../test/fake/openaiServer';
import '../../test/setup/sharedDatasets';

const SUMMARIES_PER_ARTICLE = 5;

function items(): { train: AlignItem[]; heldOut: AlignItem[] } {
  const dataset = readDataset(resolveDatasetArgument('summeval', datasetFolders(process.env)));
  const byArticle = new Map<string, AlignItem[]>();
  for (const item of dataset.items) {
    const list = byArticle.get(item.group) ?? [];
    if (list.length < SUMMARIES_PER_ARTICLE)
      list.push({ key: item.key, group: item.group, input: toBenchInput(item, 'summarization'), human: item.scores.coherence });
    byArticle.set(item.group, list);
  }
  const articles = [...byArticle.values()];
  // The training articles' summaries in turn (the first of each article, then the second…).
  const train = Array.from({ length: SUMMARIES_PER_ARTICLE }, (_, k) => articles.slice(0, 12).map((summaries) => summaries[k])).flat();
  return { train, heldOut: articles.slice(12, 18).flat() };
}

/** The training sizes measured: SUMLENS_BENCH_ALIGN_TRAIN=15,30,60 (at most the 60 training items). */
function trainingSizes(): number[] {
  const sizes = (process.env.SUMLENS_BENCH_ALIGN_TRAIN ?? '15,30,60').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 10 || n > 60)) throw new Error('SUMLENS_BENCH_ALIGN_TRAIN: sizes from 10 to 60, comma-separated');
  return sizes;
}

/** The scripted judge: the people's score of the summary it is shown, read with its biases. */
function judge(all: readonly AlignItem[]): (request: RecordedRequest) => ReturnType<typeof expectedScoreReply> {
  const bySummary = new Map(all.map((item) => [item.input.summary.trim(), item]));
  return (request) => {
    if (isRewriteRequest(request)) return rewriteReply;
    const prompt = (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    const judged = [...bySummary.values()].find((item) => prompt.includes(`Summary:\n\n${item.input.summary.trim()}`));
    if (!judged) return { status: 400, error: { message: 'the bench judge found no summary it knows' } };
    const shown = [...bySummary.values()].filter((item) => item !== judged && prompt.includes(`> ${item.input.summary.trim().split('\n')[0]}`));
    const sameArticle = shown.filter((item) => item.group === judged.group);
    const noise = (((judged.key.length * 7 + judged.input.summary.length) % 7) - 3) / 10;
    if (sameArticle.length > 0) return expectedScoreReply(sameArticle.reduce((sum, item) => sum + item.human, 0) / sameArticle.length);
    if (shown.length > 0) return expectedScoreReply(judged.human + 0.1 + noise / 3);
    return expectedScoreReply(judged.human + (prompt.includes('The raters are strict') ? 0.3 : 0.9) + noise);
  };
}

const f = (e: Estimate) => `${e.value.toFixed(3)} [${e.interval.low.toFixed(3)}, ${e.interval.high.toFixed(3)}]`;

export async function benchAlign(): Promise<string[]> {
  const { train, heldOut } = items();
  const sizes = trainingSizes();
  const server = await FakeOpenAiServer.start();
  server.setHandler(judge([...train, ...heldOut]));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-align-'));
  const lines = [`SummEval coherence, scripted learning judge: training items of 12 articles, ${heldOut.length} held-out items of 6 others`];
  try {
    const run = async (label: string, rated: AlignItem[], outDir: string) => {
      const session = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: 8 });
      const scoring = { evaluate, options: { session }, concurrency: 8 };
      const [aligned] = await alignJudge([{ aspect: 'coherence', items: rated }], {
        task: 'summarization',
        folds: 5,
        examples: 6,
        strategy: 'both',
        outDir,
        force: true,
        workDir: path.join(work, 'candidates'),
        scoring,
        optimizer: { session },
        resamples: 2000,
        seed: 1,
        provenance: { dataFile: 'summeval', dataSha256: '0'.repeat(64), folds: 5, date: 'bench' },
      });
      const u = session.usage();
      const best = aligned.verdict.candidates.find((c) => c.name === aligned.verdict.adopted);
      lines.push(
        `  ${label}: cross-validated mean |diff| ${f(aligned.verdict.original.meanAbsoluteDifference)} -> ${best ? f(best.agreement.meanAbsoluteDifference) : '(nothing adopted)'}; adopted ${aligned.verdict.adopted ?? 'nothing'}; ${u.calls} calls, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`,
      );
    };
    const row = (scores: number[]) =>
      agreementRows(
        heldOut.map((item, i) => ({ aspect: 'coherence', judge: 'j', person: item.human, score: scores[i] })),
        { scale: [1, 5], resamples: 2000, seed: 1 },
      )[0];
    // The held-out articles are judged on a session of their own: an alignment's calls are counted alone.
    const heldSession = createOpenAiSession({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench', cacheDir: null, concurrency: 8 });
    const held = async (promptDir: string | undefined) =>
      row(await judgeScores(heldOut, 'coherence', promptDir, { evaluate, options: { session: heldSession }, concurrency: 8 }));
    for (const size of sizes) {
      const outDir = path.join(work, `grouped-${size}`);
      await run(`${size} training items, folds grouped by article`, train.slice(0, size), outDir);
      // Nothing adopted (or only the calibration, not a template): the held-out items are judged with the built-in template, as the user keeps it.
      const after = await held(outDir);
      lines.push(`    held-out with what it adopted: mean |diff| ${f(after.meanAbsoluteDifference)}, alpha ${f(after.alphaInterval)}`);
    }
    if (sizes.includes(train.length))
      await run(
        `${train.length} training items, folds NOT grouped (each item alone)`,
        train.map((item) => ({ ...item, group: item.key })),
        path.join(work, 'ungrouped'),
      );
    const before = await held(undefined);
    lines.push(`  held-out (6 other articles), built-in template: mean |diff| ${f(before.meanAbsoluteDifference)}, alpha ${f(before.alphaInterval)}`);
  } finally {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return lines;
}
