/**
 * One rater working through their queue of a review's pairwise items: the source and the two
 * summaries in the order this rater sees them (shownFirstFor: seeded by the rater and the
 * pair), each question answered first, second or tie (with an optional margin) or skipped.
 * The view knows only the order shown; here an answer becomes A, B or tie as the pair lists
 * its systems, recorded with which summary was shown first. As for scores (ratingSession.ts):
 * a submit writes only the questions that changed, as one append flushed to disk before the
 * next pair is shown, and nobody else's answers reach the view.
 */
import type { Review, ReviewPair } from '../../core/review';
import type { Given, RatingScreen } from '../webview/ratingProtocol';
import { minutesLeft, type RatingLineInput, type RatingQueue } from './ratingSession';

export interface PairRatingEngine {
  pairsFor(review: Review, rater: string): ReviewPair[];
  shownFirstFor(rater: string, pairId: string): 'A' | 'B';
  appendRatings(review: Review, rater: string, lines: RatingLineInput[]): Promise<void>;
}

type Side = 'A' | 'B';
const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');

interface PairState {
  given: Record<string, Given>;
  comment: string;
}

export class PairRatingSession implements RatingQueue {
  private readonly queue: ReviewPair[];
  private readonly mine = new Map<string, PairState>();
  private cursor: number;
  private readonly submits: number[] = [];
  private readonly opened = Date.now();
  private readonly questions: string[];

  constructor(
    private readonly review: Review,
    readonly rater: string,
    private readonly engine: PairRatingEngine,
  ) {
    this.queue = engine.pairsFor(review, rater);
    this.questions = (review.definition.questions ?? []).map((q) => q.name);
    for (const line of review.ratings.get(rater) ?? []) {
      if (line.kind !== 'preference') continue;
      const state = this.mine.get(line.item) ?? { given: {}, comment: '' };
      state.given[line.aspect] = line.preference ? this.asShown(line.item, line.preference, line.margin) : { skipped: line.skipped };
      if (line.comment !== undefined) state.comment = line.comment;
      this.mine.set(line.item, state);
    }
    const open = this.queue.findIndex((pair) => !this.finished(pair.id));
    this.cursor = open < 0 ? this.queue.length : open;
  }

  get total(): number {
    return this.queue.length;
  }

  private get done(): number {
    return this.queue.filter((pair) => this.finished(pair.id)).length;
  }

  screen(): RatingScreen | undefined {
    const pair = this.queue[this.cursor];
    if (!pair) return undefined;
    const state = this.mine.get(pair.id);
    const first = this.engine.shownFirstFor(this.rater, pair.id);
    return {
      reviewName: this.review.definition.name,
      rater: this.rater,
      item: { id: pair.id, source: pair.source, summary: '', changed: pair.changed !== undefined },
      pair: first === 'A' ? { first: pair.summaryA, second: pair.summaryB } : { first: pair.summaryB, second: pair.summaryA },
      questions: (this.review.definition.questions ?? []).map((q) => ({ name: q.name, criteria: q.criteria })),
      position: { index: this.cursor, total: this.total, done: this.done, minutesLeft: minutesLeft(this.submits, this.opened, this.total - this.done) },
      aspects: [],
      given: { ...(state?.given ?? {}) },
      comment: state?.comment ?? '',
      revealed: null,
    };
  }

  async submit(itemId: string, given: Record<string, Given>, comment: string): Promise<void> {
    const pair = this.queue[this.cursor];
    if (!pair || pair.id !== itemId) throw new Error(`the pair on screen is ${pair?.id ?? 'none'}, not ${itemId}`);
    const before = this.mine.get(itemId) ?? { given: {}, comment: '' };
    const shownFirst = this.engine.shownFirstFor(this.rater, itemId);
    const lines = this.questions.flatMap((question): RatingLineInput[] => {
      const now = given[question];
      if (!now || (now.choice === undefined && !now.skipped)) return [];
      const was = before.given[question];
      if (was?.choice === now.choice && was?.margin === now.margin && was?.skipped === now.skipped && before.comment === comment) return [];
      const answer = now.choice === undefined ? { skipped: now.skipped } : this.recorded(now, shownFirst);
      return [{ kind: 'preference', item: itemId, aspect: question, ...answer, ...(comment ? { comment } : {}) }];
    });
    if (lines.length > 0) await this.engine.appendRatings(this.review, this.rater, lines);
    this.mine.set(itemId, { given: { ...before.given, ...given }, comment });
    this.submits.push(Date.now());
    const next = this.queue.findIndex((p, i) => i > this.cursor && !this.finished(p.id));
    const anyOpen = this.queue.findIndex((p) => !this.finished(p.id));
    this.cursor = next >= 0 ? next : anyOpen >= 0 ? anyOpen : this.queue.length;
  }

  back(): void {
    this.cursor = Math.max(0, this.cursor - 1);
  }

  /** An answer as shown (first, second, tie) as the pair lists its systems. */
  private recorded(given: Given, shownFirst: Side): Pick<RatingLineInput, 'preference' | 'margin' | 'shownFirst'> {
    const preference = given.choice === 'tie' ? 'tie' : given.choice === 'first' ? shownFirst : other(shownFirst);
    return { preference, ...(preference !== 'tie' && given.margin !== undefined ? { margin: given.margin } : {}), shownFirst };
  }

  /** A recorded answer as this rater sees the pair now. */
  private asShown(pairId: string, preference: 'A' | 'B' | 'tie', margin: 1 | 2 | undefined): Given {
    const choice = preference === 'tie' ? 'tie' : preference === this.engine.shownFirstFor(this.rater, pairId) ? 'first' : 'second';
    return { choice, ...(margin !== undefined ? { margin } : {}) };
  }

  private finished(pairId: string): boolean {
    const given = this.mine.get(pairId)?.given ?? {};
    return this.questions.every((q) => given[q]?.choice !== undefined || !!given[q]?.skipped);
  }
}
