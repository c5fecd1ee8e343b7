/**
 * `eval --data FILE --judges JUDGES`: the dataset run of a jury (operations/runJury.ts: a run
 * file per judge, all at once, the jury's pooled file, one stop rule). Then, per aspect: each
 * judge's mean, the jury's agreement (Krippendorff's alpha among the judges with its interval,
 * pairwise Spearman, the effective number of independent judges) and the judge that disagrees most.
 */
import { evaluate } from '../core/evaluate';
import { readJudgesFile, type JudgeSpec } from '../core/jury/judgesFile';
import { jurySpecs } from '../core/jury/jurySpecs';
import type { JuryAgreement } from '../core/jury/juryStats';
import { JURY_RESAMPLES, juryAgreements, runJury, type JuryOutcome } from '../core/operations/runJury';
import { runDataset } from '../core/operations/runDataset';
import { aspectTable } from '../core/run/aspectTable';
import { parseFieldMap } from '../core/run/data/dataItems';
import type { RunSpec } from '../core/runSpec/runSpec';
import { DEFAULT_SEED } from '../core/stats/random';
import { runReport, stderrNotice } from './datasetRun';
import { printDryRun } from './format/dryRunReport';
import { judgeRunFile } from '../core/operations/runFileNames';
import { estimateSpec } from '../core/run/specRun';
import type { RunItem } from '../core/run/runItems';
import { SumLensError } from '../core/errors';
import type { DataEvalFlags } from './evalFlags';
import { alignColumns } from './format/columns';
import { cancelOnInterrupt } from './terminal';
import { cliIo, setExitCode } from './io';
import { judgeSession } from './judgeSession';

const f = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

export function juryAgreementText(agreements: JuryAgreement[]): string {
  const rows = [['aspect', 'items', 'alpha among judges [95% CI]', 'effective judges', 'error correlation', 'disagrees most']];
  for (const a of agreements) {
    rows.push([
      a.aspect,
      String(a.items),
      `${f(a.alpha)} [${f(a.alphaInterval.low)}, ${f(a.alphaInterval.high)}]`,
      `${f(a.effectiveJudges, 2)} of ${a.judges.length}`,
      `${f(a.errorCorrelation)} (vs ${a.errorsAgainst})`,
      a.mostDisagreeing ?? '—',
    ]);
  }
  const lines = alignColumns(rows);
  for (const a of agreements) {
    lines.push(`${a.aspect}: pairwise Spearman ${a.pairwiseSpearman.map((p) => `${p.a}–${p.b} ${f(p.rho)}`).join(', ')}`);
    if (a.withPeople) lines.push(`${a.aspect}: Spearman with people ${a.withPeople.map((w) => `${w.judge} ${f(w.rho)}`).join(', ')}`);
    for (const line of a.notComputable) lines.push(`${a.aspect}: ${line}`);
  }
  return lines.join('\n');
}

/**
 * Each judge's run report, a stop said once (the judges share one spending limit, and one
 * endpoint's faults), and why the jury was not measured; true when it was.
 */
export function reportJury(outcome: JuryOutcome): boolean {
  for (const m of outcome.members) cliIo().stderr.write(`${m.name}: ${runReport(m.summary, m.out, m.model, { batch: false })}\n`);
  if (outcome.stopped) stderrNotice(`stopped: ${outcome.stopped.message}`);
  // Not measured: `finished` is empty then; count the judges with results from their summaries.
  const withResults = outcome.members.filter((m) => m.summary.written + m.summary.alreadyDone > 0).length;
  if (!outcome.juryFile) stderrNotice(`the jury needs two judges with results; ${withResults} finished (rerun to resume every judge)`);
  return outcome.juryFile !== undefined;
}

/** `judges[i]` is the judges file's entry behind `specs[i]` (its key variable). */
export async function runDataJury(flags: DataEvalFlags, judges: JudgeSpec[], specs: RunSpec[], out: string): Promise<void> {
  const data = { path: flags.data, task: flags.task, map: flags.map ? parseFieldMap(flags.map) : undefined };
  const cancellation = cancelOnInterrupt();
  let outcome: JuryOutcome;
  try {
    outcome = await runJury({
      members: judges.map((judge, i) => ({ name: judge.name, spec: specs[i], session: judgeSession(flags, judge) })),
      out,
      command: 'eval --data --judges',
      data: flags.data,
      pool: flags.pool,
      runMember: async (member, memberOut) =>
        (
          await runDataset(
            { spec: member.spec, command: 'eval --data --judges', data, out: memberOut, restart: flags.restart },
            { session: member.session, signal: cancellation.signal, onNotice: (line) => stderrNotice(`${member.name}: ${line}`) },
          )
        ).summary,
    });
  } finally {
    cancellation.dispose();
  }
  setExitCode(outcome.exitCode);
  if (!reportJury(outcome)) return;
  const runs = outcome.finished;
  const aspects = specs[0].aspects;
  const agreements = juryAgreements(runs, aspects, { pool: flags.pool });
  if (flags.json || flags.format === 'json') {
    cliIo().stdout.write(
      JSON.stringify(
        { judges: runs.map(({ name, run }) => ({ name, out: run.path, aspects: aspectTable(run) })), juryRun: outcome.juryFile, jury: agreements },
        null,
        2,
      ) + '\n',
    );
  } else {
    const rows = [['aspect', ...runs.map((r) => r.name)]];
    for (const aspect of aspects) rows.push([aspect, ...runs.map(({ run }) => f(aspectTable(run).find((row) => row.aspect === aspect)?.mean ?? NaN))]);
    cliIo().stdout.write(
      `means per judge\n${alignColumns(rows).join('\n')}\n\njury agreement (${flags.pool} pool; ${JURY_RESAMPLES} bootstrap resamples of items, seed ${DEFAULT_SEED})\n${juryAgreementText(agreements)}\n`,
    );
  }
}

/** `eval --data FILE --judges JUDGES`: each judge's dry run against its own run file, or the jury's run. */
export async function juryDataEval(
  flags: DataEvalFlags,
  run: { spec: RunSpec; items: () => AsyncIterable<RunItem>; out: string; format: string; thresholds: unknown },
): Promise<void> {
  const { spec, items, out, format, thresholds } = run;
  if (flags.batch || thresholds || flags.format === 'sarif')
    throw new SumLensError('usage', '--judges runs with neither --batch, --fail-under nor --format sarif yet');
  const file = readJudgesFile(flags.judges!);
  const judges = jurySpecs(spec, file);
  if (!flags.dryRun) return runDataJury(flags, file, judges, out);
  for (const judge of judges) {
    const judgeOut = judgeRunFile(out, judge.judge.name ?? '');
    const estimate = await estimateSpec({ spec: judge, items, out: judgeOut, evaluate });
    if (format !== 'json') cliIo().stdout.write(`judge ${judge.judge.name}:\n`);
    printDryRun(estimate, judgeOut, judge.judge.model, { json: format === 'json' });
  }
}
