/**
 * Operation: audit a judge (`sumlens audit`, the editor's Audit Judge, the agent tools'
 * audit_judge): the probes' changed copies of the subjects and the originals scored as the run
 * spec asks (evaluate()'s options from the spec alone, as a dataset run's items are), in the
 * spec's concurrency; then the report (paired tests, Holm over the cells, each probe's
 * verdict) and the code the audit ends with.
 */
import { auditEvaluations, type AuditSubject } from '../audit/auditItems';
import { auditedScores, auditPlan, type AuditPlan } from '../audit/auditPlan';
import type { Probe } from '../audit/probes';
import { auditReport, type AuditReport } from '../audit/auditStats';
import { runAudit, type AuditRun } from '../audit/runAudit';
import { errorExitCodes, SUCCESS_EXIT_CODE } from '../errors';
import { evaluate } from '../evaluate';
import type { LlmSession } from '../llm/types';
import type { Method } from '../result';
import { estimateRun, type DryRunEstimate } from '../run/dryRun';
import type { Evaluator } from '../run/runItems';
import { evaluateOptionsOf } from '../runSpec/evaluateOptions';
import type { RunSpec } from '../runSpec/runSpec';

export interface JudgeAudit {
  spec: RunSpec & { method: Exclude<Method, 'all'> };
  subjects: AuditSubject[];
  probes: readonly Probe[];
  /** Seed of the probes' changes and of the resampling. */
  seed: number;
  /** Significance level of the verdicts (Holm-adjusted over the cells). */
  alpha: number;
  /** A quality gate (`--fail-on`): `bias` fails on a biased probe, `unsure` on any probe not shown fair. */
  failOn?: 'bias' | 'unsure';
}

export interface JudgeAuditOutcome {
  run: AuditRun;
  report: AuditReport;
  /** README's table: cancelled, partial (evaluations failed), nothing audited, the quality gate's, else 0. */
  exitCode: number;
}

export interface AuditPorts {
  session: LlmSession;
  /** The engine's evaluate unless given (a jury's pooled one). */
  evaluate?: Evaluator;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export async function auditJudge(audit: JudgeAudit, ports: AuditPorts): Promise<JudgeAuditOutcome> {
  const { spec } = audit;
  // The subjects, probes and seed as given; the cancel signal and progress as the ports give them.
  const run = await runAudit({
    ...audit,
    ...ports,
    method: spec.method,
    task: spec.task,
    evaluate: ports.evaluate ?? evaluate,
    options: { ...evaluateOptionsOf(spec), session: ports.session },
    concurrency: spec.concurrency,
  });
  const report = auditReport(run, { alpha: audit.alpha, seed: audit.seed });
  return { run, report, exitCode: auditExitCode(run, report, audit.failOn) };
}

function auditExitCode(run: AuditRun, report: AuditReport, failOn: JudgeAudit['failOn']): number {
  if (run.cancelled) return errorExitCodes.cancelled;
  if (run.failed > 0) return errorExitCodes.partial;
  if (report.nothingAudited) return errorExitCodes['nothing-audited'];
  const gated =
    failOn === 'unsure' ? report.probes.some((p) => p.verdict !== 'fair') : failOn === 'bias' && report.probes.some((p) => p.verdict === 'violated');
  return gated ? errorExitCodes['quality-gate'] : SUCCESS_EXIT_CODE;
}

/**
 * Before anything is sent (`audit --dry-run`, the editor's cost question): the calls and tokens
 * the audit asks for, and what its items can tell at its level.
 */
export async function auditEstimate(audit: JudgeAudit): Promise<{ estimate: DryRunEstimate; plan: AuditPlan }> {
  const { spec, subjects, probes, seed, alpha } = audit;
  const evaluations = auditEvaluations(subjects, probes, seed, spec.task);
  const estimate = await estimateRun({
    items: () => evaluations,
    method: spec.method,
    aspects: spec.aspects,
    out: '',
    evaluate,
    endpoint: spec.judge.endpoint,
    model: spec.judge.model,
    extra: evaluateOptionsOf(spec),
  });
  const plan = auditPlan(subjects, probes, { seed, method: spec.method, task: spec.task, aspects: auditedScores(spec.method, spec.aspects), alpha });
  return { estimate, plan };
}
