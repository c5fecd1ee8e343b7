/**
 * `bench --judges JUDGES`: a jury on a human-scored set. Each judge runs the set into its own
 * run file (`<out>.<judge>.jsonl`, resumable), all at once; the jury's pooled scores go to
 * `<out>.jury.jsonl`. Printed: each judge's and the jury's correlations with people (the
 * dataset's convention, with intervals), the jury against its best single judge (the paired
 * test of `meta --compare`), and the jury's agreement: alpha among the judges, pairwise
 * Spearman, and the effective number of independent judges from their errors against people.
 */
import type { Dataset } from '../core/datasets/dataset';
import { errorExitCodes, SUCCESS_EXIT_CODE } from '../core/errors';
import type { JudgeSpec } from '../core/jury/judgesFile';
import { writeJuryRun } from '../core/jury/juryRunFile';
import { pooledJurySpec } from '../core/jury/jurySpecs';
import { juryAgreement, type JudgeScores } from '../core/jury/juryStats';
import type { PoolRule } from '../core/jury/pool';
import { compareTable, metaTable } from '../core/meta/formatTable';
import { runCompare, runMeta } from '../core/meta/runMeta';
import type { BenchPlan } from '../core/run/benchPlan';
import { loadRun } from '../core/run/loadRun';
import { runExitCode } from '../core/run/outcome';
import { runBench } from '../core/run/runBench';
import { runHeader } from '../core/runFile/runHeader';
import type { Evaluator } from '../core/run/runItems';
import type { RunSpec } from '../core/runSpec/runSpec';
import { DEFAULT_SEED } from '../core/stats/random';
import { runReport, stderrNotice } from './datasetRun';
import { judgeRunFile, juryAgreementText } from './evalDataJury';
import { sessionFrom, type SessionFlags } from './sessionOptions';
import { cancelOnInterrupt } from './terminal';
import { cliIo, setExitCode } from './io';

export interface BenchJuryOptions {
  dataset: Dataset;
  plan: BenchPlan;
  out: string;
  evaluate: Evaluator;
  limit?: number;
  restart?: boolean;
  flags: SessionFlags & { pool: PoolRule; json?: boolean; level?: Parameters<typeof runMeta>[0]['level'] };
}

const RESAMPLES = 1000;

/** `judges[i]` is the judges file's entry behind `specs[i]` (its key variable). */
export async function runBenchJury(judges: JudgeSpec[], specs: RunSpec[], o: BenchJuryOptions): Promise<void> {
  const summaries = await runJudges(judges, specs, o);
  judges.forEach((judge, i) =>
    cliIo().stderr.write(`${judge.name}: ${runReport(summaries[i], judgeRunFile(o.out, judge.name), judge.model, { batch: false })}\n`),
  );
  const codes = summaries.map(runExitCode);
  if (codes.some((code) => code !== SUCCESS_EXIT_CODE && code !== errorExitCodes.partial)) {
    setExitCode(Math.max(...codes));
    const cause = summaries.find((s) => s.fatal)?.fatal?.message;
    stderrNotice(`a judge's run stopped${cause ? ` (${cause})` : ''}: the jury is not measured (rerun to resume every judge)`);
    return;
  }
  const runs = await Promise.all(judges.map((judge) => loadRun(judgeRunFile(o.out, judge.name))));
  const juryFile = judgeRunFile(o.out, 'jury');
  const written = writeJuryRun(juryFile, runHeader('bench --judges (jury)', o.dataset.path, pooledJurySpec(specs, o.flags.pool)), runs, o.flags.pool);
  if (written.leftOut > 0) stderrNotice(`jury: ${written.leftOut} item aspect(s) left out (not every judge scored them)`);

  const humanAspects = o.plan.aspects.map((a) => a.human);
  const meta = [...judges.map((s, i) => ({ name: s.name, file: runs[i].path })), { name: 'jury', file: juryFile }].map(({ name, file }) => ({
    name,
    file,
    results: runMeta({ dataset: o.dataset.path, subset: o.dataset.subset, aspects: humanAspects, predictions: file, level: o.flags.level }).results,
  }));
  // The best single judge: the highest mean Spearman over the aspects.
  const meanRho = (results: (typeof meta)[number]['results']) => results.reduce((s, r) => s + r.spearman, 0) / results.length;
  const best = meta.slice(0, -1).reduce((a, b) => (meanRho(b.results) > meanRho(a.results) ? b : a));
  const compared = runCompare({
    dataset: o.dataset.path,
    subset: o.dataset.subset,
    aspects: humanAspects,
    level: o.flags.level,
    sources: [{ predictions: juryFile }, { predictions: best.file }],
  }).results;
  const agreements = juryAgreements(judges, runs, o);
  if (o.flags.json) {
    cliIo().stdout.write(
      JSON.stringify(
        {
          meta: meta.map(({ name, file, results }) => ({ name, file, results })),
          juryVersusBest: { best: best.name, results: compared },
          agreement: agreements,
        },
        null,
        2,
      ) + '\n',
    );
  } else {
    const sections = meta.map(({ name, results }) => `${name}:\n${metaTable(results)}`);
    cliIo().stdout.write(
      `${sections.join('\n\n')}\n\njury against its best single judge (${best.name}): A = jury, B = ${best.name}\n${compareTable(compared)}\n\njury agreement (${o.flags.pool} pool; errors against people)\n${juryAgreementText(agreements)}\n`,
    );
  }
  if (codes.some((code) => code !== SUCCESS_EXIT_CODE)) setExitCode(errorExitCodes.partial);
}

/** Each judge's run of the dataset, all at once; an interrupt cancels every one. */
async function runJudges(judges: JudgeSpec[], specs: RunSpec[], o: BenchJuryOptions) {
  const cancellation = cancelOnInterrupt();
  let summaries;
  try {
    summaries = await Promise.all(
      specs.map((spec, i) =>
        runBench({
          dataset: o.dataset,
          plan: o.plan,
          out: judgeRunFile(o.out, judges[i].name),
          evaluate: o.evaluate,
          limit: o.limit,
          restart: o.restart,
          spec,
          session: sessionFrom(o.flags, {}, judges[i]),
          signal: cancellation.signal,
          onNotice: (line) => stderrNotice(`${judges[i].name}: ${line}`),
        }),
      ),
    );
  } finally {
    cancellation.dispose();
  }
  return summaries;
}

/** How far the judges agree with each other per aspect, and the jury's errors against people. */
function juryAgreements(judges: JudgeSpec[], runs: Awaited<ReturnType<typeof loadRun>>[], o: BenchJuryOptions) {
  return o.plan.aspects.flatMap(({ human }) => {
    const people = new Map(
      o.dataset.items.flatMap((item) => (typeof item.scores[human] === 'number' ? [[item.key, item.scores[human]] as [string, number]] : [])),
    );
    const scores: JudgeScores = new Map(
      judges.map((s, i) => [
        s.name,
        new Map(runs[i].entries.flatMap((e) => (e.scores[human] === undefined ? [] : [[e.key, e.scores[human]] as [string, number]]))),
      ]),
    );
    const agreement = juryAgreement(human, scores, { pool: o.flags.pool, resamples: RESAMPLES, seed: DEFAULT_SEED, people });
    return agreement ? [agreement] : [];
  });
}
