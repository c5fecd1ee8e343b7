/**
 * `sumlens audit`: is the judge fair? Probes change each summary by a fixed, seeded rule
 * (src/core/audit/), the judge scores the original and the copy, and the paired differences
 * are tested per probe × aspect against what a fair judge does. A cell with fewer pairs than the
 * test needs to reach significance after Holm is "too few pairs", neither violated nor fair; a
 * probe a fair judge must react to is blind only when its whole interval lies above −δ, and
 * "cannot tell" when its change is neither significant nor shown to be small (core/audit/mustReact.ts).
 * --fail-on bias exits 15 when a probe is violated (a bias at Holm p below --alpha, or blindness shown);
 * --fail-on unsure also when a probe has too few pairs, cannot tell, or was not audited. An audit with no
 * probe tested exits 17 (nothing audited).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { auditSubjects } from '../../core/audit/auditSubjects';
import { planLines } from '../../core/audit/auditPlan';
import { DEFAULT_PROBES, PROBE_NAMES, PROBES, type ProbeName } from '../../core/audit/probes';
import { auditEstimate, auditJudge, type JudgeAudit, type JudgeAuditOutcome } from '../../core/operations/auditJudge';
import { specFromFlags } from '../runSpecFromFlags';
import { datasetFolders, resolveDatasetArgument } from '../../core/datasets/locate';
import { errorExitCodes, SumLensError, type ErrorCode } from '../../core/errors';
import { evaluate } from '../../core/evaluate';
import type { Usage } from '../../core/llm/types';
import type { Method, Task } from '../../core/result';
import { parseFieldMap } from '../../core/run/data/dataItems';
import { DEFAULT_SEED } from '../../core/stats/random';
import { stderrNotice, usageLine } from '../datasetRun';
import { estimateCost, formatCost } from '../../core/llm/pricing';
import { auditMarkdown, auditText } from '../format/auditTable';
import { addScoringOptions, type ScoringFlags } from '../scoringOptions';
import { addSessionOptions, positiveInt, sessionFrom, type SessionFlags } from '../sessionOptions';
import { addSpendLimitOptions, spendLine } from '../spendLimitOptions';
import { cancelOnInterrupt, progressLine } from '../terminal';
import { evaluateJury, type Juror } from '../../core/jury/evaluateJury';
import { juryAsResult } from '../../core/jury/juryAsResult';
import { readJudgesFile } from '../../core/jury/judgesFile';

/** The jury as one judge for the audit: every judge scores, the mean is the score probed. */
function juryEvaluator(jurors: Juror[]): typeof evaluate {
  return async (input, options, hooks) => {
    const { session: _one, ...shared } = options;
    const started = Date.now();
    const verdict = await evaluateJury(input, jurors, { options: shared, rule: 'mean', evaluate }, hooks);
    if (verdict.judges.every((j) => j.error))
      throw new SumLensError(verdict.judges[0].error!.code as ErrorCode, `every judge failed; ${verdict.judges[0].name}: ${verdict.judges[0].error!.message}`);
    return juryAsResult(verdict, { method: options.method, task: input.task, durationMs: Date.now() - started });
  };
}
import { parseAspects } from '../optionParsers';
import { cliIo, setExitCode } from '../io';
import { DEFAULT_SAMPLES, RUN_TASKS, SCORING_METHODS } from '../../core/methodsAndTasks';
import { judgeSession } from '../judgeSession';

interface AuditFlags extends SessionFlags, ScoringFlags {
  data?: string;
  map?: string;
  dataset?: string;
  limit: number;
  method: Exclude<Method, 'all'>;
  task: Task;
  aspects?: string[];
  probes: ProbeName[];
  samples: number;
  parse: 'robust' | 'geval';
  prompts?: string;
  seed: number;
  alpha: number;
  failOn?: 'bias' | 'unsure';
  format: 'table' | 'json' | 'markdown';
  dryRun?: boolean;
  judges?: string;
}

