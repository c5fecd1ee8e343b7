/**
 * `bench --judges JUDGES`: a jury on a human-scored set (operations/runJury.ts: a run file per
 * judge, all at once, the jury's pooled scores in `<out>.jury.jsonl`, one stop rule). Printed:
 * each judge's and the jury's correlations with people (the dataset's convention, with
 * intervals), the jury against its best single judge (the paired test of `meta --compare`), and
 * the jury's agreement: alpha among the judges, pairwise Spearman, and the effective number of
 * independent judges from their errors against people.
 */
import type { Dataset } from '../core/datasets/dataset';
import type { JudgeSpec } from '../core/jury/judgesFile';
import type { PoolRule } from '../core/methodsAndTasks';
import { compareTable, metaTable } from '../core/meta/formatTable';
import { runCompare, runMeta } from '../core/meta/runMeta';
import { juryAgreements, runJury, type JuryOutcome } from '../core/operations/runJury';
import type { BenchPlan } from '../core/run/benchPlan';
import { runBench } from '../core/operations/runBench';
import type { Evaluator } from '../core/run/runItems';
import type { RunSpec } from '../core/runSpec/runSpec';
import { reportJury, juryAgreementText } from './evalDataJury';
import type { SessionFlags } from './sessionOptions';
import { stderrNotice } from './datasetRun';
import { cancelOnInterrupt } from './terminal';
import { cliIo, setExitCode } from './io';
import { judgeSession } from './judgeSession';

export interface BenchJuryOptions {
  dataset: Dataset;
  plan: BenchPlan;
  out: string;
  evaluate: Evaluator;
  limit?: number;
  restart?: boolean;
  flags: SessionFlags & { pool: PoolRule; json?: boolean; level?: Parameters<typeof runMeta>[0]['level'] };
}

/** `judges[i]` is the judges file's entry behind `specs[i]` (its key variable). */
export async function runBenchJury(judges: JudgeSpec[], specs: RunSpec[], o: BenchJuryOptions): Promise<void> {
  const outcome = await runJudges(judges, specs, o);
  setExitCode(outcome.exitCode);
  if (!reportJury(outcome)) return;
  if (outcome.leftOut > 0) stderrNotice(`jury: ${outcome.leftOut} item aspect(s) left out (not every judge scored them)`);
  const juryFile = outcome.juryFile!;
  const humanAspects = o.plan.aspects.map((a) => a.human);
  const meta = [...outcome.finished.map(({ name, run }) => ({ name, file: run.path })), { name: 'jury', file: juryFile }].map(({ name, file }) => ({
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
  const agreements = juryAgreements(outcome.finished, humanAspects, { pool: o.flags.pool, people: (aspect) => peopleScores(o.dataset, aspect) });
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
}

/** Each judge's bench of the dataset, all at once; an interrupt cancels every one. */
async function runJudges(judges: JudgeSpec[], specs: RunSpec[], o: BenchJuryOptions): Promise<JuryOutcome> {
  const cancellation = cancelOnInterrupt();
  try {
    return await runJury({
      members: judges.map((judge, i) => ({ name: judge.name, spec: specs[i], session: judgeSession(o.flags, judge) })),
      out: o.out,
      command: 'bench --judges',
      data: o.dataset.path,
      pool: o.flags.pool,
      runMember: async (member, out) => {
        const outcome = await runBench({
          dataset: o.dataset,
          plan: o.plan,
          out,
          evaluate: o.evaluate,
          limit: o.limit,
          restart: o.restart,
          spec: member.spec,
          session: member.session,
          signal: cancellation.signal,
          onNotice: (line) => stderrNotice(`${member.name}: ${line}`),
        });
        return outcome.summary;
      },
    });
  } finally {
    cancellation.dispose();
  }
}

/** People's scores of one aspect, by item key. */
function peopleScores(dataset: Dataset, aspect: string): Map<string, number> {
  return new Map(dataset.items.flatMap((item) => (typeof item.scores[aspect] === 'number' ? [[item.key, item.scores[aspect]] as [string, number]] : [])));
}
