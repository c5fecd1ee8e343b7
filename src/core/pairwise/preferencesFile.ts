/**
 * People's pairwise preferences as a file: JSON lines, one preference of one rater on one pair
 * of summaries of a document. What a review's pairwise items export (the review issue's
 * pairwise items) and what `sumlens pairwise --preferences FILE` reads to measure the judge's
 * agreement with people (accuracy and Cohen's kappa on A/B/tie). `a` and `b` name the two
 * systems as the pair lists them, whatever order the rater saw them in (that order is
 * `shownFirst`, kept for position effects among people).
 *
 *   {"item":"doc-17","a":"M11","b":"M23","preference":"B","margin":2,"rater":"ann"}
 */
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { PersonPreference } from './stats/humanPreferences';

export const PreferenceLineSchema = z
  .object({
    /** The document (its id in the data, e.g. SummEval's doc_id) both summaries are of. */
    item: z.string().min(1),
    a: z.string().min(1),
    b: z.string().min(1),
    preference: z.enum(['A', 'B', 'tie']),
    /** How strongly, on the review's own scale (e.g. 1 slightly, 2 clearly); absent for a tie or when not asked. */
    margin: z.number().nonnegative().optional(),
    rater: z.string().min(1).optional(),
    /** The aspect the preference is about; absent for the overall question. */
    aspect: z.string().min(1).optional(),
    shownFirst: z.enum(['A', 'B']).optional(),
  })
  .refine((line) => line.a !== line.b, { message: 'a and b name the same system' });
export type PreferenceLine = z.infer<typeof PreferenceLineSchema>;

/** Every line checked; the first bad one is named by its line number. Blank lines are skipped. */
export function parsePreferences(text: string, label: string): PreferenceLine[] {
  const lines: PreferenceLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new SumLensError('bad-input', `${label}:${i + 1}: not a JSON line`);
    }
    const parsed = PreferenceLineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SumLensError('bad-input', `${label}:${i + 1}: ${issue.path.join('.') || 'line'} ${issue.message}`);
    }
    lines.push(parsed.data);
  });
  if (lines.length === 0) throw new SumLensError('bad-input', `${label}: no preferences`);
  return lines;
}

/** The preferences on one aspect (or the overall question, aspect undefined) as the statistics read them. */
export function preferencesOn(lines: readonly PreferenceLine[], aspect: string | undefined): PersonPreference[] {
  return lines.filter((l) => l.aspect === aspect || l.aspect === undefined).map((l) => ({ doc: l.item, a: l.a, b: l.b, preference: l.preference }));
}
