/**
 * The language of the reasons, rationales and finding explanations a judge writes
 * (`--reason-language`, `sumlens.reasonLanguage`). The instructions stay in English, the
 * default and what the evidence favours (a judge scores native text better under English
 * instructions than under translated ones: docs/languages.md); only a stated instruction is
 * appended to the prompts that ask for prose, after the template's own text. Answers, labels,
 * scores and quotes are left as the template asks (quotes verbatim from the text judged).
 */
import { SumLensError } from '../errors';

/** A BCP 47 tag, canonical ("ja", "zh-Hans"), or undefined for English (no instruction added). */
export function reasonLanguageOf(tag: string | undefined): string | undefined {
  const trimmed = tag?.trim() ?? '';
  if (trimmed === '') return undefined;
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(trimmed);
  } catch {
    throw new SumLensError('usage', `reason language "${trimmed}" is not a language tag (e.g. ja, zh-Hans, de)`);
  }
  return /^en(?:-|$)/i.test(canonical) ? undefined : canonical;
}

/** The instruction appended for a language other than English (none for English). */
export function reasonLanguageNote(tag: string | undefined): string | undefined {
  const language = reasonLanguageOf(tag);
  if (language === undefined) return undefined;
  const name = new Intl.DisplayNames('en', { type: 'language' }).of(language) ?? language;
  return (
    `Language of your explanations: write every reason, rationale and explanation in ${name} (${language}). ` +
    'Keep the answers, labels, scores and JSON keys exactly as asked above, and copy quotes verbatim from the text.'
  );
}

/** A prompt with the note after it, or as it is when there is none. */
export function withReasonLanguage(prompt: string, tag: string | undefined): string {
  const note = reasonLanguageNote(tag);
  return note === undefined ? prompt : `${prompt}\n\n${note}`;
}
