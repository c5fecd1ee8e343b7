/**
 * `sumlens align` on SummEval coherence with scripted judges that learn (issue 28): up to 60
 * training items of 12 articles, 30 held-out items of 6 other articles. The quick learner reads
 * 0.9 above the people (±0.3); shown scored examples it reads 0.1 above them (a third of its
 * noise); under criteria it rewrote itself, 0.3 above. The partial learner reads 0.9 above
 * them too, with ±0.6 of noise; shown examples 0.4 above, under rewritten criteria 0.6 above,
 * each with noise of its own (a template change moves a real judge's errors, not only their
 * mean). Both, shown an example from the article they judge, anchor on that example's score
 * (a leak that only cross-validation without grouping lets in). Figures: for each judge and
 * training size (SUMLENS_BENCH_ALIGN_TRAIN, default 15,30,60: the first N of the 12 articles'
 * summaries taken in turn, so the smaller sets are parts of the larger and every size spans
 * the 12 articles), what was adopted and the held-out mean |judge − people| and alpha before
 * and after (an adopted calibration applied as eval --calibration would), with intervals; calls and tokens of one alignment; with all 60 and the quick
 * learner, the cross-validated estimate with folds grouped by article and without.
 */
import { createHash } from 'node:crypto';
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
import { applyIsotonic, isotonicFit } from '../../src/core/stats/isotonic';
import { datasetItemInput } from '../../src/core/run/benchPlan';
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
      list.push({ key: item.key, group: item.group, input: datasetItemInput(item, 'summarization'), human: item.scores.coherence });
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

/** A scripted judge: how far above the people it reads under each kind of template, and how noisily. */
interface Learner {
  name: string;
  bias: { plain: number; criteria: number; examples: number };
  noise: { plain: number; examples: number };
  /** The noise under examples is the item's own draw (false: the plain template's, scaled). */
  freshNoise: boolean;
}

const LEARNERS: Learner[] = [
  { name: 'quick learner', bias: { plain: 0.9, criteria: 0.3, examples: 0.1 }, noise: { plain: 0.3, examples: 0.1 }, freshNoise: false },
  { name: 'partial learner', bias: { plain: 0.9, criteria: 0.6, examples: 0.4 }, noise: { plain: 0.6, examples: 0.6 }, freshNoise: true },
];

/** A deterministic draw in [-1, 1] in steps of 1/3, per item and salt. */
function draw(key: string, salt: string): number {
  return ((createHash('sha256').update(`${salt}:${key}`).digest()[0] % 7) - 3) / 3;
}

/** The scripted judge: the people's score of the summary it is shown, read with its biases. */
function judge(all: readonly AlignItem[], learner: Learner): (request: RecordedRequest) => ReturnType<typeof expectedScoreReply> {
  const bySummary = new Map(all.map((item) => [item.input.summary.trim(), item]));
  return (request) => {
    if (isRewriteRequest(request)) return rewriteReply;
    const prompt = (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    const judged = [...bySummary.values()].find((item) => prompt.includes(`Summary:\n\n${item.input.summary.trim()}`));
    if (!judged) return { status: 400, error: { message: 'the bench judge found no summary it knows' } };
    const shown = [...bySummary.values()].filter((item) => item !== judged && prompt.includes(`> ${item.input.summary.trim().split('\n')[0]}`));
    const sameArticle = shown.filter((item) => item.group === judged.group);
    const criteria = prompt.includes('The raters are strict');
    const noise = draw(judged.key, criteria ? 'criteria' : 'plain');
    if (sameArticle.length > 0) return expectedScoreReply(sameArticle.reduce((sum, item) => sum + item.human, 0) / sameArticle.length);
    if (shown.length > 0)
      return expectedScoreReply(judged.human + learner.bias.examples + learner.noise.examples * (learner.freshNoise ? draw(judged.key, 'examples') : noise));
    return expectedScoreReply(judged.human + (criteria ? learner.bias.criteria : learner.bias.plain) + learner.noise.plain * noise);
  };
}

/** The held-out items' scores through the isotonic map fitted on the rated items' scores and ratings. */
async function calibrated(rated: AlignItem[], heldOut: AlignItem[], scores: (items: AlignItem[]) => Promise<number[]>): Promise<number[]> {
  const fit = isotonicFit(
    await scores(rated),
    rated.map((item) => item.human),
  );
  return (await scores(heldOut)).map((score) => applyIsotonic(fit, score));
}

const f = (e: Estimate) => `${e.value.toFixed(3)} [${e.interval.low.toFixed(3)}, ${e.interval.high.toFixed(3)}]`;

export async function benchAlign(): Promise<string[]> {
  const { train, heldOut } = items();
  const sizes = trainingSizes();
  const lines = [`SummEval coherence: training items of 12 articles, ${heldOut.length} held-out items of 6 others; 5 folds, 6 examples, strategy both`];
  for (const learner of LEARNERS) {
    const server = await FakeOpenAiServer.start();
    server.setHandler(judge([...train, ...heldOut], learner));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-align-'));
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
          `    ${label}: cross-validated mean |diff| ${f(aligned.verdict.original.meanAbsoluteDifference)} -> ${best ? f(best.agreement.meanAbsoluteDifference) : '(nothing adopted)'}; adopted ${aligned.verdict.adopted ?? 'nothing'}; ${u.calls} calls, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`,
          `      candidates (change in |diff|, Holm p, alpha gain): ${aligned.verdict.candidates
            .map(
              (c) => `${c.name} ${f({ value: c.errorChange.meanDifference, interval: c.errorChange.interval })} p ${c.adjustedP.toFixed(4)}, ${f(c.alphaGain)}`,
            )
            .join('; ')}`,
        );
        return aligned.verdict.adopted;
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
      const before = await held(undefined);
      lines.push(
        `  ${learner.name}: held-out (6 other articles), built-in template: mean |diff| ${f(before.meanAbsoluteDifference)}, alpha ${f(before.alphaInterval)}`,
      );
      for (const size of sizes) {
        const outDir = path.join(work, `grouped-${size}`);
        const rated = train.slice(0, size);
        const adopted = await run(`${size} training items, folds grouped by article`, rated, outDir);
        // Nothing adopted: the held-out items are judged with the built-in template, as the user keeps it. The calibration:
        // its map fitted on the rated items' scores (sumlens calibrate) applied to the built-in template's (eval --calibration).
        const after =
          adopted === 'calibration'
            ? row(
                await calibrated(rated, heldOut, (items) =>
                  judgeScores(items, 'coherence', undefined, { evaluate, options: { session: heldSession }, concurrency: 8 }),
                ),
              )
            : await held(outDir);
        lines.push(`      held-out with what it adopted: mean |diff| ${f(after.meanAbsoluteDifference)}, alpha ${f(after.alphaInterval)}`);
      }
      if (learner === LEARNERS[0] && sizes.includes(train.length))
        await run(
          `${train.length} training items, folds NOT grouped (each item alone)`,
          train.map((item) => ({ ...item, group: item.key })),
          path.join(work, 'ungrouped'),
        );
    } finally {
      await server.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return lines;
}
