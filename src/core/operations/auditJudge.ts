/**
 * Operation: audit a judge (`sumlens audit`, the editor's Audit Judge): the probes' changed
 * copies of the subjects and the originals scored as the run spec asks (evaluate()'s options
 * from the spec alone, as a dataset run's items are), in the spec's concurrency.
 */
import type { AuditSubject } from '../audit/auditItems';
import type { Probe } from '../audit/probes';
import { runAudit, type AuditRun } from '../audit/runAudit';
import { evaluate } from '../evaluate';
import type { LlmSession } from '../llm/types';
import type { Method } from '../result';
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
  return runAudit({
    subjects: audit.subjects,
    probes: audit.probes,
    method: spec.method,
    task: spec.task,
    seed: audit.seed,
    evaluate: ports.evaluate ?? evaluate,
    options: { ...evaluateOptionsOf(spec), session: ports.session },
    concurrency: spec.concurrency,
    signal: ports.signal,
    onProgress: ports.onProgress,
  });
}
