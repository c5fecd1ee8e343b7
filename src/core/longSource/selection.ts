/**
 * The source sentences chosen for a shortened source, in the order they were chosen, and their
 * estimated cost in tokens: a sentence's own, and a gap mark for each excerpt a choice opens.
 */
import type { Span } from '../result';

export type CountTokens = (text: string) => number;

/** Marks left-out text between excerpts, on a line of its own. */
export const GAP_MARK = '[…]';
const GAP = `\n${GAP_MARK}\n`;

/** The sentences chosen so far, in the order they were chosen, and their estimated cost. */
export class Selection {
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

  /**
   * Estimated tokens a run of adjacent sentences would add: those not yet chosen, and a gap
   * mark when the run touches no chosen sentence (an upper bound: a run may join two excerpts).
   */
  costOf(unit: number[]): number {
    const fresh = unit.filter((i) => !this.chosen[i]);
    if (fresh.length === 0) return 0;
    const touches = fresh.length < unit.length || this.chosen[unit[0] - 1] === 1 || this.chosen[unit[unit.length - 1] + 1] === 1;
    return fresh.reduce((sum, i) => sum + this.tokensOf(i), touches ? 0 : this.gapTokens);
  }

  has(i: number): boolean {
    return this.chosen[i] === 1;
  }

  tryAdd(unit: number[]): boolean {
    const fresh = unit.filter((i) => !this.chosen[i]);
    if (fresh.length === 0) return false;
    const cost = this.costOf(unit);
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
   * Counts the excerpts as a whole and takes that as what is spent: the estimate sums each
   * sentence's tokens rounded up, and a gap mark per run, so it runs high on many short
   * sentences (dialogue). True when that leaves room for more.
   */
  recount(): boolean {
    const counted = this.countTokens(this.build().text);
    if (counted >= this.spent) return false;
    this.spent = counted;
    return !this.full();
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
