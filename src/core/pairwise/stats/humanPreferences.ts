/**
 * The judge against people's own pairwise preferences (a review's export, preferencesFile.ts):
 * each person's preference on a pair the judge also compared, matched by document and the two
 * systems in either order, as accuracy and Cohen's kappa on A/B/tie.
 */
import { categoryAgreement, type CategoryAgreement } from '../../stats/cohenKappa';
import type { PairOutcome, Verdict } from './outcome';

export interface PersonPreference {
  doc: string;
  a: string;
  b: string;
  preference: Verdict;
}

const swapped = (v: Verdict): Verdict => (v === 'A' ? 'B' : v === 'B' ? 'A' : 'tie');

/** Matched preferences and the judge's verdicts on them; people's preferences on pairs the judge did not compare are counted apart. */
export function agreementWithPeople(outcomes: readonly PairOutcome[], people: readonly PersonPreference[]): CategoryAgreement & { unmatched: number } {
  const judged = new Map(outcomes.map((o) => [`${o.doc}\u0000${o.a}\u0000${o.b}`, o.verdict]));
  const judge: Verdict[] = [];
  const person: Verdict[] = [];
  let unmatched = 0;
  for (const p of people) {
    const same = judged.get(`${p.doc}\u0000${p.a}\u0000${p.b}`);
    const reversed = judged.get(`${p.doc}\u0000${p.b}\u0000${p.a}`);
    if (same !== undefined) judge.push(same);
    else if (reversed !== undefined) judge.push(swapped(reversed));
    else {
      unmatched++;
      continue;
    }
    person.push(p.preference);
  }
  return { ...categoryAgreement(judge, person), unmatched };
}
