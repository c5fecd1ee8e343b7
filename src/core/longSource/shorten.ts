/**
 * A long source shortened to the sentences that bear on the summary, within a token budget
 * (Wu et al., "Less is More for Long Document Summary Evaluation by LLMs", EACL 2024: judging
 * on extracted sentences agrees better with people than the whole document, at less cost).
 *
 * Selection: the opening of the document, then round by round, for each summary sentence its
 * next-best source sentence by BM25 with its ±1 neighbours, until the budget is spent. The
 * excerpts keep document order and the source's own text between adjacent sentences; a gap
 * is marked "[…]".
 */
import { loopTurn } from '../cooperative';
import type { SourceShown, Span } from '../result';
import { splitSourceSentences } from './sentences';
import type { Ranked } from './bm25';
import { indexSource } from './sourceIndex';

export type CountTokens = (text: string) => number;

export interface ShortenedSource {
  /** What the judge is shown. The whole source when it fits the budget. */
  text: string;
  /**
   * The rule, the budget, the share and the ranges shown. `ranges` is empty when not even
   * one sentence fits: the caller reports that the context cannot hold the source.
   */
  shown: SourceShown;
}

/** Marks left-out text between excerpts, on a line of its own. */
export const GAP_MARK = '[…]';
const GAP = `\n${GAP_MARK}\n`;
/** The opening: the first sentences, up to this many and this share of the budget. */
const OPENING_SENTENCES = 3;
const OPENING_SHARE = 0.15;

export async function shortenSource(
  source: string,
  summary: string,
  budgetTokens: number,
  countTokens: CountTokens,
  reason: SourceShown['reason'] = 'budget',
): Promise<ShortenedSource> {
  const sourceTokens = countTokens(source);
  const base = { reason, budgetTokens, sourceTokens };
  if (sourceTokens <= budgetTokens) {
    const rule = 'the whole source fits the budget';
    return { text: source, shown: { ...base, rule, shownTokens: sourceTokens, share: 1, ranges: [{ start: 0, end: source.length }] } };
  }
  const index = await indexSource(source);
  const { sentences } = index;
  const selection = new Selection(source, sentences, budgetTokens, countTokens);

  for (let i = 0; i < Math.min(OPENING_SENTENCES, sentences.length); i++) {
    if (selection.spent + selection.costOf([i]) > budgetTokens * OPENING_SHARE && i > 0) break;
    selection.tryAdd([i]);
  }
  const querySentences = splitSourceSentences(summary).map(({ start, end }) => summary.slice(start, end));
  const ranked: Ranked[][] = [];
  for (const query of querySentences) {
    await loopTurn();
    ranked.push(index.rank(query));
  }
  let depth = 0;
  for (let round = 0; ranked.some((list) => round < list.length) && !selection.full(); round++) {
    await loopTurn();
    for (const list of ranked) {
      if (round >= list.length) continue;
      const match = list[round].index;
      const unit = [match - 1, match, match + 1].filter((i) => i >= 0 && i < sentences.length);
      if (selection.tryAdd(unit) || selection.tryAdd([match])) depth = round + 1;
    }
  }
  const { text, ranges } = selection.fitted();
  const shownChars = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
  const rule =
    `BM25: the best-matching source sentences for each of the summary's ${querySentences.length} sentences` +
    ` (up to ${depth} each), ±1 neighbour, the opening, in document order`;
  return { text, shown: { ...base, rule, shownTokens: countTokens(text), share: shownChars / Math.max(1, source.length), ranges } };
}

/** The sentences chosen so far, in the order they were chosen, and their estimated cost. */
class Selection {
  private readonly chosen: Uint8Array;
  private readonly order: number[][] = [];
  private readonly tokens: number[];
  private readonly gapTokens: number;
  spent = 0;

  constructor(
    private readonly source: string,
    private readonly sentences: Span[],
    private readonly budget: number,
    private readonly countTokens: CountTokens,
  ) {
    this.chosen = new Uint8Array(sentences.length);
    this.tokens = new Array<number>(sentences.length).fill(-1);
    this.gapTokens = countTokens(GAP);
  }

  private tokensOf(i: number): number {
    if (this.tokens[i] < 0) this.tokens[i] = this.countTokens(this.source.slice(this.sentences[i].start, this.sentences[i].end));
    return this.tokens[i];
  }

  /** Estimated tokens the sentences not yet chosen would add: their own, and a gap mark each (an upper bound). */
  costOf(unit: number[]): number {
    return unit.reduce((sum, i) => (this.chosen[i] ? sum : sum + this.tokensOf(i) + this.gapTokens), 0);
  }

  tryAdd(unit: number[]): boolean {
    const fresh = unit.filter((i) => !this.chosen[i]);
    if (fresh.length === 0) return false;
    const cost = this.costOf(fresh);
    if (this.spent + cost > this.budget) return false;
    for (const i of fresh) this.chosen[i] = 1;
    this.order.push(fresh);
    this.spent += cost;
    return true;
  }

  /** Nothing more can fit: not even a gap mark and one token. */
  full(): boolean {
    return this.budget - this.spent <= this.gapTokens;
  }

  /**
   * The excerpts text, counted as a whole; if the sum of the parts underestimated it, the
   * units chosen last are dropped until it fits.
   */
  fitted(): { text: string; ranges: Span[] } {
    for (;;) {
      const built = this.build();
      const over = this.countTokens(built.text) - this.budget;
      if (over <= 0 || this.order.length === 0) return built;
      let dropped = 0;
      while (dropped < over && this.order.length > 0) {
        for (const i of this.order.pop()!) {
          this.chosen[i] = 0;
          dropped += this.tokensOf(i) + this.gapTokens;
        }
      }
    }
  }

  private build(): { text: string; ranges: Span[] } {
    const ranges: Span[] = [];
    let first = -1;
    let lastChosen = -1;
    for (let i = 0; i <= this.sentences.length; i++) {
      if (i < this.sentences.length && this.chosen[i]) {
        if (first < 0) first = i;
        lastChosen = i;
      } else if (first >= 0) {
        ranges.push({ start: this.sentences[first].start, end: this.sentences[i - 1].end });
        first = -1;
      }
    }
    if (ranges.length === 0) return { text: '', ranges };
    const excerpts = ranges.map((r) => this.source.slice(r.start, r.end)).join(GAP);
    const lead = this.chosen[0] ? '' : `${GAP_MARK}\n`;
    const tail = lastChosen === this.sentences.length - 1 ? '' : `\n${GAP_MARK}`;
    return { text: lead + excerpts + tail, ranges };
  }
}
