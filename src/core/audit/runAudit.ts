/**
 * Runs an audit: every item's original summary and each of its changed copies scored by the
 * same judge and method, a bounded number of evaluations at a time (the session still limits
 * requests per endpoint). A failed evaluation leaves its pair out of the statistics and is
 * counted with its cause; a cancelled audit keeps what finished.
 */
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import { isCancellation, isSumLensError, type SumLensError } from '../errors';
import { FATAL_CODES } from '../run/runItems';
import type { EvaluationResult, Finding, Method, Task } from '../result';
import type { Usage } from '../llm/types';
import { FINE_METRICS } from '../outcome';
import { planItem, skipCounts, type AuditSubject, type ChangedCopy, type PlannedItem, type SkipCounts } from './auditItems';
import type { Probe, ProbeName } from './probes';

export type Evaluator = (input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks) => Promise<EvaluationResult>;

/** Scores of one evaluation by aspect (fine-grained: by metric); a missing score is absent. */
export type Scores = Record<string, number>;

export interface AuditPair {
  key: string;
  probe: ProbeName;
  copy: ChangedCopy;
  original: Scores;
  changed: Scores;
  /** Fine-grained facts probe: whether a finding on the summary covers the swapped span. */
  swappedFactFound?: boolean;
}

export interface AuditRun {
  method: Method;
  task: Task;
  probes: ProbeName[];
  items: number;
  pairs: AuditPair[];
  skipped: Partial<Record<ProbeName, number>>;
  /** The same items per probe by cause ("fewer than 3 sentences"). */
  skipReasons: SkipCounts;
  /** Evaluations that failed, with their messages (first few). */
  failed: number;
  errors: string[];
  cancelled: boolean;
  usage: Usage;
  /** Each scored aspect's scale [min, max] (fine-grained metrics: 1–5), for the drop too small to matter. */
  scales: Record<string, [number, number]>;
  /** The first item with a copy per probe, to show what the change looks like. */
  examples: Partial<Record<ProbeName, { key: string; before: string; copy: ChangedCopy }>>;
}

export interface AuditOptions {
  subjects: AuditSubject[];
  probes: readonly Probe[];
  method: Exclude<Method, 'all'>;
  task: Task;
  seed: number;
  evaluate: Evaluator;
  options: EvaluateOptions;
  /** Evaluations in flight at once. */
  concurrency: number;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export function scoresOf(result: EvaluationResult, method: Method): Scores {
  const scores: Scores = {};
  if (method === 'fine') {
    for (const name of FINE_METRICS) {
      const metric = result.fine?.[name];
      if (metric) scores[name] = metric.score;
    }
  } else {
    for (const aspect of result.aspects) if (aspect.score !== null) scores[aspect.name] = aspect.score;
  }
  return scores;
}

/** The scale of each aspect the result scored; the fine-grained metrics are ratios put on 1–5. */
function scalesOf(result: EvaluationResult, method: Method): Record<string, [number, number]> {
  if (method === 'fine') return Object.fromEntries(FINE_METRICS.filter((name) => result.fine?.[name]).map((name) => [name, [1, 5]]));
  return Object.fromEntries(result.aspects.filter((a) => a.score !== null).map((a) => [a.name, a.scale]));
}

function overlaps(finding: Finding, copy: ChangedCopy): boolean {
  return (
    finding.note === 'target' &&
    (finding.kind === 'incorrect' || finding.kind === 'unsupported') &&
    finding.located !== false &&
    copy.spans.some((s) => finding.start < s.end && s.start < finding.end)
  );
}

export async function runAudit(o: AuditOptions): Promise<AuditRun> {
  const planned: PlannedItem[] = o.subjects.map((subject) => planItem(subject, o.probes, o.seed));
  const run: AuditRun = {
    method: o.method,
    task: o.task,
    probes: o.probes.map((p) => p.name),
    items: planned.length,
    pairs: [],
    skipped: {},
    skipReasons: skipCounts(planned),
    failed: 0,
    errors: [],
    cancelled: false,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 },
    scales: {},
    examples: {},
  };
  for (const [probe, causes] of Object.entries(run.skipReasons)) run.skipped[probe as ProbeName] = Object.values(causes).reduce((sum, n) => sum + n, 0);
  const jobs = auditJobs(planned);
  const usageBefore = { ...o.options.session.usage() };
  const originals = new Map<PlannedItem, EvaluationResult>();
  const changed = new Map<ChangedCopy, EvaluationResult>();
  const baselines = new Map<ChangedCopy, EvaluationResult>();
  let fatal: SumLensError | undefined;
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length && !o.signal?.aborted && !fatal) {
      const job = jobs[next++];
      const input: EvaluationInput = {
        source: job.item.subject.source,
        summary: job.copy?.text ?? job.item.subject.summary,
        reference: job.item.subject.reference,
        task: o.task,
      };
      try {
        const author = job.baseline ? job.copy?.baselineAuthor : job.copy?.author;
        const result = await o.evaluate(input, { ...o.options, method: o.method, ...(author ? { author } : {}) }, { signal: o.signal });
        if (result.cancelled) run.cancelled = true;
        else {
          Object.assign(run.scales, scalesOf(result, o.method));
          if (job.copy) (job.baseline ? baselines : changed).set(job.copy, result);
          else originals.set(job.item, result);
        }
      } catch (error) {
        if (isCancellation(error) || o.signal?.aborted) {
          run.cancelled = true;
          return;
        }
        if (!isSumLensError(error)) throw error;
        // An error no other evaluation can escape (key rejected, endpoint down) stops the audit.
        if (FATAL_CODES.has(error.code)) fatal ??= error;
        run.failed++;
        if (run.errors.length < 5) run.errors.push(`${job.item.subject.key}${job.copy ? ` (${job.copy.probe})` : ''}: ${error.message}`);
      }
      o.onProgress?.(++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, jobs.length)) }, worker));
  // The session counts every call of every evaluation (each result's usage is the session's so far).
  run.usage = difference(o.options.session.usage(), usageBefore);
  if (fatal) throw fatal;
  if (o.signal?.aborted) run.cancelled = true;
  pairResults(run, planned, { originals, changed, baselines }, o.method);
  return run;
}

