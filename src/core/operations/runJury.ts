/**
 * Operation: a jury's run of a dataset (`eval --data --judges`, `bench --judges`). Each judge
 * runs the data into its own run file (`<out>.<judge>.jsonl`: resumable, cached and failing on
 * its own, as one judge's run is), all judges at once; then the jury's pooled scores are written
 * to `<out>.jury.jsonl`, which compare and report read as they read one judge's run.
 *
 * The stop rule, one for every jury run: the jury is measured from the judges whose runs have
 * results (some items at least) when two or more have; a judge without results is left out and
 * the run is partial (exit 14). Fewer than two: the jury is not measured, and the run ends with
 * the worst of the judges' codes (partial at least). When every judge has results, the run ends
 * with the worst of their codes (0 when all finished).
 */
import { errorExitCodes, SUCCESS_EXIT_CODE, type SumLensError } from '../errors';
import type { LlmSession } from '../llm/types';
import { writeJuryRun } from '../jury/juryRunFile';
import { pooledJurySpec } from '../jury/jurySpecs';
import { juryAgreement, type JudgeScores, type JuryAgreement } from '../jury/juryStats';
import type { PoolRule } from '../methodsAndTasks';
import { loadRun, type LoadedRun } from '../run/loadRun';
import { runExitCode } from '../run/outcome';
import type { RunSummary } from '../run/runItems';
import { runHeader } from '../runFile/runHeader';
import type { RunSpec } from '../runSpec/runSpec';
import { DEFAULT_SEED } from '../stats/random';
import { judgeRunFile } from './runFileNames';

/** Bootstrap resamples behind the jury's alpha interval. */
export const JURY_RESAMPLES = 1000;

export interface JuryMember {
  name: string;
  spec: RunSpec;
  session: LlmSession;
}

export interface JuryRun {
  members: JuryMember[];
  /** The jury's run file; each judge's is beside it (runFileNames.judgeRunFile). */
  out: string;
  /** What started the run and the data, for the jury file's header: `eval --data --judges`, `bench --judges`. */
  command: string;
  data: string;
  pool: PoolRule;
  /** One judge's run of the data into its file (a dataset run, or a bench). */
  runMember(member: JuryMember, out: string): Promise<RunSummary>;
}

export interface JuryOutcome {
  members: { name: string; model: string; out: string; summary: RunSummary }[];
  /** The judges whose runs have results, with their run files loaded. */
  finished: { name: string; run: LoadedRun }[];
  /** The jury's pooled run file; undefined when fewer than two judges have results. */
  juryFile?: string;
  /** Item aspects left out of the jury's file: not every judge scored them. */
  leftOut: number;
  /** The first run-level error that stopped a judge's run. */
  stopped?: SumLensError;
  exitCode: number;
}

export async function runJury(jury: JuryRun): Promise<JuryOutcome> {
  const summaries = await Promise.all(jury.members.map((member) => jury.runMember(member, judgeRunFile(jury.out, member.name))));
  const members = jury.members.map((m, i) => ({ name: m.name, model: m.spec.judge.model, out: judgeRunFile(jury.out, m.name), summary: summaries[i] }));
  const codes = summaries.map(runExitCode);
  const worst = Math.max(...codes);
  const stopped = summaries.find((s) => s.fatal)?.fatal;
  const withResults = members.filter((m) => m.summary.written + m.summary.alreadyDone > 0);
  if (withResults.length < 2) return { members, finished: [], leftOut: 0, stopped, exitCode: worst || errorExitCodes.partial };
  const finished = await Promise.all(withResults.map(async (m) => ({ name: m.name, run: await loadRun(m.out) })));
  const juryFile = judgeRunFile(jury.out, 'jury');
  const specs = jury.members.filter((m) => withResults.some((w) => w.name === m.name)).map((m) => m.spec);
  const written = writeJuryRun(
    juryFile,
    runHeader(`${jury.command} (jury)`, jury.data, pooledJurySpec(specs, jury.pool)),
    finished.map((f) => f.run),
    jury.pool,
  );
  const leftBehind = withResults.length < members.length && worst !== errorExitCodes.cancelled;
  const exitCode = worst === SUCCESS_EXIT_CODE ? SUCCESS_EXIT_CODE : leftBehind ? errorExitCodes.partial : worst;
  return { members, finished, juryFile, leftOut: written.leftOut, stopped, exitCode };
}

/**
 * Per aspect (as recorded in the runs), how far the judges agree: alpha among them with its
 * interval, pairwise Spearman, the effective number of judges (errors against `people` where given).
 */
export function juryAgreements(
  finished: JuryOutcome['finished'],
  aspects: readonly string[],
  options: { pool: PoolRule; people?(aspect: string): Map<string, number> },
): JuryAgreement[] {
  return aspects.flatMap((aspect) => {
    const scores: JudgeScores = new Map(
      finished.map(({ name, run }) => [
        name,
        new Map(run.entries.flatMap((e) => (e.scores[aspect] === undefined ? [] : [[e.key, e.scores[aspect]] as [string, number]]))),
      ]),
    );
    const agreement = juryAgreement(aspect, scores, { pool: options.pool, resamples: JURY_RESAMPLES, seed: DEFAULT_SEED, people: options.people?.(aspect) });
    return agreement ? [agreement] : [];
  });
}
