/**
 * Tool `audit_judge`: is the judge fair? As `sumlens audit --format json`: probes change each
 * summary by a seeded rule (length, address, facts, order, damage), the judge scores the
 * original and the copy, and the paired differences are tested per probe and aspect against
 * what a fair judge does (Holm-adjusted). An audit where no probe could be tested is an error
 * (the CLI's exit 17), as is one where every evaluation failed.
 */
import * as z from 'zod';
import { auditSubjects } from '../audit/auditSubjects';
import { DEFAULT_PROBES, PROBE_NAMES, PROBES } from '../audit/probes';
import { CELL_VERDICTS, PROBE_VERDICTS } from '../audit/verdicts';
import { resolveDatasetArgument } from '../datasets/locate';
import { errorExitCodes, SumLensError } from '../errors';
import { parseFieldMap } from '../run/data/dataItems';
import { DEFAULT_SEED } from '../stats/random';
import { datasetName } from './datasetArgument';
import { dataArguments } from './evaluateData';
import { intervalOutput } from './runSummaryOutput';
import { maxCostArgument, runSpecOf, scoringArguments, usageOutput, usageWithCost } from './scoringArguments';
import { auditJudge } from '../operations/auditJudge';
import { asJson, defineTool } from './tool';
import { workspacePath } from './workspacePath';
import { SCORING_METHODS } from '../methodsAndTasks';

const input = z.object({
  data: dataArguments.data.optional(),
  map: dataArguments.map,
  dataset: datasetName.optional().describe('or a human-scored set by name (instead of data)'),
  limit: z.int().min(1).max(2000).default(30).describe('audit the first N items'),
  method: z.enum(SCORING_METHODS).default('geval').describe('the judge method to audit'),
  task: scoringArguments.task,
  aspects: scoringArguments.aspects,
  route: scoringArguments.route,
  samples: scoringArguments.samples,
  maxCost: maxCostArgument,
  probes: z
    .array(z.enum(PROBE_NAMES as [string, ...string[]]))
    .min(1)
    .default([...DEFAULT_PROBES])
    .describe(`which probes: ${PROBE_NAMES.join(', ')} (default: all but authorship)`),
  seed: z.int().min(1).default(DEFAULT_SEED).describe('seed of the probes and of the resampling'),
  alpha: z.number().gt(0).lt(1).default(0.05).describe('significance level of the verdicts (Holm-adjusted)'),
});

const probeOutput = z.object({
  probe: z.string(),
  change: z.string().describe('what the probe changes in the summary'),
  fair: z.string().describe('what a fair judge does with the change'),
  verdict: z.enum(PROBE_VERDICTS),
  violatedMeans: z.string().describe('the bias named when violated'),
  pairs: z.number(),
  skipped: z.number(),
  notAudited: z.string().optional(),
});

const cellOutput = z.object({
  probe: z.string(),
  aspect: z.string(),
  n: z.number(),
  meanDifference: z.number().nullable().describe('changed copy − original'),
  interval: intervalOutput,
  pHolm: z.number().nullable(),
  delta: z.number().nullable().describe('must-react cell: the drop too small to matter (blind only when the whole 95% interval is above −delta)'),
  verdict: z.enum(CELL_VERDICTS),
});

const output = z.object({
  summaries: z.number(),
  method: z.string(),
  task: z.string(),
  summary: z.string().describe('the verdict in one sentence'),
  biased: z.boolean().describe('some probe found the judge biased (the CLI exits 15 with --fail-on bias)'),
  probes: z.array(probeOutput),
  cells: z.array(cellOutput),
  failed: z.number().describe('evaluations that failed; their pairs are left out'),
  errors: z.array(z.string()),
  cancelled: z.boolean(),
  alpha: z.number(),
  seed: z.number(),
  usage: usageOutput,
});

export const auditJudgeTool = defineTool({
  name: 'audit_judge',
  title: 'Audit the judge for bias',
  description:
    'Check whether the configured judge is fair on your items: each probe changes every summary by a fixed, seeded rule (length: padded; address: the summary addresses the judge; facts: a fact swapped; order: sentences shuffled; damage: words dropped), ' +
    'the judge scores the original and the copy, and paired tests (Holm-corrected) tell per probe whether the judge reacts as a fair judge would. Items from a data file in the workspace or a human-scored set. Costs about (probes + 1) × limit evaluations.',
  input,
  output,
  callsJudge: true,
  readOnly: true,
  async run(args, context) {
    const { subjects, task } = await auditSubjects({
      data: args.data === undefined ? undefined : workspacePath(context.workspace, args.data, 'data'),
      map: args.map ? parseFieldMap(args.map) : undefined,
      dataset: args.dataset === undefined ? undefined : resolveDatasetArgument(args.dataset, context.datasetFolders),
      limit: args.limit,
      task: args.task,
      onBadRow: (where, problem) => context.onNotice?.(`skipped ${where}: ${problem}`),
    });
    const session = context.session();
    // The audit judges as a dataset run of the same arguments would: evaluate()'s options from the run spec alone.
    const spec = { ...runSpecOf({ ...args, task }, context), method: args.method };
    const { run, report } = await auditJudge(
      { spec, subjects, probes: PROBES.filter((p) => args.probes.includes(p.name)), seed: args.seed, alpha: args.alpha },
      {
        session,
        signal: context.signal,
        onProgress: (done, total) => context.onProgress?.({ done, total, message: `${done}/${total} evaluations` }),
      },
    );
    if (report.nothingAudited && !run.cancelled) throw new SumLensError('nothing-audited', `${report.summary}${run.errors[0] ? ` (${run.errors[0]})` : ''}`);
    const structured = asJson<z.infer<typeof output>>({
      summaries: subjects.length,
      method: run.method,
      task: run.task,
      summary: report.summary,
      biased: report.probes.some((p) => p.verdict === 'violated'),
      probes: report.probes,
      cells: report.cells,
      failed: run.failed,
      errors: run.errors,
      cancelled: run.cancelled,
      alpha: report.alpha,
      seed: report.seed,
      usage: usageWithCost(session.model, run.usage),
    });
    const partial =
      run.failed > 0 ? `partial (exit ${errorExitCodes.partial}): ${run.failed} evaluation(s) failed and their pairs are left out (${run.errors[0]})\n` : '';
    return { structured, text: partial + [report.summary, ...report.probes.map((p) => `${p.probe}: ${p.verdict}`)].join('\n') };
  },
});
