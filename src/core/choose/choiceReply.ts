/**
 * Reading the judge's choice: one line per chosen aspect, "name: reason. Score: 4" (or
 * "name: Score: 4" after a reason written beforehand). The lines are matched, then
 * validated with zod: every name from the catalogue, each once, every score an integer
 * 1–5, at least one aspect. Lines that name no aspect (a preamble, a closing remark) are
 * not part of the answer; a line that names an aspect without a readable score is a fault.
 * The character offset of each score is kept, so its token's log-probabilities can be read.
 */
import * as z from 'zod';

export interface ChosenLine {
  aspect: string;
  reason: string;
  score: number;
  /** Offset of the score's digit in the answer. */
  scoreAt: number;
}

export type ParsedChoice = { ok: true; lines: ChosenLine[] } | { ok: false; problem: string };

/**
 * "- **Coherence**: reason. Score: 4", "coherence: Score: 4" and "coherence: 4"; without the
 * word "Score" the line holds nothing but the score, so a number inside a reason is never read.
 */
const ANSWER_LINE = /^\s*(?:[-*•]\s*)?\**\s*([A-Za-z][A-Za-z ]*?)\s*\**\s*:\s*(.*?)\s*(\**score\**\s*[:=]?\s*)?\**\(?(\d+)\)?\**\s*\.?\s*$/di;
/** A line that starts like an aspect line: "name:" at its head. */
const NAMED_LINE = /^\s*(?:[-*•]\s*)?\**\s*([A-Za-z][A-Za-z ]*?)\s*\**\s*:/;

export function parseChoice(answer: string, catalogue: readonly string[]): ParsedChoice {
  const schema = z
    .array(
      z.object({
        aspect: z.string().refine((name) => catalogue.includes(name), { error: (issue) => `"${String(issue.input)}" is not in the aspects list` }),
        reason: z.string(),
        score: z.int().min(1, 'a score is from 1 to 5').max(5, 'a score is from 1 to 5'),
        scoreAt: z.int(),
      }),
    )
    .min(1, 'no aspect was chosen: write one line "aspect: reason. Score: N" for each aspect you choose')
    .refine((lines) => new Set(lines.map((l) => l.aspect)).size === lines.length, 'an aspect is scored twice');

  const lines: ChosenLine[] = [];
  let offset = 0;
  for (const line of answer.split('\n')) {
    const match = ANSWER_LINE.exec(line);
    if (match?.indices && (match[3] !== undefined || match[2] === '')) {
      lines.push({ aspect: match[1].toLowerCase(), reason: match[2].replace(/[\s*]+$/, ''), score: Number(match[4]), scoreAt: offset + match.indices[4][0] });
    } else {
      const named = NAMED_LINE.exec(line)?.[1].toLowerCase();
      if (named && catalogue.includes(named)) return { ok: false, problem: `the line for "${named}" does not end with "Score:" and an integer from 1 to 5` };
    }
    offset += line.length + 1;
  }
  const parsed = schema.safeParse(lines);
  return parsed.success ? { ok: true, lines: parsed.data } : { ok: false, problem: z.prettifyError(parsed.error) };
}
