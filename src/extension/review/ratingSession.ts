/**
 * One rater working through their queue of a review: which item is on screen, what this rater
 * gave each of its aspects, and what a submit writes. Apart from the view (no VS Code here) so
 * that the rules are plain: a submit writes only the aspects that changed, as one append flushed
 * to disk before the next item is shown (a killed editor loses at most the item on screen); the
 * queue opens at the first item this rater has not finished; nothing of the judge's or the
 * other raters' reaches the screen for an item this rater has not submitted.
 */
import type { RatingLine, Review, ReviewItem } from '../../core/review';
import type { Given, RatingScreen } from '../webview/ratingProtocol';

/** What the session needs of the engine (loaded lazily with dist/engine.js). */
export interface RatingEngine {
  itemsFor(review: Review, rater: string): ReviewItem[];
  /** Checks and appends the lines in one write, flushed to disk before it settles. */
  appendRatings(review: Review, rater: string, lines: RatingLineInput[]): Promise<void>;
}

export type RatingLineInput = Pick<RatingLine, 'item' | 'aspect' | 'score' | 'skipped' | 'comment'> &
  Partial<Pick<RatingLine, 'kind' | 'preference' | 'margin' | 'shownFirst'>>;

/** What the rating view drives: a rater's queue of items (RatingSession) or of pairs (PairRatingSession). */
export interface RatingQueue {
  readonly rater: string;
  readonly total: number;
  screen(): RatingScreen | undefined;
  /** Writes the item's answers (on disk when this settles), then moves to the next item not finished. */
  submit(itemId: string, given: Record<string, Given>, comment: string): Promise<void>;
  back(): void;
}

/** Minutes left at this session's own pace (the median time between submits), once it has one. */
export function minutesLeft(submits: readonly number[], opened: number, remaining: number): number | null {
  if (submits.length < 2) return null;
  const gaps = submits.map((t, i) => t - (i === 0 ? opened : submits[i - 1])).sort((a, b) => a - b);
  return (remaining * gaps[Math.floor(gaps.length / 2)]) / 60_000;
}

export interface RatingSessionOptions {
  /** Show the other raters' scores (and the judge's, when given) once this rater has submitted the item. */
  revealAfterSubmit: boolean;
  /** The judge's scores by item and aspect, when a run of the same items was given. */
  judge?: (item: string, aspect: string) => number | undefined;
  now?: () => number;
}

interface ItemState {
  given: Record<string, Given>;
  comment: string;
}

export class RatingSession implements RatingQueue {
  private readonly queue: ReviewItem[];
  private readonly mine = new Map<string, ItemState>();
  private cursor: number;
  /** When each submit of this session happened: the pace for "minutes left". */
  private readonly submits: number[] = [];
  private readonly opened: number;

  constructor(
    private readonly review: Review,
    readonly rater: string,
    private readonly engine: RatingEngine,
    private readonly options: RatingSessionOptions,
  ) {
    this.queue = engine.itemsFor(review, rater);
    for (const line of review.ratings.get(rater) ?? []) {
      if (line.kind !== 'rating') continue;
      const state = this.mine.get(line.item) ?? { given: {}, comment: '' };
      state.given[line.aspect] = line.score !== undefined ? { score: line.score } : { skipped: line.skipped };
      if (line.comment !== undefined) state.comment = line.comment;
      this.mine.set(line.item, state);
    }
    const open = this.queue.findIndex((item) => !this.finished(item.id));
    this.cursor = open < 0 ? this.queue.length : open;
    this.opened = this.now();
  }

  get total(): number {
    return this.queue.length;
  }

  /** The item on screen; undefined once every item is finished and the rater has not gone back. */
  get current(): ReviewItem | undefined {
    return this.queue[this.cursor];
  }

  get done(): number {
    return this.queue.filter((item) => this.finished(item.id)).length;
  }

  screen(): RatingScreen | undefined {
    const item = this.current;
    if (!item) return undefined;
    const state = this.mine.get(item.id);
    return {
      reviewName: this.review.definition.name,
      rater: this.rater,
      item: { id: item.id, source: item.source, summary: item.summary, changed: item.changed !== undefined },
      position: { index: this.cursor, total: this.total, done: this.done, minutesLeft: this.minutesLeft() },
      aspects: this.review.definition.aspects.map((a) => ({ name: a.name, min: a.scale.min, max: a.scale.max, criteria: a.criteria })),
      given: { ...(state?.given ?? {}) },
      comment: state?.comment ?? '',
      revealed: this.options.revealAfterSubmit && this.finished(item.id) ? this.revealed(item.id) : null,
    };
  }

  /** Writes what changed of the item's ratings (on disk when this settles), then moves to the next item not finished. */
  async submit(itemId: string, given: Record<string, Given>, comment: string): Promise<void> {
    const item = this.current;
    if (!item || item.id !== itemId) throw new Error(`the item on screen is ${item?.id ?? 'none'}, not ${itemId}`);
    const before = this.mine.get(itemId) ?? { given: {}, comment: '' };
    const lines = this.review.definition.aspects.flatMap(({ name }) => {
      const now = given[name];
      if (!now || (now.score === undefined && !now.skipped)) return [];
      const same = before.given[name]?.score === now.score && before.given[name]?.skipped === now.skipped && before.comment === comment;
      if (same) return [];
      return [{ item: itemId, aspect: name, ...(now.score !== undefined ? { score: now.score } : { skipped: now.skipped }), ...(comment ? { comment } : {}) }];
    });
    if (lines.length > 0) await this.engine.appendRatings(this.review, this.rater, lines);
    this.mine.set(itemId, { given: { ...before.given, ...given }, comment });
    this.submits.push(this.now());
    const next = this.queue.findIndex((other, i) => i > this.cursor && !this.finished(other.id));
    const anyOpen = this.queue.findIndex((other) => !this.finished(other.id));
    this.cursor = next >= 0 ? next : anyOpen >= 0 ? anyOpen : this.queue.length;
  }

  /** The previous item of the queue (from the end, the last one). */
  back(): void {
    this.cursor = Math.max(0, this.cursor - 1);
  }

  private finished(itemId: string): boolean {
    const given = this.mine.get(itemId)?.given ?? {};
    return this.review.definition.aspects.every(({ name }) => given[name]?.score !== undefined || !!given[name]?.skipped);
  }

  private minutesLeft(): number | null {
    return minutesLeft(this.submits, this.opened, this.total - this.done);
  }

  private revealed(itemId: string): RatingScreen['revealed'] {
    const others = [...this.review.ratings.entries()]
      .filter(([rater]) => rater !== this.rater)
      .map(([rater, lines]) => {
        const scores: Record<string, number> = {};
        for (const line of lines) if (line.kind === 'rating' && line.item === itemId && line.score !== undefined) scores[line.aspect] = line.score;
        return { rater, scores };
      })
      .filter((o) => Object.keys(o.scores).length > 0);
    const judgeScores: Record<string, number> = {};
    for (const { name } of this.review.definition.aspects) {
      const score = this.options.judge?.(itemId, name);
      if (score !== undefined) judgeScores[name] = score;
    }
    return { judge: Object.keys(judgeScores).length > 0 ? judgeScores : null, others };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
