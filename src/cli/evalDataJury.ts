/**
 * `eval --data FILE --judges JUDGES`: the dataset run of a jury. Each judge runs the data into
 * its own run file (`<out>.<judge>.jsonl`: resumable, cached and failing on its own, as one
 * judge's run is), all judges at once, each within its own endpoint's concurrency. Then, per
 * aspect: each judge's mean, the jury's agreement (Krippendorff's alpha among the judges with
 * its interval, pairwise Spearman, the effective number of independent judges) and the judge
 * that disagrees most.
 */
import { evaluate } from '../core/evaluate';
import { pooledJurySpec } from '../core/jury/jurySpecs';
import { itemRunOf } from '../core/run/specRun';
import type { RunSpec } from '../core/runSpec/runSpec';
import { juryAgreement, type JudgeScores, type JuryAgreement } from '../core/jury/juryStats';
import { writeJuryRun } from '../core/jury/juryRunFile';
import type { JudgeSpec } from '../core/jury/judgesFile';
import { aspectTable } from '../core/run/aspectTable';
import { dataItems, parseFieldMap } from '../core/run/data/dataItems';
import { loadRun } from '../core/run/loadRun';
import { runExitCode } from '../core/run/outcome';
import { runHeader } from '../core/runFile/runHeader';
import { runItems, type RunSummary } from '../core/run/runItems';
import { DEFAULT_SEED } from '../core/stats/random';
import { errorExitCodes, SUCCESS_EXIT_CODE } from '../core/errors';
import { runReport, stderrNotice } from './datasetRun';
import type { DataEvalFlags } from './evalFlags';
import { alignColumns } from './format/columns';
import { sessionFrom } from './sessionOptions';
import { cancelOnInterrupt } from './terminal';
import { cliIo, setExitCode } from './io';

/** Bootstrap resamples behind the jury's alpha interval. */
const RESAMPLES = 1000;

/** `runs/main.jsonl` → `runs/main.mini.jsonl`. */
export function judgeRunFile(out: string, judge: string): string {
  return out.replace(/(\.jsonl)?$/i, `.${judge}.jsonl`);
}

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

/** `judges[i]` is the judges file's entry behind `specs[i]` (its key variable). */
export async function runDataJury(flags: DataEvalFlags, judges: JudgeSpec[], specs: RunSpec[], out: string): Promise<void> {
  const map = flags.map ? parseFieldMap(flags.map) : undefined;
  const items = () => dataItems({ path: flags.data, task: flags.task, map });
  const cancellation = cancelOnInterrupt();
  let summaries: RunSummary[];
  try {
    summaries = await Promise.all(
      specs.map((spec, i) =>
        runItems({
          ...itemRunOf(spec),
          out: judgeRunFile(out, judges[i].name),
          header: runHeader('eval --data --judges', flags.data, spec),
          restart: flags.restart,
          items,
          session: sessionFrom(flags, {}, judges[i]),
          evaluate,
          signal: cancellation.signal,
          onNotice: (line) => stderrNotice(`${judges[i].name}: ${line}`),
        }),
      ),
    );
  } finally {
    cancellation.dispose();
  }
  judges.forEach((judge, i) =>
    cliIo().stderr.write(`${judge.name}: ${runReport(summaries[i], judgeRunFile(out, judge.name), judge.model, { batch: false })}\n`),
  );
  const codes = summaries.map(runExitCode);
  // The judges share one spending limit (and one endpoint's faults): their stop is said once.
  const stopped = summaries.find((s) => s.fatal)?.fatal;
  if (stopped) stderrNotice(`stopped: ${stopped.message}`);
  const finished = judges.filter((_, i) => summaries[i].written + summaries[i].alreadyDone > 0);
  if (finished.length < 2) {
    setExitCode(Math.max(...codes) || errorExitCodes.partial);
    stderrNotice(`the jury needs two judges with results; ${finished.length} finished`);
    return;
  }
  const runs = await Promise.all(finished.map(async (spec) => ({ name: spec.name, run: await loadRun(judgeRunFile(out, spec.name)) })));
  // The jury's own run file: compare and report read it as they read one judge's.
  const juryFile = judgeRunFile(out, 'jury');
  const pooled = pooledJurySpec(
    specs.filter((_, i) => finished.includes(judges[i])),
    flags.pool,
  );
  writeJuryRun(
    juryFile,
    runHeader('eval --data --judges (jury)', flags.data, pooled),
    runs.map((r) => r.run),
    flags.pool,
  );
  const aspects = specs[0].aspects;
  const agreements = aspects.flatMap((aspect) => {
    const scores: JudgeScores = new Map(
      runs.map(({ name, run }) => [
        name,
        new Map(run.entries.flatMap((e) => (e.scores[aspect] === undefined ? [] : [[e.key, e.scores[aspect]] as [string, number]]))),
      ]),
    );
    const agreement = juryAgreement(aspect, scores, { pool: flags.pool, resamples: RESAMPLES, seed: DEFAULT_SEED });
    return agreement ? [agreement] : [];
  });
  if (flags.json || flags.format === 'json') {
    cliIo().stdout.write(
      JSON.stringify(
        { judges: runs.map(({ name, run }) => ({ name, out: run.path, aspects: aspectTable(run) })), juryRun: juryFile, jury: agreements },
        null,
        2,
      ) + '\n',
    );
  } else {
    const rows = [['aspect', ...runs.map((r) => r.name)]];
    for (const aspect of aspects) rows.push([aspect, ...runs.map(({ run }) => f(aspectTable(run).find((row) => row.aspect === aspect)?.mean ?? NaN))]);
    cliIo().stdout.write(
      `means per judge\n${alignColumns(rows).join('\n')}\n\njury agreement (${flags.pool} pool; ${RESAMPLES} bootstrap resamples of items, seed ${DEFAULT_SEED})\n${juryAgreementText(agreements)}\n`,
    );
  }
  // The worst outcome of any judge's run decides the exit code (a failed judge: partial at least).
  const worst = Math.max(...codes);
  if (worst !== SUCCESS_EXIT_CODE) setExitCode(finished.length < judges.length && worst !== errorExitCodes.cancelled ? errorExitCodes.partial : worst);
}
