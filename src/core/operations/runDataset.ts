/**
 * Operation: run a data file of summaries (JSONL, JSON, CSV, TSV) through one judge into a run
 * file. The CLI's `eval --data`, the editor's Evaluate Dataset and the agent tools'
 * evaluate_dataset map their inputs to this and show its outcome: the run file (resumable,
 * locked, its header naming the spec), the run's summary and the exit code it ends with.
 */
import { evaluate } from '../evaluate';
import type { Task } from '../result';
import { dataItems, type DataField } from '../run/data/dataItems';
import { runExitCode } from '../run/outcome';
import type { RunSummary } from '../run/runItems';
import { estimateSpec, runSpecItems, type RunPorts } from '../run/specRun';
import type { RunSpec } from '../runSpec/runSpec';

/** The data a dataset run reads. */
export interface DataFile {
  path: string;
  task: Task;
  map?: Partial<Record<DataField, string>>;
  /** The data as the run file's header names it, when not `path` (a CLI run's relative name, kept on resume). */
  name?: string;
  /** A bad row, as it is met during the run (rows are also counted before: see dataRows.ts). */
  onBadRow?(where: string, problem: string): void;
}

export interface DatasetRun {
  spec: RunSpec;
  /** What started the run, for the header: `eval --data`, `Evaluate Dataset (VS Code)`… */
  command: string;
  data: DataFile;
  out: string;
  restart?: boolean;
}

export interface DatasetRunOutcome {
  out: string;
  summary: RunSummary;
  /** The exit code the run ends with (README's table): 0, partial 14, cancelled 130, or the error that stopped it. */
  exitCode: number;
}

/** The data file's rows as run items. */
function dataFileItems(data: DataFile) {
  return () => dataItems({ path: data.path, task: data.task, map: data.map, onBadRow: data.onBadRow });
}

/** The evaluator is the engine's unless a port gives another (a test's, SummEval's references). */
export async function runDataset(run: DatasetRun, ports: Omit<RunPorts, 'evaluate'> & Partial<Pick<RunPorts, 'evaluate'>>): Promise<DatasetRunOutcome> {
  const summary = await runSpecItems(
    { spec: run.spec, command: run.command, data: run.data.name ?? run.data.path, out: run.out, restart: run.restart, items: dataFileItems(run.data) },
    { ...ports, evaluate: ports.evaluate ?? evaluate },
  );
  return { out: run.out, summary, exitCode: runExitCode(summary) };
}

/**
 * Before anything is sent (--dry-run, the agent tools' estimate_cost): the calls, tokens and
 * items the run would take, its finished items left out.
 */
export function estimateDataset(run: Pick<DatasetRun, 'spec' | 'data' | 'out'>): ReturnType<typeof estimateSpec> {
  return estimateSpec({ spec: run.spec, items: dataFileItems(run.data), out: run.out, evaluate });
}
