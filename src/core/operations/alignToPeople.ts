/**
 * Operation: align a judge to people's scores (`sumlens align`, the editor's Align Judge to Your
 * Scores). Per aspect, templates with scored examples or rewritten criteria and a calibration
 * are cross-validated on the rated items (align/alignJudge.ts), and one is adopted only when it
 * helps on items it never saw. The judge scores as a dataset run of the same spec would
 * (evaluate()'s options from the spec alone), with the spec's templates folder and concurrency.
 */
import { alignJudge, type AlignOptions, type AlignSet, type AspectAlignment } from '../align/alignJudge';
import { evaluate } from '../evaluate';
import type { LlmSession } from '../llm/types';
import type { Evaluator } from '../run/runItems';
import { evaluateOptionsOf } from '../runSpec/evaluateOptions';
import type { RunSpec } from '../runSpec/runSpec';

export interface JudgeAlignment extends Omit<AlignOptions, 'task' | 'promptDir' | 'scoring' | 'optimizer'> {
  /** The judge as it scores: its task, templates folder (`prompts`) and concurrency are the alignment's. */
  spec: RunSpec;
  sets: readonly AlignSet[];
}

export interface AlignPorts {
  session: LlmSession;
  /** The session that rewrites the criteria, when not the judge's (`--optimizer-model`). */
  optimizer?: LlmSession;
  /** The engine's evaluate unless given (a test's). */
  evaluate?: Evaluator;
  signal?: AbortSignal;
  /** After each judgement, for progress. */
  onItem?(): void;
}

export function alignToPeople(alignment: JudgeAlignment, ports: AlignPorts): Promise<AspectAlignment[]> {
  const { spec, sets, ...options } = alignment;
  return alignJudge(sets, {
    ...options,
    task: spec.task,
    promptDir: spec.prompts,
    scoring: {
      evaluate: ports.evaluate ?? evaluate,
      options: { ...evaluateOptionsOf(spec), session: ports.session },
      concurrency: spec.concurrency,
      signal: ports.signal,
      onItem: ports.onItem,
    },
    optimizer: { session: ports.optimizer ?? ports.session, promptDir: spec.prompts, signal: ports.signal },
  });
}
