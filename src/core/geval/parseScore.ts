/**
 * Reading a score out of a judge's free-text answer (the sampling route, and replay of
 * recorded answers).
 *
 * 'robust' (the default) looks, in this order, for: an answer that is only a number; a
 * one-item list "1. 3"; the last stated rating ("Coherence: 3", "I rate it 3", "Good (3)");
 * a leading number ("3 - clear", "2. Somewhat"); a last line that is only a number.
 * It returns null for anything it cannot read with confidence; a null
 * is counted as unparsed, never scored. It accepts non-integer answers ("3.5") when they
 * lie within the scale: the paper notes models rarely give them, and when one does it is
 * information, not noise. Mentions of the scale itself ("(1-5)", "/5", "out of 5",
 * "1 to 5") are removed before looking, so they are never mistaken for the score.
 *
 * 'geval' reproduces G-Eval's own script: regex `^ ?([\d\.]+)` on the answer, the float of
 * the match, else 0. It never returns null (0 is that script's value for "unreadable").
 */
import { isWithinScale, labelValue, type ScoreScale } from './scale';

export type ParseRule = 'robust' | 'geval';

export function parseScore(text: string, scale: ScoreScale, rule: ParseRule): number | null {
  return rule === 'geval' ? (readGevalRule(text, scale) ?? GEVAL_UNREADABLE) : parseRobust(text, scale);
}

/** What G-Eval's script substitutes for an answer its pattern cannot read. */
export const GEVAL_UNREADABLE = 0;

/** Like parseScore, but null for an unreadable answer under either rule (no 0 fallback). */
export function readScore(text: string, scale: ScoreScale, rule: ParseRule): number | null {
  return rule === 'geval' ? readGevalRule(text, scale) : parseRobust(text, scale);
}

const GEVAL_PATTERN = /^ ?([\d.]+)/;

function readGevalRule(text: string, scale: ScoreScale): number | null {
  if (scale.labels) {
    // The paper's rule is numeric only; for a yes/no scale read a leading label word the same way.
    const word = /^ ?([A-Za-z]+)/.exec(text)?.[1];
    return word !== undefined ? labelValue(word, scale) : null;
  }
  const match = GEVAL_PATTERN.exec(text);
  if (!match) return null;
  // Python's float() and JS Number() agree on the strings this pattern can match
  // ("4", "4.", ".5"); where float() raises ("..", "4.5."), Number() gives NaN.
  const value = Number(match[1]);
  return Number.isNaN(value) ? null : value;
}

/** A number that is not part of a range, a fraction or a longer number. */
const NUMBER = String.raw`(?<![\d.])(\d+(?:\.\d+)?)(?![\d])(?!\.\d)(?!\s*(?:-|–|—|\/|to\s)\s*\d)`;

/** The whole text (or a line) is just a number: "4", " 4.", "- 3". */
const ONLY_A_NUMBER = new RegExp(String.raw`^\s*(?:[-–•>]\s*)?${NUMBER}\s*\.?\s*$`);
/** "Coherence: 3", "Final score = 4", "Relevance - 5". */
const LABEL_THEN_NUMBER = new RegExp(String.raw`[A-Za-z][A-Za-z ]{0,40}?\s*(?:[:=]|\s[-–]\s)\s*${NUMBER}`, 'g');
/** "I rate it 3", "I would give the summary a 4", "the score is 2", "Rating of 3". */
const VERB_THEN_NUMBER = new RegExp(
  String.raw`\b(?:rat(?:e|ed|ing)|scor(?:e|ed|ing)|grad(?:e|ed|ing)|giv(?:e|ing)|assign(?:ed|ing)?|award(?:ed|ing)?)\b[^\d\n.?!]{0,40}?${NUMBER}`,
  'gi',
);
/** A number opening the answer: "3", "3 - clear", "2. Somewhat interesting" (see leadingNumber). */
const LEADING_NUMBER = new RegExp(String.raw`^\s*(?:[-–•>]\s*)?${NUMBER}(?![)])`);
/** "1. 2": a one-item list whose item is the score. */
const LIST_ITEM_NUMBER = new RegExp(String.raw`^\s*1[.)]\s+${NUMBER}\s*\.?\s*$`);
/** "Good (3)": a verdict word with the score in brackets. */
const WORD_THEN_BRACKETED_NUMBER = new RegExp(String.raw`[A-Za-z]\s*\(\s*${NUMBER}\s*\)`, 'g');

