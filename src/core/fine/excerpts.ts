/**
 * A source too long for the judging prompts (issue 26): the prompts that carry the source
 * (correctness, alignment by definition) show each target fact the passages retrieved for
 * it (retrieval.ts) instead, and the facts sharing a call see their passages merged into
 * one excerpt. A source that fits whole, with the longest fact, in every such prompt is
 * shown whole, exactly as before. Each fact gets the largest retrieval shape (SHAPES) whose
 * passages fit its prompt with one fact; when even one sentence does not fit, the run stops
 * with context-too-long: no prompt is sent that cannot fit.
 */
import { loopTurn } from '../cooperative';
import { SumLensError } from '../errors';
import { countInSlices } from '../llm/tokenCount';
import type { SourceShown, Span } from '../result';
import type { TemplateVars } from '../prompts';
import type { Angle } from './angles';
import type { FineContext } from './context';
import { anglePrompt, type JudgedItem } from './judge';
import { DEFAULT_SHAPE, EXCERPT_HEADING, SHAPES, SourceRetrieval } from './retrieval';

export interface ExcerptPlan {
  /** The excerpt shown to a call judging these facts: their passages merged, in document order. */
  excerptFor(ids: string[]): string;
  /** Tokens of the excerpt of one fact alone (a group's excerpt is at most the sum of its facts'). */
  tokensOf(id: string): number;
  /** Character spans of the source shown for one fact. */
  spansOf(id: string): Span[];
  /** What the judges were shown, for the result (ranges: every passage shown to any fact). */
  shown: SourceShown;
  /** The fallback in words, for the result's provenance. */
  describe(): string;
}

/** A fact of the summary: its prompt lines (one per metric) and what its passages are retrieved by. */
export interface Fact {
  id: string;
  lines: JudgedItem[];
  query: string;
}

/** A prompt that carries the source: its angle, answer options and variables (the whole source among them). */
export interface SourcePrompt {
  angle: Angle;
  answers: string[];
  vars: TemplateVars;
  items: JudgedItem[];
}

/** Whether a template shows the source at all (a workspace template may not). */
export function showsSource(ctx: FineContext, angle: Angle): boolean {
  return ctx.template(angle.name).placeholders.includes('source');
}

/**
 * Every prompt holds the whole source and its longest entity line: the source is shown whole.
 * A prompt is sized as the prompt without the source plus the source, counted once (a long
 * source counted in every prompt, by a real tokenizer, would take seconds).
 */
function fitsWhole(ctx: FineContext, prompts: SourcePrompt[], sourceTokens: number): boolean {
  return prompts.every((p) => {
    const { fixedTokens, itemTokens } = anglePrompt(ctx, { angle: p.angle, answers: p.answers, vars: { ...p.vars, source: '' } });
    return fixedTokens() + sourceTokens + Math.max(0, ...p.items.map(itemTokens)) <= ctx.limits.maxPromptTokens;
  });
}

/** The excerpt plan for the facts, or undefined when the source fits whole (or nothing shows it). */
export async function planSource(ctx: FineContext, source: string, prompts: SourcePrompt[], facts: Fact[]): Promise<ExcerptPlan | undefined> {
  if (prompts.length === 0 || facts.length === 0) return undefined;
  const sourceTokens = await countInSlices(source, ctx.countTokens);
  if (fitsWhole(ctx, prompts, sourceTokens)) return undefined;
  const limit = ctx.limits.maxPromptTokens;
  // The largest prompt without its entities, with an empty excerpt in place of the source.
  const fixed = Math.max(
    ...prompts.map((p) => anglePrompt(ctx, { angle: p.angle, answers: p.answers, vars: { ...p.vars, source: EXCERPT_HEADING } }).fixedTokens()),
  );
  const retrieval = await SourceRetrieval.of(source);
  const shown = new Map<string, { sentences: number[]; tokens: number }>();
  let reduced = 0;
  for (const fact of facts) {
    await loopTurn();
    const lineTokens = Math.max(...fact.lines.map((l) => ctx.countTokens(l.line) + ctx.countTokens(JSON.stringify(l.id)) + 1));
    let chosen: { sentences: number[]; tokens: number } | undefined;
    let smallest = 0;
    for (const shape of SHAPES) {
      const sentences = retrieval.sentencesFor(fact.query, shape);
      const tokens = ctx.countTokens(retrieval.render(sentences));
      smallest = fixed + lineTokens + tokens;
      if (smallest <= limit) {
        chosen = { sentences, tokens };
        break;
      }
    }
    if (!chosen) {
      throw new SumLensError(
        'context-too-long',
        `The judge's context leaves ${limit} prompt tokens, too few to check even one fact of the summary against one source sentence ` +
          `(${fact.id} needs ${smallest}: ${fixed} of instructions and notes, ${smallest - fixed} for the fact and its passage); pick a model with a longer context.`,
      );
    }
    if (chosen.sentences.length < retrieval.sentencesFor(fact.query, DEFAULT_SHAPE).length) reduced++;
    shown.set(fact.id, chosen);
  }
  const sentencesOf = (ids: string[]) => ids.flatMap((id) => shown.get(id)?.sentences ?? []);
  const everyId = [...shown.keys()];
  const ranges = retrieval.spansOf(sentencesOf(everyId));
  const share = ranges.reduce((sum, s) => sum + s.end - s.start, 0) / Math.max(1, source.length);
  const rule =
    `BM25: best ${DEFAULT_SHAPE.perFact} source sentences per summary fact, ±${DEFAULT_SHAPE.neighbours} neighbour, ` +
    `the passages of the facts sharing a call merged in document order`;
  return {
    excerptFor: (ids) => retrieval.render(sentencesOf(ids)),
    tokensOf: (id) => shown.get(id)?.tokens ?? 0,
    spansOf: (id) => retrieval.spansOf(shown.get(id)?.sentences ?? []),
    shown: {
      rule,
      reason: 'context',
      budgetTokens: limit - fixed,
      sourceTokens,
      shownTokens: ctx.countTokens(retrieval.render(sentencesOf(everyId))),
      share,
      ranges,
    },
    describe: () =>
      `source judged against retrieved passages: the source (${sourceTokens} tokens) does not fit a judging prompt of at most ${limit} tokens whole, ` +
      `so each of the ${facts.length} summary facts was judged for correctness and alignment against its own passages (${rule}; ` +
      `${retrieval.sentences.length} source sentences ranked)` +
      (reduced > 0 ? `; ${reduced} fact(s) shown fewer sentences to fit` : '') +
      `; ${(100 * share).toFixed(1)}% of the source shown`,
  };
}