function probeList(text: string): ProbeName[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(PROBE_NAMES as string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) throw new InvalidArgumentError(`probes are ${PROBE_NAMES.join(', ')} (got "${text}")`);
  return names as ProbeName[];
}

function share(text: string): number {
  const value = Number(text);
  if (!(value > 0 && value < 1)) throw new InvalidArgumentError(`expected a number between 0 and 1, got "${text}"`);
  return value;
}

export function registerAudit(program: Command): void {
  const command = program
    .command('audit')
    .description(
      'is the judge fair? probes change each summary (length, address, facts, order, damage), the judge scores both, paired tests say where it is biased',
    )
    .option('--data <file>', 'items to audit: JSONL, JSON array, CSV or TSV with id, source, summary[, reference]')
    .option('--map <pairs>', 'with --data: field names from other columns, e.g. summary=output,source=article')
    .option('--dataset <name|file>', 'or a human-scored set by name (summeval, topical-chat, qags-cnndm, qags-xsum) or file', (value: string) =>
      resolveDatasetArgument(value, datasetFolders(cliIo().env)),
    )
    .option('--limit <n>', 'the first N items', positiveInt, 30)
    .addOption(new Option('--method <method>', 'the judge method to audit').choices(SCORING_METHODS).default('geval'))
    .addOption(new Option('--task <task>', 'with --data: which aspects and prompts').choices(RUN_TASKS).default('summarization'))
    .option('--aspects <list>', 'comma-separated aspects (default: all of the task)', parseAspects)
    .option('--probes <list>', `comma-separated probes: ${PROBE_NAMES.join(', ')} (default: all but authorship)`, probeList, [...DEFAULT_PROBES])
    .option('--samples <n>', 'sampling route: the most answers drawn per aspect', positiveInt, DEFAULT_SAMPLES)
    .addOption(new Option('--parse <rule>', 'how sampled answers are read').choices(['robust', 'geval']).default('robust'))
    .option('--prompts <dir>', 'a folder of templates that override the built-in ones')
    .option('--seed <n>', 'seed of the probes and of the resampling', positiveInt, DEFAULT_SEED)
    .option('--alpha <p>', 'significance level of the verdicts (Holm-adjusted)', share, 0.05)
    .addOption(
      new Option(
        '--fail-on <what>',
        'exit 15 when a probe finds the judge biased or shows it blind (bias), or also when a probe has too few pairs, cannot tell or was not audited (unsure)',
      ).choices(['bias', 'unsure']),
    )
    .addOption(new Option('--format <format>', 'what stdout gets').choices(['table', 'json', 'markdown']).default('table'))
    .option('--dry-run', 'estimate calls, tokens and cost without sending anything')
    .option('--judges <file>', 'audit a jury (YAML or JSON: name, baseUrl, model, apiKeyEnv per judge): its mean scores are probed');
  addScoringOptions(command);
  addSpendLimitOptions(addSessionOptions(command)).action(runAuditCommand);
}

async function runAuditCommand(flags: AuditFlags): Promise<void> {
  const { subjects, task } = await auditSubjects({
    ...flags,
    map: flags.map ? parseFieldMap(flags.map) : undefined,
    onBadRow: (where, problem) => stderrNotice(`skipped ${where}: ${problem}`),
  });
  const probes = PROBES.filter((p) => flags.probes.includes(p.name));
  // The audit judges as a dataset run of the same flags would: evaluate()'s options from the run spec alone.
  const spec = { ...specFromFlags(flags, () => false, { task, aspects: flags.aspects }), method: flags.method };
  const variant = flags.fenceInputs ? 'fenced' : 'plain';
  const audit = { spec, subjects, probes, seed: flags.seed, alpha: flags.alpha, failOn: flags.failOn };
  if (flags.dryRun) return dryRunAudit(flags, audit);
  if (flags.judges !== undefined && flags.method === 'fine')
    throw new SumLensError('usage', '--judges audits G-Eval or rationale-first scores, not --method fine');
  const jury = flags.judges !== undefined ? readJudgesFile(flags.judges).map((spec) => ({ spec, session: judgeSession(flags, spec) })) : undefined;
  const cancellation = cancelOnInterrupt();
  const progress = progressLine();
  try {
    const { run, report, exitCode } = await auditJudge(audit, {
      session: jury ? jury[0].session : sessionFrom(flags),
      evaluate: jury ? juryEvaluator(jury) : undefined,
      signal: cancellation.signal,
      onProgress: progress && ((done, total) => progress({ done, total, label: 'evaluations' })),
    });
    // A jury's calls are every judge's (each on its own session), not only the first one's.
    if (jury) run.usage = juryUsage(jury);
    reportAudit(flags, { run, report, exitCode }, variant);
  } finally {
    cancellation.dispose();
  }
}

