/**
 * `--dry-run`: the calls and tokens a run would use for the items not finished in its run
 * file, and what cannot be known before running. Nothing is sent and nothing is written.
 * - G-Eval and rationale-first: the run is walked with a DryRunSession, so the calls are the
 *   evaluator's own (exact on the log-probability route; auto-CoT steps counted once).
 * - Aspect choice: its calls are 1 per item, or 1 + K with K reasons (chooseCallsFor).
 * - Fine-grained: its calls are a constant per item (fine/evaluateFine.ts): 3 extraction
 *   steps per chunk of each of 2 notes, 3 completeness, 3 correctness, 2 alignment (1 without
 *   a reference), 2 readability. Exact while no judging call holds over its entity limit.
 *   With the judge's window known, as a run fits it: smaller chunks, fewer entities a call,
 *   and a source too long to show whole judged fact by fact against retrieved passages
 *   (fine/excerpts.ts); the entities are not known before extraction: about one a sentence.
 *   Its requests set no max_tokens: their completion is counted at the reply room a run
 *   plans for (fine/windowLimits.ts), REPLY_TOKENS_PER_ENTITY for each fact a reply lists.
 */
import { existsSync, statSync } from 'node:fs';
import { loadCatalogue } from '../choose/catalogue';
import { loopTurn } from '../cooperative';
import { choosePrompts } from '../choose/choosePrompts';
import { ANSWER_MAX_TOKENS, CONDITIONED_MAX_TOKENS } from '../choose/evaluateChoose';
import { DEFAULT_REASONS_K } from '../choose/reasonsDefault';
import { REASON_SETTINGS } from '../choose/writeReasons';
import type { AspectInput } from '../geval/inputVariables';
import type { EvaluateOptions } from '../evaluate';
import { ANGLES } from '../fine/angles';
import { DEFAULT_MAX_ENTITIES_PER_CALL, DEFAULT_MAX_EXTRACTION_TOKENS, DEFAULT_MAX_PROMPT_TOKENS } from '../fine/evaluateFine';
import { loadFineTemplate } from '../fine/messages';
import { chunkNote } from '../fine/noteChunks';
import { READABILITY_PROMPTS } from '../fine/readability';
import { DEFAULT_SHAPE } from '../fine/retrieval';
import { fitToWindow, REPLY_TOKENS_PER_ENTITY } from '../fine/windowLimits';
import { splitSourceSentences } from '../longSource';
import type { ContextWindow, Usage } from '../llm/types';
import type { Method } from '../result';
import { readRunFile } from '../runFile/runOutput';
import { isFinished } from '../runFile/runRecord';
import { estimateTokens } from '../llm/tokenCount';
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

/** About what the JSON schema appended to a fine-grained prompt takes. */
const SCHEMA_TOKENS = 250;

/**
 * The fine-grained calls for one item, a rough prompt-token count, the completion room of
 * their replies, and the largest call (its prompt and the room its reply needs). A reply
 * lists facts: the entities or quotes of an extraction step, the judgements of an angle, the
 * issues of a readability prompt (at most one a sentence is assumed), each given
 * REPLY_TOKENS_PER_ENTITY, the room a run fits its limits by. Limits fitted to the judge's
 * window when it is given, as a run fits them.
 */