/** One evaluation per original and per copy; a prompt-level probe (authorship) adds its copy's own baseline. */
type AuditJob = { item: PlannedItem; copy?: ChangedCopy; baseline?: boolean };

function auditJobs(planned: PlannedItem[]): AuditJob[] {
  return planned.flatMap((item) => {
    const plain = item.copies.filter((c) => !c.baselineAuthor);
    return [
      ...(plain.length > 0 ? [{ item }] : []),
      ...item.copies.flatMap((copy) => [...(copy.baselineAuthor ? [{ item, copy, baseline: true }] : []), { item, copy }]),
    ];
  });
}

/**
 * A copy's pair, made once both of its evaluations are in: the copy against the original, or,
 * for a prompt-level probe (authorship), against its own baseline. The first pair of each probe is its example.
 */
function pairResults(
  run: AuditRun,
  planned: PlannedItem[],
  results: { originals: Map<PlannedItem, EvaluationResult>; changed: Map<ChangedCopy, EvaluationResult>; baselines: Map<ChangedCopy, EvaluationResult> },
  method: Method,
): void {
  const { originals, changed, baselines } = results;
  for (const item of planned) {
    for (const copy of item.copies) {
      const original = copy.baselineAuthor ? baselines.get(copy) : originals.get(item);
      const after = changed.get(copy);
      if (!original || !after) continue;
      const pair: AuditPair = { key: item.subject.key, probe: copy.probe, copy, original: scoresOf(original, method), changed: scoresOf(after, method) };
      if (copy.probe === 'facts' && after.fine) pair.swappedFactFound = after.fine.findings.some((f) => overlaps(f, copy));
      run.pairs.push(pair);
      run.examples[copy.probe] ??= { key: item.subject.key, before: item.subject.summary, copy };
    }
  }
}

function difference(after: Usage, before: Usage): Usage {
  return {
    calls: after.calls - before.calls,
    promptTokens: after.promptTokens - before.promptTokens,
    completionTokens: after.completionTokens - before.completionTokens,
    cacheHits: after.cacheHits - before.cacheHits,
    retries: after.retries - before.retries,
  };
}
