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
import { isWithinScale, labelValue, type ScoreScale } from '../prompts/scoreScale';

export type ParseRule = 'robust' | 'geval';

/** A score found in an answer, and where its text starts (index into the answer). */
export interface LocatedScore {
  value: number;
  index: number;
}

export function parseScore(text: string, scale: ScoreScale, rule: ParseRule): number | null {
  return readScore(text, scale, rule) ?? (rule === 'geval' ? GEVAL_UNREADABLE : null);
}

/** What G-Eval's script substitutes for an answer its pattern cannot read. */
export const GEVAL_UNREADABLE = 0;

/** Like parseScore, but null for an unreadable answer under either rule (no 0 fallback). */
export function readScore(text: string, scale: ScoreScale, rule: ParseRule): number | null {
  return locateScore(text, scale, rule)?.value ?? null;
}

/**
 * The score and the place in the answer it is read at: the log-probability route reads the
 * token at this place, so both routes read the same number ("1. Coherence: 4" at the 4).
 */
export function locateScore(text: string, scale: ScoreScale, rule: ParseRule): LocatedScore | null {
  return rule === 'geval' ? locateGevalRule(text, scale) : locateRobust(text, scale);
}

const GEVAL_PATTERN = /^ ?([\d.]+)/d;

function locateGevalRule(text: string, scale: ScoreScale): LocatedScore | null {
  if (scale.labels) {
    // The paper's rule is numeric only; for a yes/no scale read a leading label word the same way.
    const match = /^ ?([A-Za-z]+)/d.exec(text);
    const value = match ? labelValue(match[1], scale) : null;
    return match && value !== null ? { value, index: groupStart(match) } : null;
  }
  const match = GEVAL_PATTERN.exec(text);
  if (!match) return null;
  // Python's float() and JS Number() agree on the strings this pattern can match
  // ("4", "4.", ".5"); where float() raises ("..", "4.5."), Number() gives NaN.
  const value = Number(match[1]);
  return Number.isNaN(value) ? null : { value, index: groupStart(match) };
}

/** A number that is not part of a range, a fraction or a longer number. */
const NUMBER = String.raw`(?<![\d.])(\d+(?:\.\d+)?)(?![\d])(?!\.\d)(?!\s*(?:-|–|—|\/|to\s)\s*\d)`;

/** The whole text (or a line) is just a number: "4", " 4.", "- 3". */
const ONLY_A_NUMBER = new RegExp(String.raw`^\s*(?:[-–•>]\s*)?${NUMBER}\s*\.?\s*$`, 'd');
/** "Coherence: 3", "Final score = 4", "Relevance - 5". */
const LABEL_THEN_NUMBER = new RegExp(String.raw`[A-Za-z][A-Za-z ]{0,40}?\s*(?:[:=]|\s[-–]\s)\s*${NUMBER}`, 'dg');
/** "I rate it 3", "I would give the summary a 4", "the score is 2", "Rating of 3". */
const VERB_THEN_NUMBER = new RegExp(
  String.raw`\b(?:rat(?:e|ed|ing)|scor(?:e|ed|ing)|grad(?:e|ed|ing)|giv(?:e|ing)|assign(?:ed|ing)?|award(?:ed|ing)?)\b[^\d\n.?!]{0,40}?${NUMBER}`,
  'dgi',
);
/** A number opening the answer: "3", "3 - clear", "2. Somewhat interesting" (see leadingNumber). */
const LEADING_NUMBER = new RegExp(String.raw`^\s*(?:[-–•>]\s*)?${NUMBER}(?![)])`, 'd');
/** "1. 2": a one-item list whose item is the score. */
const LIST_ITEM_NUMBER = new RegExp(String.raw`^\s*1[.)]\s+${NUMBER}\s*\.?\s*$`, 'd');
/** "Good (3)": a verdict word with the score in brackets. */
const WORD_THEN_BRACKETED_NUMBER = new RegExp(String.raw`[A-Za-z]\s*\(\s*${NUMBER}\s*\)`, 'dg');
/** "1. Coherence:" after a leading number: it numbers a list of ratings (an answer cut short reads so). */
const LIST_MARKER_BEFORE_LABEL = /^[.)]\s+[A-Za-z][A-Za-z ]{0,40}:/;

function locateRobust(text: string, scale: ScoreScale): LocatedScore | null {
  // Every clean-up keeps the text's length, so an index found in it is an index into the answer.
  const plain = blankMarkup(text);
  if (scale.labels) return locateLabelAnswer(plain, scale);
  const cleaned = blankScaleMentions(plain, scale);
  const last = lastLine(cleaned);
  const found =
    matchNumber(ONLY_A_NUMBER, cleaned) ??
    matchNumber(LIST_ITEM_NUMBER, cleaned) ??
    lastLabelledNumber(cleaned) ??
    leadingNumber(cleaned) ??
    shifted(matchNumber(ONLY_A_NUMBER, last.text), last.index);
  if (found === undefined) return null;
  return isWithinScale(found.value, scale) ? found : null;
}

