/**
 * How much of each scored example's source the judge is shown: as much as its context window
 * allows. The room is the window less the margin fitSource keeps, the template with its
 * examples (their scores, summaries and framing, the sources left empty), the score's reply,
 * and the longest text the template will judge (source and summary: that of the held-out
 * fold's items in cross-validation, of every rated item for the adopted template). A judged
 * text longer than half of that room is counted at half: its own source is then shortened as
 * any long source is. What is left is shared equally by the K examples; a source over its
 * share is shortened by the rule long sources are (longSource/shorten.ts: the opening, then
 * the sentences that bear on the example's own summary by BM25, whole sentences in document
 * order, "[…]" for what is left out). With no window known, the sources are shown whole, as
 * fitSource shows a judged source whole.
 */
import { SumLensError } from '../errors';
import { MARGIN_SHARE } from '../geval/fitSource';
import { SCORE_MAX_TOKENS } from '../geval/scoreRoutes';
import { countInSlices, ESTIMATE_MARGIN, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../llm/tokenCount';
import type { ContextWindow, LlmSession } from '../llm/types';
import { GAP_MARK, shortenSource } from '../longSource';
import { withExamples, type TemplateExample } from './fewShotTemplate';
import type { JudgedItem } from './judgeScores';

/** The line the examples block carries when a source is shown in part. */
export const EXCERPTS_NOTE = `(A source longer than its share of the judge's context is shown by its opening and the sentences that bear on its summary; ${GAP_MARK} marks omitted text.)`;

/** What one template's examples showed of their sources. */
export interface ExampleSourcesShown {
  /** Each source's share in tokens; undefined when no window is known (all shown whole). */
  tokensEach?: number;
  shortened: number;
  examples: number;
  window?: ContextWindow;
}

export interface ExamplesTemplate {
  text: string;
  shown: ExampleSourcesShown;
}

/**
 * Tokens each example's source may take: what the window leaves after the fixed part (the
 * template with the examples' framing, the reply, the margin) and the judged text (at most half
 * of that), shared by the examples. Plain arithmetic: the dry run estimates with it too.
 */
export function exampleSourceShare(windowTokens: number, fixedTokens: number, judgedTokens: number, examples: number): number {
  const room = windowTokens - Math.ceil(windowTokens * MARGIN_SHARE) - fixedTokens - SCORE_MAX_TOKENS - 2 * MESSAGE_OVERHEAD_TOKENS;
  const judged = Math.min(judgedTokens, Math.floor(room / 2));
  return Math.floor((room - judged) / Math.max(1, examples));
}

/** The template with its scored examples, their sources fitted to the judge's context for the items it will judge. */
export async function templateWithExamples(
  templateText: string,
  examples: readonly TemplateExample[],
  judged: readonly JudgedItem[],
  judge: { session: LlmSession; signal?: AbortSignal },
): Promise<ExamplesTemplate> {
  const { fitted, shown } = await fitExampleSources(templateText, examples, judged, judge);
  return { text: withExamples(templateText, fitted, shown.shortened > 0 ? EXCERPTS_NOTE : undefined), shown };
}

async function fitExampleSources(
  templateText: string,
  examples: readonly TemplateExample[],
  judged: readonly JudgedItem[],
  { session, signal }: { session: LlmSession; signal?: AbortSignal },
): Promise<{ fitted: TemplateExample[]; shown: ExampleSourcesShown }> {
  if (examples.length === 0) return { fitted: [], shown: { shortened: 0, examples: 0 } };
  // Counted high without a tokenizer, as fitSource does: a prompt within the smallest window a server starts with needs no look-up.
  const longestJudged = Math.max(0, ...judged.map((item) => estimateTokens(item.input.source) + estimateTokens(item.input.summary)));
  const need = Math.ceil((estimateTokens(withExamples(templateText, examples)) + longestJudged) * ESTIMATE_MARGIN) + SCORE_MAX_TOKENS;
  const window = await session.contextWindow?.(signal, need);
  if (!window) return { fitted: [...examples], shown: { shortened: 0, examples: examples.length } };
  const count = (text: string): number => session.countTokens?.(text) ?? estimateTokens(text);
  const framing = count(
    withExamples(
      templateText,
      examples.map((e) => ({ ...e, source: '' })),
      EXCERPTS_NOTE,
    ),
  );
  let judgedTokens = 0;
  for (const item of judged) judgedTokens = Math.max(judgedTokens, (await countInSlices(item.input.source, count)) + count(item.input.summary));
  const each = exampleSourceShare(window.tokens, framing, judgedTokens, examples.length);
  const fitted: TemplateExample[] = [];
  let shortened = 0;
  for (const example of examples) {
    const { text, shown } = await shortenSource({ source: example.source, summary: example.summary }, Math.max(0, each), count, 'context');
    if (shown.ranges.length === 0)
      throw new SumLensError(
        'context-too-long',
        `the judge's context of ${window.tokens} tokens (${window.detail}) leaves ${Math.max(0, each)} tokens for each of ${examples.length} scored examples' sources, not one sentence of example ${example.key}; use fewer --examples or a judge with a longer context`,
      );
    if (shown.share < 1) shortened++;
    fitted.push({ ...example, source: text });
  }
  return { fitted, shown: { tokensEach: each, shortened, examples: examples.length, window } };
}

/** One line for the provenance over the templates an alignment built (the folds' and the adopted one). */
export function exampleSourcesLine(shown: readonly ExampleSourcesShown[]): string | undefined {
  const withExamples = shown.filter((s) => s.examples > 0);
  if (withExamples.length === 0) return undefined;
  const known = withExamples.filter((s): s is ExampleSourcesShown & { tokensEach: number; window: ContextWindow } => s.tokensEach !== undefined);
  if (known.length === 0) return "example sources: whole (the judge's context window is not known; --context-tokens sets it)";
  const shortened = known.reduce((sum, s) => sum + s.shortened, 0);
  const total = withExamples.reduce((sum, s) => sum + s.examples, 0);
  const smallest = known.reduce((a, b) => (b.tokensEach < a.tokensEach ? b : a));
  const context = `the judge's context of ${smallest.window.tokens} tokens (${smallest.window.detail})`;
  if (shortened === 0) return `example sources: whole (each fits its share of ${context})`;
  return (
    `example sources: up to ${smallest.tokensEach} tokens each (the smallest share of ${context}, over ${withExamples.length} templates); ` +
    `${shortened} of ${total} shortened by the long-source rule (the opening, then the sentences that bear on the example's summary, BM25, whole sentences)`
  );
}
