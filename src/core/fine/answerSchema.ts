import * as z from 'zod';

/** An answer from a fixed set; case and surrounding spaces are not held against the judge. */
export function answerSchema(answers: [string, ...string[]]) {
  const canonical = (v: unknown) => (typeof v === 'string' ? (answers.find((a) => a.toLowerCase() === v.trim().toLowerCase()) ?? v) : v);
  return z.preprocess(canonical, z.enum(answers));
}
