/**
 * Tool `evaluate_dataset`: every row of a data file (JSONL, JSON, CSV, TSV with id, source,
 * summary[, reference, system]) into a run file, as `sumlens eval --data FILE --out RUN` does:
 * the same run-file format, so the CLI, the editor and this tool resume each other's runs. A
 * cancelled call stops the run; what finished is kept and the same call resumes it.
 */
import * as path from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { runDataset } from '../operations/runDataset';
import { defaultDataRunFile } from '../operations/runFileNames';
import { aspectTable } from '../run/aspectTable';
import { parseFieldMap } from '../run/data/dataItems';
import { loadRun } from '../run/loadRun';
import { aspectRowOutput, runOf, runOutput, throwIfRunFailed } from './runSummaryOutput';
import { maxCostArgument, runSpecOf, scoringArguments, type ScoringArguments } from './scoringArguments';
import { asJson, defineTool, type ToolContext } from './tool';
import { workspacePath } from './workspacePath';

/** Bad rows named in the result before the rest are only counted. */
const SHOWN_BAD_ROWS = 20;

export const dataArguments = {
  data: z.string().describe('the data file, inside the workspace: JSONL, JSON array, CSV or TSV with id, source, summary[, reference, system]'),
  map: z.string().optional().describe('field names from other columns, e.g. "summary=output,source=article"'),
};

const input = z.object({
  ...dataArguments,
  out: z.string().optional().describe('the run file to write (JSONL, inside the workspace); default sumlens-<data>-<method>.jsonl beside the data'),
  restart: z.boolean().default(false).describe('start the run file over instead of resuming it'),
  ...scoringArguments,
  maxCost: maxCostArgument,
});

const output = z.object({
  out: z.string().describe('the run file, relative to the workspace'),
  run: runOutput,
  badRows: z.array(z.string()).describe('rows skipped as unusable (the first few)'),
  aspects: z.array(aspectRowOutput),
});

/**
 * What evaluate_dataset and estimate_cost both make of their arguments: the data file and the
 * run file (inside the workspace), the run's spec and the field map.
 */
export function dataRunOf(args: ScoringArguments & { data: string; map?: string; out?: string }, context: ToolContext) {
  return {
    data: workspacePath(context.workspace, args.data, 'data'),
    out: workspacePath(context.workspace, args.out ?? defaultDataRunFile(args.data, args.method, path.dirname(args.data)), 'out'),
    spec: runSpecOf(args, context),
    map: parseFieldMap(args.map ?? ''),
  };
}

export const evaluateDataTool = defineTool({
  name: 'evaluate_dataset',
  title: 'Evaluate a data file into a run file',
  description:
    'Score every summary of a data file (JSONL, JSON, CSV or TSV with id, source, summary[, reference, system]) and record each item in a run file, as `sumlens eval --data FILE --out RUN`. ' +
    'A run file that exists is resumed: finished items are skipped, failed ones evaluated again. Sends progress notifications when the request has a progress token; cancelling the request stops the run and keeps what finished. ' +
    'Returns the per-aspect means with 95% bootstrap intervals and the worst items. Compare two run files with compare_runs; estimate the cost first with estimate_cost.',
  input,
  output,
  callsJudge: true,
  readOnly: false,
  async run(args, context) {
    const { data, out, spec, map } = dataRunOf(args, context);
    const shownOut = path.relative(context.workspace, out);
    const badRows: string[] = [];
    const onBadRow = (where: string, problem: string) => badRows.push(`${where}: ${problem}`);
    const { summary } = await runDataset(
      {
        spec,
        command: 'eval --data',
        data: { path: data, name: path.relative(context.workspace, data), task: args.task, map, onBadRow },
        out,
        restart: args.restart,
      },
      {
        session: context.session(),
        signal: context.signal,
        onProgress: (p) =>
          context.onProgress?.({ done: p.done, total: p.todo, message: `${p.done}/${p.todo} item(s)${p.failed ? `, ${p.failed} failed` : ''}` }),
        onNotice: context.onNotice,
      },
    );
    if (summary.total === 0 && !summary.cancelled)
      throw new SumLensError('bad-input', `data ${args.data} has no usable row${badRows.length ? `; the first: ${badRows[0]}` : ''}`);
    throwIfRunFailed(summary, shownOut);
    const rows = summary.written + summary.alreadyDone > 0 ? aspectTable(await loadRun(out)) : [];
    // dataItems runs twice (to count, then to run): each bad row is reported once.
    const uniqueBad = [...new Set(badRows)];
    const structured = asJson<z.infer<typeof output>>({
      out: shownOut,
      run: runOf(summary, spec.judge.model),
      badRows: uniqueBad.slice(0, SHOWN_BAD_ROWS),
      aspects: rows,
    });
    const lines = [
      `${summary.written} item(s) written to ${shownOut}${summary.alreadyDone ? `, ${summary.alreadyDone} already there` : ''}${summary.failed ? `, ${summary.failed} failed` : ''}${summary.cancelled ? ', cancelled (the same call resumes)' : ''}`,
      ...rows.map(
        (r) =>
          `${r.system ? `${r.system} ` : ''}${r.aspect}: mean ${r.mean.toFixed(3)} [${r.interval.low.toFixed(3)}, ${r.interval.high.toFixed(3)}], n ${r.scored}`,
      ),
    ];
    if (uniqueBad.length) lines.push(`${uniqueBad.length} bad row(s) skipped`);
    return { structured, text: lines.join('\n') };
  },
});
