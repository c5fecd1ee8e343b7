/**
 * Operation: audit a judge (`sumlens audit`, the editor's Audit Judge): the probes' changed
 * copies of the subjects and the originals scored as the run spec asks (evaluate()'s options
 * from the spec alone, as a dataset run's items are), in the spec's concurrency.
 */
import { auditEvaluations, type AuditSubject } from '../audit/auditItems';
import { auditedScores, auditPlan, type AuditPlan } from '../audit/auditPlan';
import type { Probe } from '../audit/probes';
import { runAudit, type AuditRun } from '../audit/runAudit';
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
  seed: number;
}

export interface AuditPorts {
  session: LlmSession;
  /** The engine's evaluate unless given (a jury's pooled one). */
  evaluate?: Evaluator;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export function auditJudge(audit: JudgeAudit, ports: AuditPorts): Promise<AuditRun> {
  const { spec } = audit;
  // The subjects, probes and seed as given; the cancel signal and progress as the ports give them.
  return runAudit({
    ...audit,
    ...ports,
    method: spec.method,
    task: spec.task,
    evaluate: ports.evaluate ?? evaluate,
    options: { ...evaluateOptionsOf(spec), session: ports.session },
    concurrency: spec.concurrency,
  });
}

/**
 * Before anything is sent (`audit --dry-run`, the editor's cost question): the calls and tokens
 * the audit asks for, and what its items can tell at level `alpha`.
 */
export async function auditEstimate(audit: JudgeAudit, alpha: number): Promise<{ estimate: DryRunEstimate; plan: AuditPlan }> {
  const { spec, subjects, probes, seed } = audit;
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
