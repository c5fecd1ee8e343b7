/**
 * The pairs to look at again: on a question, one rater preferred A and another B (a tie
 * against a side is a near miss, as one point apart is on a scale, and is not listed). Each
 * with every rater's answer and the adjudicated answer when someone settled it, kept beside
 * the raters' own and never replacing them. Only raters' latest answers of unchanged pairs.
 */
import { adjudications, latestRatings } from './latestRatings';
import type { Preference } from './pairAgreement';
import type { Review } from './readReview';

export interface PairDisagreement {
  pair: string;
  question: string;
  /** The systems as the pair lists them: A is `a`, B is `b`. */
  a: string;
  b: string;
  answers: { rater: string; preference: Preference; comment?: string }[];
  adjudicated?: { preference: Preference; by: string; at: string; comment?: string };
}

export function pairDisagreements(review: Review): PairDisagreement[] {
  const latest = latestRatings(review);
  const settled = adjudications(latest);
  const answers = new Map<string, PairDisagreement['answers']>();
  for (const r of latest) {
    if (r.kind !== 'preference' || r.preference === undefined || review.pairById.get(r.item)?.changed !== undefined) continue;
    const key = `${r.item}\u0000${r.aspect}`;
    answers.set(key, [...(answers.get(key) ?? []), { rater: r.rater, preference: r.preference, ...(r.comment ? { comment: r.comment } : {}) }]);
  }
  const found: PairDisagreement[] = [];
  for (const pair of review.pairs) {
    for (const { name: question } of review.definition.questions ?? []) {
      const given = answers.get(`${pair.id}\u0000${question}`) ?? [];
      const sides = new Set(given.map((g) => g.preference));
      if (!sides.has('A') || !sides.has('B')) continue;
      const a = settled.get(`${pair.id}\u0000${question}`);
      found.push({
        ...{ pair: pair.id, question, a: pair.a, b: pair.b, answers: given },
        ...(a?.preference ? { adjudicated: { preference: a.preference, by: a.rater, at: a.at, ...(a.comment ? { comment: a.comment } : {}) } } : {}),
      });
    }
  }
  return found;
}
