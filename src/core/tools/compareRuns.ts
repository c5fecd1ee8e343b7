/**
 * Tool `compare_runs`: is run B better than run A? As `sumlens compare A B --json`: per aspect
 * the paired mean difference B − A with its 95% bootstrap interval, the sign-flip permutation
 * p-value and its Holm adjustment, wins, ties and losses. No judge is called.
 */
import * as path from 'node:path';
import * as z from 'zod';
import { compareRuns, worseAspects } from '../run/compareRuns';
import { loadRun } from '../run/loadRun';
import { DEFAULT_SEED } from '../stats/random';
import { intervalOutput } from './runSummaryOutput';
import { asJson, defineTool } from './tool';
import { workspacePath } from './workspacePath';

const input = z.object({
  runA: z.string().describe('run file of system A (from evaluate_dataset, `sumlens eval --data` or `sumlens bench`), inside the workspace'),
  runB: z.string().describe('run file of system B'),
  allowDifferent: z.boolean().default(false).describe('compare runs whose judge, method or templates differ'),
  alpha: z.number().gt(0).lt(1).default(0.05).describe('significance level for the "worse" and "better" lists (Holm-adjusted)'),
  seed: z.int().min(1).default(DEFAULT_SEED).describe('seed of the resampling'),
});

const aspectOutput = z.object({
  aspect: z.string(),
  n: z.number().describe('paired items with a score on both sides'),
  meanA: z.number().nullable(),
  meanB: z.number().nullable(),
  meanDifference: z.number().nullable().describe('B − A'),
  interval: intervalOutput.describe('paired bootstrap 95% interval of B − A'),
  pValue: z.number().nullable(),
  pHolm: z.number().nullable(),
  wins: z.number(),
  ties: z.number(),
  losses: z.number(),
  unscoredPairs: z.number(),
  exact: z.boolean().describe('the p-value is exact (every sign flip), not sampled'),
  pMethod: z.string(),
});

const output = z.object({
  a: z.object({ label: z.string(), items: z.number() }),
  b: z.object({ label: z.string(), items: z.number() }),
  paired: z.number(),
  onlyA: z.array(z.string()),
  onlyB: z.array(z.string()),
  differences: z.array(z.string()).describe('setting differences, when compared despite them (allowDifferent)'),
  aspects: z.array(aspectOutput),
  seed: z.number().optional(),
  worse: z.array(z.string()).describe('aspects where B is significantly worse than A (Holm p < alpha)'),
  better: z.array(z.string()).describe('aspects where B is significantly better than A'),
});

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

export const compareRunsTool = defineTool({
  name: 'compare_runs',
  title: 'Compare two run files',
  description:
    'Compare two run files item by item (paired on item id): per aspect the mean of each, the difference B − A with its paired bootstrap 95% interval, the permutation p-value (Holm-corrected) and wins/ties/losses, ' +
    'and which aspects are significantly worse or better in B. Refuses runs made with a different judge, method or templates unless allowDifferent. Calls no judge.',
  input,
  output,
  callsJudge: false,
  readOnly: true,
  async run(args, context) {
    const [fileA, fileB] = [workspacePath(context.workspace, args.runA, 'runA'), workspacePath(context.workspace, args.runB, 'runB')];
    const comparison = compareRuns(await loadRun(fileA), await loadRun(fileB), { allowDifferent: args.allowDifferent, seed: args.seed });
    comparison.a.label = path.relative(context.workspace, fileA);
    comparison.b.label = path.relative(context.workspace, fileB);
    const worse = worseAspects(comparison, args.alpha).map((r) => r.aspect);
    const better = comparison.aspects.filter((r) => r.pHolm < args.alpha && r.meanDifference > 0).map((r) => r.aspect);
    const lines = [
      `A: ${comparison.a.label} (${comparison.a.items} items), B: ${comparison.b.label} (${comparison.b.items} items), paired ${comparison.paired}`,
      ...comparison.aspects.map(
        (r) =>
          `${r.aspect}: B − A ${signed(r.meanDifference)} [${signed(r.interval.low)}, ${signed(r.interval.high)}], p (Holm) ${r.pHolm.toPrecision(2)}, ${r.wins}/${r.ties}/${r.losses}`,
      ),
    ];
    return { structured: asJson<z.infer<typeof output>>({ ...comparison, worse, better }), text: lines.join('\n') };
  },
});
