/**
 * The flags of `sumlens eval` as commander hands them over: for one summary (EvalFlags) and for
 * a dataset (DataEvalFlags). Their own module, so the command, its dataset mode and its usage
 * checks all depend on it rather than on each other.
 */
import type { PoolRule } from '../core/methodsAndTasks';
import type { Method, ReasonExamples, Task } from '../core/result';
import type { ScoringFlags } from './scoringOptions';
import type { SessionFlags } from './sessionOptions';

export interface EvalFlags extends SessionFlags, ScoringFlags {
  source: string;
  summary: string;
  reference?: string;
  method: Method;
  task: Task;
  aspects?: string[];
  samples: number;
  topLogprobs: number;
  parse: 'robust' | 'geval';
  prompts?: string;
  repeat?: number;
  threshold?: number;
  json?: boolean;
  calibration?: string;
  judges?: string;
  pool: PoolRule;
  reasons?: ReasonExamples;
  reasonsK?: number;
  withTemplates?: boolean;
  /** Estimate without sending (one summary, or with --data a dataset). */
  dryRun?: boolean;
}

export interface DataEvalFlags extends Omit<EvalFlags, 'source' | 'summary'> {
  data: string;
  map?: string;
  strict?: boolean;
  out?: string;
  restart?: boolean;
  batch?: boolean;
  pollSeconds: number;
  failUnder?: string;
  strictCi?: boolean;
  format?: 'table' | 'json' | 'sarif';
  progressEvery?: number;
}
