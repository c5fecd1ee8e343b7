/**
 * What counts of a review's lines: per rater, kind, item and aspect the latest line in the
 * rater's file (file order, not the clocks' `at`, which two machines may disagree on). A skip
 * that comes latest withdraws the score before it. Figures use the raters' own scores of
 * items that have not changed; adjudications are kept apart.
 */
import type { RatingRecord, Review } from './readReview';

export interface LatestRating extends RatingRecord {
  /** How many lines this rater wrote for the same kind, item and aspect (1: never changed). */
  versions: number;
}

/** Every rater's latest line per kind, item and aspect, in the review's rater order then file order. */
export function latestRatings(review: Review): LatestRating[] {
  const out: LatestRating[] = [];
  for (const lines of review.ratings.values()) {
    const latest = new Map<string, LatestRating>();
    for (const line of lines) {
      const key = `${line.kind}\u0000${line.item}\u0000${line.aspect}`;
      const versions = (latest.get(key)?.versions ?? 0) + 1;
      latest.delete(key); // re-inserted: the map's order is the order of the latest lines
      latest.set(key, { ...line, versions });
    }
    out.push(...latest.values());
  }
  return out;
}

/** One aspect's scores as raters × items: `people[r][i]` is rater r's latest own score of item i, NaN where there is none. */
export interface ScoreTable {
  aspect: string;
  raters: string[];
  /** The items that have not changed, in the review's order. */
  items: string[];
  people: number[][];
}

export function scoreTables(review: Review, latest: readonly LatestRating[] = latestRatings(review)): ScoreTable[] {
  const items = review.items.filter((item) => !item.changed).map((item) => item.id);
  const index = new Map(items.map((id, i) => [id, i]));
  const raters = [...review.ratings.keys()];
  return review.definition.aspects.map(({ name }) => {
    const people = raters.map(() => new Array<number>(items.length).fill(NaN));
    for (const r of latest) {
      const i = index.get(r.item);
      if (r.kind === 'rating' && r.aspect === name && r.score !== undefined && i !== undefined) people[raters.indexOf(r.rater)][i] = r.score;
    }
    // Raters who scored nothing of this aspect are left out: they would only pad the table.
    const kept = raters.flatMap((_, k) => (people[k].some((x) => !Number.isNaN(x)) ? [k] : []));
    return { aspect: name, raters: kept.map((k) => raters[k]), items, people: kept.map((k) => people[k]) };
  });
}

/** The latest adjudicated score of each item and aspect: each adjudicator's latest line, and across adjudicators the latest by `at`. */
export function adjudications(latest: readonly LatestRating[]): Map<string, LatestRating> {
  const found = new Map<string, LatestRating>();
  for (const r of latest) {
    if (r.kind !== 'adjudication') continue;
    const key = `${r.item}\u0000${r.aspect}`;
    const known = found.get(key);
    if (!known || known.at < r.at) found.set(key, r);
  }
  return found;
}