function blankMarkup(text: string): string {
  return text.replace(/[*`]|__/g, blank);
}

function blank(match: string): string {
  return ' '.repeat(match.length);
}

function escapeNumber(n: number): string {
  return String(n).replace('.', '\\.');
}

/**
 * "(1-5)", "[1 – 5]", "1 to 5", "/5", "/ 5", "out of 5" for this scale, and a listing of
 * its values ("a score of 1, 2, or 3"), become spaces.
 */
function blankScaleMentions(text: string, scale: ScoreScale): string {
  const min = escapeNumber(scale.min);
  const max = escapeNumber(scale.max);
  const range = new RegExp(String.raw`[(\[]?\s*(?<![\d.])${min}\s*(?:-|–|—|to)\s*${max}(?![\d.])\s*[)\]]?`, 'g');
  const outOf = new RegExp(String.raw`\s*(?:\/|\bout of)\s*${max}(?![\d.])`, 'g');
  const listing = /(?<![\d.])\d+(?:\s*,\s*\d+)*\s*,?\s*\bor\s+\d+(?![\d.])/g;
  return text.replace(range, blank).replace(outOf, blank).replace(listing, blank);
}

/** Where capture group 1 of a match made with the `d` flag starts. */
function groupStart(match: RegExpExecArray | RegExpMatchArray): number {
  return (match.indices as RegExpIndicesArray)[1][0];
}

function matchNumber(pattern: RegExp, text: string): LocatedScore | undefined {
  const match = pattern.exec(text);
  return match ? { value: Number(match[1]), index: groupStart(match) } : undefined;
}

function shifted(found: LocatedScore | undefined, by: number): LocatedScore | undefined {
  return found && { value: found.value, index: found.index + by };
}

/** The rating stated last wins: an analysis ends with its verdict. */
function lastLabelledNumber(text: string): LocatedScore | undefined {
  let best: { end: number; found: LocatedScore } | undefined;
  for (const pattern of [LABEL_THEN_NUMBER, VERB_THEN_NUMBER, WORD_THEN_BRACKETED_NUMBER]) {
    for (const match of text.matchAll(pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      const value = Number(match[1]);
      // "Evaluation Steps:\n1. Read…" labels a list, not a score.
      if (opensNumberedList(text, value, end)) continue;
      if (!best || end > best.end) best = { end, found: { value, index: groupStart(match) } };
    }
  }
  return best?.found;
}

/**
 * "3 - clear", "2. Somewhat interesting": a number opening the answer, unless it opens a
 * list ("1. Read…\n2. …", or "1. Coherence: 4" where the rating follows the marker).
 */
function leadingNumber(text: string): LocatedScore | undefined {
  const match = LEADING_NUMBER.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const end = match.index + match[0].length;
  if (LIST_MARKER_BEFORE_LABEL.test(text.slice(end))) return undefined;
  return opensNumberedList(text, value, end) ? undefined : { value, index: groupStart(match) };
}

/**
 * "N. text" at `end` opens a numbered list (steps, several ratings) when a line "N+1."
 * follows; otherwise N is a score followed by its explanation ("0. The response does not use the fact").
 */
function opensNumberedList(text: string, value: number, end: number): boolean {
  if (!Number.isInteger(value) || !/^[.)]\s/.test(text.slice(end))) return false;
  return new RegExp(String.raw`^\s*${value + 1}[.)]\s`, 'm').test(text);
}

/** The last non-blank line and where it starts. */
function lastLine(text: string): { text: string; index: number } {
  const lines = [...text.matchAll(/[^\r\n]*\S[^\r\n]*/g)];
  const last = lines[lines.length - 1];
  return last ? { text: last[0], index: last.index ?? 0 } : { text: '', index: 0 };
}

const LEADING_WORD = /^\s*(?:[-–•>]\s*)?([A-Za-z]+)\b/d;
const ANSWER_THEN_WORD = /\b(?:answer|verdict|label|judgement|judgment)\b\s*(?:is|:|=|-)?\s*([A-Za-z]+)\b/dgi;
const LINE_IS_WORD = /^\s*(?:[-–•>]\s*)?([A-Za-z]+)\s*[.!]?\s*$/d;

/** Yes/no answers: a leading label word, else the last "Answer: X", else a last line of just the word. */
function locateLabelAnswer(text: string, scale: ScoreScale): LocatedScore | null {
  const label = (match: RegExpExecArray | RegExpMatchArray | null, offset = 0): LocatedScore | null => {
    const value = match ? labelValue(match[1], scale) : null;
    return match && value !== null ? { value, index: groupStart(match) + offset } : null;
  };
  const leading = label(LEADING_WORD.exec(text));
  if (leading) return leading;
  const stated = [...text.matchAll(ANSWER_THEN_WORD)].map((m) => label(m)).filter((found) => found !== null);
  if (stated.length > 0) return stated[stated.length - 1];
  const last = lastLine(text);
  return label(LINE_IS_WORD.exec(last.text), last.index);
}