/** --dry-run: the calls, tokens and cost of the audit, and what its items can tell, without sending anything. */
async function dryRunAudit(flags: AuditFlags, audit: JudgeAudit): Promise<void> {
  const { subjects, probes } = audit;
  const model = audit.spec.judge.model;
  const { estimate, plan } = await auditEstimate(audit);
  if (flags.format === 'json') {
    cliIo().stdout.write(
      JSON.stringify(
        { dryRun: true, summaries: subjects.length, evaluations: estimate.items, usage: estimate.usage, unknowns: estimate.unknowns, plan },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  const u = estimate.usage;
  cliIo().stdout.write(
    [
      `dry run of the audit: ${subjects.length} summaries and their changed copies (${probes.map((p) => p.name).join(', ')}): ${estimate.items} evaluations, nothing sent`,
      `  calls: ${u.calls}`,
      `  prompt tokens: ~${u.promptTokens}`,
      `  completion tokens: at most ${u.completionTokens}`,
      `  cost for ${model}: ${formatCost(estimateCost(model, u, false))}`,
      'what the items can tell:',
      ...planLines(plan).map((line) => `  ${line}`),
      'not known before running:',
      ...estimate.unknowns.map((line) => `  - ${line}`),
    ].join('\n') + '\n',
  );
}

/** The calls of every judge of a jury, each on its own session. */
function juryUsage(jury: { session: { usage(): Usage } }[]): Usage {
  return jury
    .map((j) => j.session.usage())
    .reduce((sum, u) => ({
      calls: sum.calls + u.calls,
      promptTokens: sum.promptTokens + u.promptTokens,
      completionTokens: sum.completionTokens + u.completionTokens,
      cacheHits: sum.cacheHits + u.cacheHits,
      retries: sum.retries + u.retries,
    }));
}

/** Prints the report (stdout), the usage line and the line that says why the audit ends with its code (stderr), and sets that code. */
function reportAudit(flags: AuditFlags, outcome: JudgeAuditOutcome, variant: 'fenced' | 'plain'): void {
  const { run, report, exitCode } = outcome;
  if (flags.format === 'json') cliIo().stdout.write(JSON.stringify({ prompts: variant, run, report }, null, 2) + '\n');
  else cliIo().stdout.write((flags.format === 'markdown' ? auditMarkdown(run, report, variant) : auditText(run, report, variant)) + '\n');
  // Nothing to evaluate, nothing used: the one line is the reason (below).
  if (!(report.nothingAudited && run.usage.calls === 0)) cliIo().stderr.write(`${usageLine(run.usage)}\n`);
  const spent = spendLine(flags);
  if (spent) stderrNotice(spent);
  setExitCode(exitCode);
  if (run.cancelled) stderrNotice('cancelled; the figures above are from what finished');
  else if (run.failed > 0) stderrNotice(`partial: ${run.failed} evaluation(s) failed and their pairs are left out (${run.errors[0]})`);
  else if (report.nothingAudited) stderrNotice(report.summary);
  else if (exitCode === errorExitCodes['quality-gate'])
    stderrNotice(report.probes.some((p) => p.verdict === 'violated') ? `the judge is biased: ${report.summary}` : `the audit cannot tell: ${report.summary}`);
}
