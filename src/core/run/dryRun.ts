/**
 * `--dry-run`: the calls and tokens a run would use for the items not finished in its run
 * file, and what cannot be known before running. Nothing is sent and nothing is written.
 * - G-Eval and rationale-first: the run is walked with a DryRunSession, so the calls are the
 *   evaluator's own (exact on the log-probability route; auto-CoT steps counted once).
 * - Aspect choice: its calls are 1 per item, or 1 + K with K reasons (choose/planChoose.ts).
 * - Fine-grained: its calls are a constant per item (fine/planFine.ts, by the parts the run plans by, fine/callParts.ts): 3 extraction
 *   steps per chunk of each of 2 notes, 3 completeness, 3 correctness, 2 alignment (1 without
 *   a reference), 2 readability. Exact while no judging call holds over its entity limit.
 *   With the judge's window known, as a run fits it: smaller chunks, fewer entities a call,
 *   and a source too long to show whole judged fact by fact against retrieved passages
 *   (fine/excerpts.ts); the entities are not known before extraction: about one a sentence.
 *   Its requests set no max_tokens: their completion is counted at the reply room a run
 *   plans for (fine/windowLimits.ts), REPLY_TOKENS_PER_ENTITY for each fact a reply lists.
 */
import { existsSync, statSync } from 'node:fs';
import { loopTurn } from '../cooperative';
import { planChoose } from '../choose/planChoose';
import type { EvaluateOptions } from '../evaluate';
import { planFine } from '../fine/planFine';
import { REPLY_TOKENS_PER_ENTITY } from '../fine/windowLimits';
import type { Usage } from '../llm/types';
import type { Method } from '../result';
import { readRunFile } from '../runFile/runOutput';
import { isFinished } from '../runFile/runRecord';
import { DryRunSession, type DryRunJudge } from './dryRunSession';
import type { Evaluator, RunItem } from './runItems';
import { DEFAULT_SAMPLES } from '../methodsAndTasks';

export interface DryRunEstimate {
  items: number;
  alreadyDone: number;
  usage: Usage;
  /** Fine-grained calls alone (exact), when the method has a fine-grained part. */
  fineCalls?: number;
  /** The most one call would hold, prompt and answer room (what must fit the judge's context window). */
  largestCall: number;
  /** What the figures do not know, in words. */
  unknowns: string[];
}

async function finishedKeys(out: string, unknowns: string[]): Promise<Set<string>> {
  const latest = new Map<string, boolean>();
  // An empty --out is started as a new run, as openRunOutput does.
  if (!existsSync(out) || statSync(out).size === 0) return new Set();
  try {
    const { header } = await readRunFile(out, (record) => latest.set(record.key, isFinished(record)));
    if (!header) unknowns.push(`${out} was not written by SumLens: the run will refuse it`);
  } catch (error) {
    unknowns.push(`${out} cannot be read as a run file (${(error as Error).message}): the run will refuse it`);
  }
  return new Set([...latest].filter(([, finished]) => finished).map(([key]) => key));
}

