/**
 * What an alignment will ask, before anything is sent (`align --dry-run`): per aspect, every
 * item judged once with the user's template and once with each template candidate of its
 * fold, each a request at the log-probability route (the sampling route draws up to --samples
 * answers per request); with rewritten criteria, one optimizer request per fold and one on all
 * items, each round, and from round 2 on a judgement of each fold's training items and of all
 * items under the round before's criteria (an upper bound: a round whose criteria an earlier
 * fold already judged an item with is answered from the cache). Tokens at the estimate's safety margin. The examples' sources are counted whole, or at
 * their share of the judge's context when the window is known without asking the server (the
 * user's --context-tokens, the table of well-known models).
 */
import { estimateTokens } from '../llm/tokenCount';
import { originalTemplateText } from './alignedTemplate';
import type { AlignSet } from './alignJudge';
import { candidatesOf, withJudgeScores, type Strategy } from './crossValidate';
import { DISAGREEMENTS_SHOWN } from './criteriaRewrite';
import { DEFAULT_ROUNDS } from './criteriaRounds';
import { chooseExamples } from './exampleChoice';
import { exampleSourceShare, EXCERPTS_NOTE } from './exampleSources';
import { withExamples } from './fewShotTemplate';

export interface AlignEstimate {
  /** Every judge request, the rounds' included. */
  judgeCalls: number;
  /** Of those, the judgements of training items that rounds 2 and later make. */
  roundJudgeCalls: number;
  optimizerCalls: number;
  /** Templates each item is judged with: the original and the candidates that need the judge. */
  templates: number;
  promptTokens: number;
  /** Completion tokens: one score token per judge request, a rewrite's usual length per optimizer request. */
  completionTokens: number;
}

/** A disagreement as the optimizer is shown it: a summary and an 80-word source opening. */
const DISAGREEMENT_TOKENS = 200;
/** A rewrite's reply: criteria and steps about as long as a template's (an estimate; the reply has no hard limit). */
const REWRITE_REPLY_TOKENS = 1500;

export interface EstimateOptions {
  task: string;
  examples: number;
  folds: number;
  strategy: Strategy;
  promptDir?: string;
  /** The judge's context window, when known before any request. */
  windowTokens?: number;
  /** Rounds of criteria rewriting (default 1). */
  rounds?: number;
}

export function alignEstimate(sets: readonly AlignSet[], options: EstimateOptions): AlignEstimate {
  const judged = candidatesOf(options.strategy).filter((name) => name !== 'calibration');
  const rounds = judged.includes('criteria') ? (options.rounds ?? DEFAULT_ROUNDS) : 0;
  const rewrites = rounds * (options.folds + 1);
  let promptTokens = 0;
  let judgeCalls = 0;
  let roundJudgeCalls = 0;
  for (const { aspect, items } of sets) {
    const texts = items.map((item) => estimateTokens(item.input.source) + estimateTokens(item.input.summary));
    // Each later round judges the training items of every fold ((k-1)/k of the items, k times) and then all items: k × n.
    const rejudged = Math.max(0, rounds - 1) * options.folds * items.length;
    roundJudgeCalls += rejudged;
    judgeCalls += items.length * (1 + judged.length) + rejudged;
    const plain = estimateTokens(originalTemplateText(options.task, aspect, options.promptDir));
    // The examples are not known before the judge has scored: K of the items stand in for them.
    const stand = chooseExamples(
      withJudgeScores(
        items,
        items.map((item) => item.human),
      ),
      options.examples,
    );
    const framing = estimateTokens(
      withExamples(
        '## Input\n',
        stand.map((e) => ({ ...e, source: '' })),
        EXCERPTS_NOTE,
      ),
    );
    const each = options.windowTokens ? Math.max(0, exampleSourceShare(options.windowTokens, plain + framing, Math.max(...texts), stand.length)) : Infinity;
    const shown = framing + stand.reduce((sum, e) => sum + Math.min(estimateTokens(e.source), each), 0);
    const perTemplate = judged.map((name) => plain + (name.endsWith('examples') ? shown : 0));
    for (const t of texts) promptTokens += plain + t + perTemplate.reduce((sum, p) => sum + p + t, 0);
    promptTokens += (rejudged / Math.max(1, items.length)) * texts.reduce((sum, t) => sum + plain + t, 0);
    // An optimizer request shows the criteria and the largest disagreements (a summary and a source opening each).
    promptTokens += rewrites * (plain + DISAGREEMENTS_SHOWN * DISAGREEMENT_TOKENS);
  }
  const optimizerCalls = rewrites * sets.length;
  return {
    judgeCalls,
    roundJudgeCalls,
    optimizerCalls,
    templates: 1 + judged.length,
    promptTokens,
    completionTokens: judgeCalls + optimizerCalls * REWRITE_REPLY_TOKENS,
  };
}
