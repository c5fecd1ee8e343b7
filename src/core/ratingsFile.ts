/**
 * A ratings file: JSON lines, one person's score of one aspect each. The editor keeps the
 * reviewer's own scores in the workspace's .sumlens/ratings.jsonl (with the judge's score, the
 * scale and hashes of the texts); `sumlens review export` writes the same lines; `agreement` and
 * `calibrate` read them, and `align --ratings` finds the rated texts by their hashes. One
 * declaration of a line, read by each at the strictness it needs. zod/mini: the extension
 * reads these lines at activation, where the whole of zod would weigh on its bundle.
 */
import * as z from 'zod/mini';

/** Where the editor keeps them, relative to the workspace folder. */
export const WORKSPACE_RATINGS_FILE = '.sumlens/ratings.jsonl';

const nonEmpty = () => z.string().check(z.minLength(1));
const sha256 = () => z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** What every rating is: a person's score of an aspect (a review's rater files name the score `score`: reviewSchema.ts). */
export const ratingFields = { aspect: nonEmpty(), person: z.number() };

/** A line as `agreement` and `calibrate` read it. */
export const RatingSchema = z.object({
  ...ratingFields,
  /** Absent: the judge has no score of this item (people's agreement is still measured). */
  judge: z.optional(z.number()),
  judgeName: z.optional(nonEmpty()),
  /** Lines with the same item (and aspect and judge) are one item rated by several people. */
  item: z.optional(z.union([nonEmpty(), z.number()])),
  /** Who rated; lines without it are one rater, "person". */
  rater: z.optional(nonEmpty()),
});
export type Rating = z.infer<typeof RatingSchema>;

/** The hashes of the rated source and summary, never their text (the editor and `review export` write them). */
const textHashes = { sourceSha256: sha256(), summarySha256: sha256() };

/** A line as `align --ratings` reads it: the rating and the hashes its texts are found by. */
export const HashedRatingSchema = z.object({ ...ratingFields, ...textHashes });
export type HashedRating = z.infer<typeof HashedRatingSchema>;

/** A line as the editor writes it: the judge's score beside the person's, the scale, and the template the judge used. */
export const EditorRatingSchema = z.object({
  v: z.literal(1),
  at: z.string(),
  ...ratingFields,
  judge: z.number(),
  judgeName: z.string(),
  scale: z.tuple([z.number(), z.number()]),
  ...textHashes,
  /** The template the judge scored with (its file's hash), when it could be read. */
  templateSha256: z.optional(z.string()),
});
export type EditorRating = z.infer<typeof EditorRatingSchema>;