function parseRobust(text: string, scale: ScoreScale): number | null {
  const plain = stripMarkup(text);
  if (scale.labels) return parseLabelAnswer(plain, scale);
  const cleaned = stripScaleMentions(plain, scale);
  const found =
    matchNumber(ONLY_A_NUMBER, cleaned) ??
    matchNumber(LIST_ITEM_NUMBER, cleaned) ??
    lastLabelledNumber(cleaned) ??
    leadingNumber(cleaned) ??
    matchNumber(ONLY_A_NUMBER, lastLine(cleaned));
  if (found === undefined) return null;
  return isWithinScale(found, scale) ? found : null;
}

function stripMarkup(text: string): string {
  return text.replace(/[*`]/g, '').replace(/__/g, '');
}

function escapeNumber(n: number): string {
  return String(n).replace('.', '\\.');
}

/**
 * "(1-5)", "[1 – 5]", "1 to 5", "/5", "/ 5", "out of 5" for this scale, and a listing of
 * its values ("a score of 1, 2, or 3"), become spaces.
 */
function stripScaleMentions(text: string, scale: ScoreScale): string {
  const min = escapeNumber(scale.min);
  const max = escapeNumber(scale.max);
  const range = new RegExp(String.raw`[(\[]?\s*(?<![\d.])${min}\s*(?:-|–|—|to)\s*${max}(?![\d.])\s*[)\]]?`, 'g');
  const outOf = new RegExp(String.raw`\s*(?:\/|\bout of)\s*${max}(?![\d.])`, 'g');
  const listing = /(?<![\d.])\d+(?:\s*,\s*\d+)*\s*,?\s*\bor\s+\d+(?![\d.])/g;
  return text.replace(range, ' ').replace(outOf, ' ').replace(listing, ' ');
}

function matchNumber(pattern: RegExp, text: string): number | undefined {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The rating stated last wins: an analysis ends with its verdict. */
function lastLabelledNumber(text: string): number | undefined {
  let best: { index: number; value: number } | undefined;
  for (const pattern of [LABEL_THEN_NUMBER, VERB_THEN_NUMBER, WORD_THEN_BRACKETED_NUMBER]) {
    for (const match of text.matchAll(pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      const value = Number(match[1]);
      // "Evaluation Steps:\n1. Read…" labels a list, not a score.
      if (opensNumberedList(text, value, end)) continue;
      if (!best || end > best.index) best = { index: end, value };
    }
  }
  return best?.value;
}

/** "3 - clear", "2. Somewhat interesting": a number opening the answer, unless it opens a list. */
function leadingNumber(text: string): number | undefined {
  const match = LEADING_NUMBER.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  return opensNumberedList(text, value, match.index + match[0].length) ? undefined : value;
}

/**
 * "N. text" at `end` opens a numbered list (steps, several ratings) when a line "N+1."
 * follows; otherwise N is a score followed by its explanation ("0. The response does not use the fact").
 */
function opensNumberedList(text: string, value: number, end: number): boolean {
  if (!Number.isInteger(value) || !/^[.)]\s/.test(text.slice(end))) return false;
  return new RegExp(String.raw`^\s*${value + 1}[.)]\s`, 'm').test(text);
}

function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

const LEADING_WORD = /^\s*(?:[-–•>]\s*)?([A-Za-z]+)\b/;
const ANSWER_THEN_WORD = /\b(?:answer|verdict|label|judgement|judgment)\b\s*(?:is|:|=|-)?\s*([A-Za-z]+)\b/gi;
const LINE_IS_WORD = /^\s*(?:[-–•>]\s*)?([A-Za-z]+)\s*[.!]?\s*$/;

/** Yes/no answers: a leading label word, else the last "Answer: X", else a last line of just the word. */
function parseLabelAnswer(text: string, scale: ScoreScale): number | null {
  const leading = LEADING_WORD.exec(text)?.[1];
  const leadingValue = leading !== undefined ? labelValue(leading, scale) : null;
  if (leadingValue !== null) return leadingValue;
  const stated = [...text.matchAll(ANSWER_THEN_WORD)].map((m) => labelValue(m[1], scale)).filter((v) => v !== null);
  if (stated.length > 0) return stated[stated.length - 1];
  const last = LINE_IS_WORD.exec(lastLine(text))?.[1];
  return last !== undefined ? labelValue(last, scale) : null;
}