export async function estimateRun(options: {
  items(): AsyncIterable<RunItem> | Iterable<RunItem>;
  method: Method;
  /** Default: each item's task's aspects. */
  aspects?: readonly string[];
  out: string;
  evaluate: Evaluator;
  endpoint: string;
  model: string;
  extra?: Partial<EvaluateOptions>;
  /** How the judge counts tokens and its context window, when known (one summary's dry run). */
  judge?: DryRunJudge;
}): Promise<DryRunEstimate> {
  const unknowns: string[] = [];
  const done = await finishedKeys(options.out, unknowns);
  const session = new DryRunSession(options.endpoint, options.model, options.judge);
  const choose = options.method === 'choose';
  const holistic = options.method !== 'fine' && !choose;
  const fine = options.method === 'fine' || options.method === 'all';
  let items = 0;
  let alreadyDone = 0;
  let fineCalls = 0;
  let finePromptTokens = 0;
  let fineCompletionTokens = 0;
  let fineLargest = 0;
  let fineRetrieved = 0;
  const chosen = { calls: 0, promptTokens: 0, completionTokens: 0 };
  for await (const item of options.items()) {
    // One item's estimate is short; ten thousand without a turn between them froze the VS Code extension host (issue 38).
    await loopTurn();
    if (done.has(item.key)) {
      alreadyDone++;
      continue;
    }
    items++;
    if (holistic) {
      const method = options.method === 'rationale' ? 'rationale' : 'geval';
      await options.evaluate(item.input, { ...options.extra, method, aspects: options.aspects ? [...options.aspects] : undefined, session }, {});
    }
    if (choose) {
      const estimate = planChoose({ ...item.input, task: item.input.task === 'dialogue' ? 'dialogue' : 'summarization' }, options.extra ?? {});
      chosen.calls += estimate.calls;
      chosen.promptTokens += estimate.promptTokens;
      chosen.completionTokens += estimate.completionTokens;
    }
    if (fine) {
      const estimate = planFine(item.input, (text) => session.countTokens(text), options.judge?.window);
      fineCalls += estimate.calls;
      finePromptTokens += estimate.promptTokens;
      fineCompletionTokens += estimate.completionTokens;
      fineLargest = Math.max(fineLargest, estimate.largestCall);
      if (estimate.retrieved) fineRetrieved++;
    }
  }
  const usage = session.usage();
  usage.calls += fineCalls + chosen.calls;
  usage.promptTokens += finePromptTokens + chosen.promptTokens;
  usage.completionTokens += fineCompletionTokens + chosen.completionTokens;
  unknowns.push(...estimateCaveats(options, { holistic, choose, fine, fineRetrieved, items }));
  return { items, alreadyDone, usage, ...(fine ? { fineCalls } : {}), largestCall: Math.max(session.largestCall(), fineLargest), unknowns };
}

/** What the estimate cannot know, for the parts the method runs. */
function estimateCaveats(
  options: Pick<Parameters<typeof estimateRun>[0], 'judge' | 'extra'>,
  run: { holistic: boolean; choose: boolean; fine: boolean; fineRetrieved: number; items: number },
): string[] {
  const { holistic, choose, fine, fineRetrieved, items } = run;
  const caveats: string[] = [];
  const bound = `completion tokens are an upper bound (max_tokens × n${fine ? ', where a request sets max_tokens' : ''})`;
  caveats.push(
    options.judge?.countTokens
      ? `prompt tokens are counted as the judge counts them; ${bound}`
      : `prompt tokens are estimated at 4 characters per token (a Japanese or Chinese character at about 0.8); ${bound}`,
  );
  caveats.push('answers already in the cache are counted as calls (a cached answer costs nothing)');
  if (choose) {
    caveats.push(
      `calls assume the log-probability route; without it the choice is sampled (${options.extra?.reasons ? 'one answer per reason' : `n = ${options.extra?.samples ?? DEFAULT_SAMPLES} answers`}, as one call where the server allows n); a reply asked again costs one more call`,
    );
  }
  if (holistic) {
    caveats.push(
      `calls assume the log-probability route; an endpoint without log-probabilities is sampled instead (n = ${options.extra?.samples ?? DEFAULT_SAMPLES} answers per aspect, as one call where the server allows n)`,
    );
  }
  if (fine) {
    caveats.push(
      'fine-grained: the facts are not known before extraction (one a sentence of each note is assumed): calls are exact while no judging call holds more ' +
        'than its entity limit (100, fewer on a small context window) and every reply is valid (a reply retried costs one more call); prompt tokens are rough; ' +
        `its requests set no max_tokens: completion tokens are the reply room a run plans for, ${REPLY_TOKENS_PER_ENTITY} tokens for each fact an extraction step or judgement lists ` +
        'and each sentence a readability reply may flag, not a limit the server enforces',
    );
  }
  if (fineRetrieved > 0) {
    caveats.push(
      `fine-grained: ${fineRetrieved === items ? 'the source does' : `${fineRetrieved} source(s) do`} not fit the judging prompts whole; facts are judged against retrieved passages, in as many calls as their passages need (counted here at about one fact a summary sentence)`,
    );
  }
  return caveats;
}
