/**
 * `sumlens eval --data FILE`: evaluate every row of the user's dataset (JSONL, JSON, CSV, TSV)
 * into a run file (the dataset-run engine of src/core/run/: header, lock, resume, failures
 * retried, progress), then print a table per aspect (and system): mean with its 95% bootstrap
 * interval, distribution, unscored items, worst items with their findings. --fail-under makes
 * it a CI gate (exit 15); --format sarif writes the fine-grained findings as SARIF 2.1.0.
 */
import { checkChooseUsage } from './chooseOptions';
import { specFromFlags } from './runSpecFromFlags';
import { SUCCESS_EXIT_CODE, SumLensError } from '../core/errors';
import { aspectTable } from '../core/run/aspectTable';
import { dataItems, parseFieldMap } from '../core/run/data/dataItems';
import { loadRun, readDetails } from '../core/run/loadRun';
import { PARTIAL_EXIT_CODE, QUALITY_GATE_EXIT_CODE } from '../core/run/outcome';
import type { RunSummary } from '../core/run/runItems';
import { defaultDataRunFile } from '../core/operations/runFileNames';
import { estimateDataset, runDataset, type DatasetRunOutcome } from '../core/operations/runDataset';
import type { RunSpec } from '../core/runSpec/runSpec';
import { finishRun, runProgress, runReport, stderrNotice } from './datasetRun';
import { runTable } from './format/runTable';
import { sessionFrom } from './sessionOptions';
import { spendLine } from './spendLimitOptions';
import type { DataEvalFlags } from './evalFlags';
import { cancelOnInterrupt } from './terminal';
import { cliIo, setExitCode } from './io';

/** Bad rows shown on stderr before the rest are only counted. */
const SHOWN_BAD_ROWS = 20;

/** Reads the data once to count good items and report (or, with --strict, refuse) bad rows. */
async function checkRows(flags: DataEvalFlags, map: ReturnType<typeof parseFieldMap>): Promise<number> {
  const bad: string[] = [];
  let good = 0;
  for await (const _ of dataItems({ path: flags.data, task: flags.task, map, onBadRow: (where, problem) => bad.push(`${where}: ${problem}`) })) good++;
  if (bad.length > 0 && flags.strict) {
    throw new SumLensError('bad-input', `${bad.length} bad row(s), refused with --strict; the first: ${bad[0]}`);
  }
  for (const line of bad.slice(0, SHOWN_BAD_ROWS)) stderrNotice(`skipped bad row ${line}`);
  if (bad.length > SHOWN_BAD_ROWS) stderrNotice(`… and ${bad.length - SHOWN_BAD_ROWS} more bad row(s) skipped`);
  if (good === 0) throw new SumLensError('bad-input', `--data ${flags.data} has no usable row`);
  return good;
}

export async function runDataEval(flags: DataEvalFlags, given: (option: string) => boolean): Promise<void> {
  checkChooseUsage(flags);
  const map = parseFieldMap(flags.map ?? '');
  const gate = flags.failUnder !== undefined ? await import('../core/run/qualityGate') : undefined;
  const thresholds = gate && flags.failUnder !== undefined ? gate.parseThresholds(flags.failUnder) : undefined;
  const format = flags.json ? 'json' : (flags.format ?? 'table');
  await checkRows(flags, map);
  const items = () => dataItems({ path: flags.data, task: flags.task, map });
  const out = flags.out ?? defaultDataRunFile(flags.data, flags.method);
  const spec = specFromFlags(flags, given, { task: flags.task, aspects: flags.aspects });
  // A jury (--judges) has code of its own, loaded only for one.
  if (flags.judges !== undefined) return (await import('./evalDataJury')).juryDataEval(flags, { spec, items, out, format, thresholds });
  const { model } = spec.judge;

  if (flags.dryRun) {
    const estimate = await estimateDataset({ spec, data: { path: flags.data, task: flags.task, map }, out });
    (await import('./format/dryRunReport')).printDryRun(estimate, out, model, { json: format === 'json', batch: flags.batch });
    return;
  }

  const outcome = await runDataItems(flags, spec, { out, map });
  const { summary, exitCode } = outcome;
  cliIo().stderr.write(runReport(summary, out, model, { batch: flags.batch === true, spend: spendLine(flags) }) + '\n');
  finishRun(outcome);
  if (summary.written + summary.alreadyDone === 0) return;

  const run = await loadRun(out);
  await printRunResults(run, { format, summary, out });
  if (gate && thresholds) {
    const failures = gate.gateFailures(aspectTable(run), thresholds, flags.strictCi);
    for (const line of failures) stderrNotice(line);
    // A run stopped by an error keeps its code; one that finished (even partly) but is not good enough exits 15.
    if (failures.length > 0 && (exitCode === SUCCESS_EXIT_CODE || exitCode === PARTIAL_EXIT_CODE)) setExitCode(QUALITY_GATE_EXIT_CODE);
  }
}

/** Runs the data (operations/runDataset.ts), through the Batch API with --batch, else on one session; an interrupt cancels the run. */
async function runDataItems(flags: DataEvalFlags, spec: RunSpec, data: { out: string; map: ReturnType<typeof parseFieldMap> }): Promise<DatasetRunOutcome> {
  const { out, map } = data;
  const cancellation = cancelOnInterrupt();
  const progress = runProgress(flags.progressEvery);
  const run = { spec, command: 'eval --data', data: { path: flags.data, task: flags.task, map }, out, restart: flags.restart };
  const ports = { signal: cancellation.signal, onProgress: progress.onProgress, onNotice: stderrNotice };
  try {
    if (!flags.batch) return await runDataset(run, { ...ports, session: sessionFrom(flags) });
    // The Batch API (--batch) has code of its own, loaded only for it.
    return await (await import('./evalDataBatch')).runThroughBatchApi(flags, { run, ports });
  } finally {
    progress.finish();
    cancellation.dispose();
  }
}

/** The run's table, JSON or SARIF log on stdout. */
async function printRunResults(run: Awaited<ReturnType<typeof loadRun>>, shown: { format: string; summary: RunSummary; out: string }): Promise<void> {
  const { format, summary, out } = shown;
  if (format === 'sarif') {
    const { sarifLog } = await import('../core/run/sarif');
    cliIo().stdout.write(JSON.stringify(await sarifLog(run), null, 2) + '\n');
  } else {
    const rows = aspectTable(run);
    if (format === 'json') cliIo().stdout.write(JSON.stringify({ run: summary, out, aspects: rows }, null, 2) + '\n');
    else cliIo().stdout.write(runTable(rows, await readDetails(out, new Set(rows.flatMap((r) => r.worst.map((w) => w.lineNo))))));
  }
}