export function fineCallsFor(
  input: { source: string; summary: string; reference?: string },
  countTokens: (text: string) => number = estimateTokens,
  window?: ContextWindow,
): { calls: number; promptTokens: number; completionTokens: number; largestCall: number; retrieved: boolean } {
  const { limits, extractionChunkTokens } = fitToWindow(
    {
      limits: { maxPromptTokens: DEFAULT_MAX_PROMPT_TOKENS, maxEntitiesPerCall: DEFAULT_MAX_ENTITIES_PER_CALL },
      extractionChunkTokens: DEFAULT_MAX_EXTRACTION_TOKENS,
    },
    window,
  );
  const rubric = input.reference ?? input.source;
  const sentences = (text: string) => Math.max(1, splitSourceSentences(text).length);
  const perCall = (entities: number) => Math.ceil(entities / limits.maxEntitiesPerCall);
  const instructions = countTokens(loadFineTemplate('correctness-supported').body) + SCHEMA_TOKENS;
  const [summary, source, reference] = [input.summary, input.source, input.reference ?? ''].map((t) => countTokens(t));

  // Extraction: 3 steps a chunk; a step's prompt holds the chunk and, from the second, its entities; each reply lists them
  // (the largest call: the chunk, its entities and the reply, about as long each, windowLimits.ts).
  const chunks = [input.summary, rubric].flatMap((text) =>
    chunkNote(text, extractionChunkTokens).map((c) => ({ tokens: countTokens(c.text), facts: sentences(c.text) })),
  );
  const extraction = {
    calls: 3 * chunks.length,
    tokens: chunks.reduce((sum, c) => sum + 3 * instructions + 5 * c.tokens, 0),
    completion: chunks.reduce((sum, c) => sum + 3 * c.facts * REPLY_TOKENS_PER_ENTITY, 0),
    largest: instructions + 3 * Math.max(...chunks.map((c) => c.tokens)),
  };
  // Completeness: the rubric's entities against the summary; readability and alignment by the reference: one call each.
  const rubricFacts = sentences(rubric);
  const completeness = ANGLES.completeness.length * perCall(rubricFacts);
  const plain = READABILITY_PROMPTS.length + (input.reference !== undefined ? 1 : 0);
  // Correctness and alignment by definition carry the source: whole when it fits, else each fact's passages.
  const facts = sentences(input.summary);
  const whole = instructions + source + reference + summary;
  const sourceAngles = ANGLES.correctness.length + 1;
  let sourceCalls = sourceAngles * perCall(facts);
  let sourcePrompt = whole;
  if (whole > limits.maxPromptTokens) {
    const passages = (DEFAULT_SHAPE.perFact * (2 * DEFAULT_SHAPE.neighbours + 1) * source) / sentences(input.source);
    const room = Math.max(1, limits.maxPromptTokens - instructions - reference);
    sourceCalls = sourceAngles * Math.max(perCall(facts), Math.ceil((facts * passages) / room));
    sourcePrompt = Math.min(limits.maxPromptTokens, instructions + reference + Math.ceil((facts * passages * sourceAngles) / sourceCalls));
  }
  const judgingPrompt = instructions + summary + reference;
  const reply = (entities: number) => Math.min(entities, limits.maxEntitiesPerCall) * REPLY_TOKENS_PER_ENTITY;
  // Each angle judges every fact once, however its calls are cut; alignment to the reference and readability read the summary.
  const judged = ANGLES.completeness.length * rubricFacts + (sourceAngles + plain) * facts;
  return {
    calls: extraction.calls + completeness + plain + sourceCalls,
    promptTokens: extraction.tokens + (completeness + plain) * judgingPrompt + sourceCalls * sourcePrompt,
    completionTokens: extraction.completion + judged * REPLY_TOKENS_PER_ENTITY,
    largestCall: Math.max(extraction.largest, judgingPrompt + reply(rubricFacts), sourcePrompt + reply(facts)),
    retrieved: whole > limits.maxPromptTokens,
  };
}

/**
 * The aspect choice's calls and tokens for one item, on the log-probability route: its prompts
 * rendered and counted; completion tokens are upper bounds. The own-template scores
 * (--with-templates) depend on what is chosen and are not counted.
 */
export function chooseCallsFor(input: AspectInput, options: Partial<EvaluateOptions>): { calls: number; promptTokens: number; completionTokens: number } {
  const prompts = choosePrompts(input, loadCatalogue(options.promptOverrideDir), { overrideDir: options.promptOverrideDir, fenced: options.fenceInputs });
  if (!options.reasons) return { calls: 1, promptTokens: estimateTokens(prompts.answer()), completionTokens: ANSWER_MAX_TOKENS };
  const k = options.reasonsK ?? DEFAULT_REASONS_K;
  // Each reason is scored in a prompt that holds it: counted at its longest.
  const longestReason = 'x'.repeat(REASON_SETTINGS.maxTokens * 4);
  return {
    calls: 1 + k,
    promptTokens: estimateTokens(prompts.reason(options.reasons)) + k * estimateTokens(prompts.conditioned(longestReason)),
    completionTokens: k * (REASON_SETTINGS.maxTokens + CONDITIONED_MAX_TOKENS),
  };
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
      const estimate = chooseCallsFor({ ...item.input, task: item.input.task === 'dialogue' ? 'dialogue' : 'summarization' }, options.extra ?? {});
      chosen.calls += estimate.calls;
      chosen.promptTokens += estimate.promptTokens;
      chosen.completionTokens += estimate.completionTokens;
    }
    if (fine) {
      const estimate = fineCallsFor(item.input, (text) => session.countTokens(text), options.judge?.window);
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
