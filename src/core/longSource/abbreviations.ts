/**
 * Words a period follows without ending a sentence ("Dr.", "e.g."), lower case, without their
 * last period. One list for both sentence splitters: fine/sentences.ts (readability) and
 * longSource/sentences.ts (ranking a long source), which adds the ones of cited prose.
 */
export const ABBREVIATIONS: readonly string[] = [
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'vs',
  'e.g',
  'i.e',
  'no',
  'approx',
  'fig',
  'jr',
  'sr',
  'gov',
  'sen',
  'rep',
  'gen',
  'col',
  'lt',
  'sgt',
  'inc',
  'corp',
  'co',
  'mt',
];
