/**
 * The names a template may use as `{{name}}`. One closed set, so a typo in a template is
 * an error at load time instead of a literal "{{summray}}" sent to the model.
 */
export const INPUT_PLACEHOLDERS = [
  'document', // the source text (news article, source note)
  'summary', // the text under evaluation in summarisation and consistency tasks
  'reference', // a reference summary or note
  'dialogue', // dialogue tasks: the conversation history
  'response', // dialogue tasks: the candidate next turn
  'fact', // dialogue tasks: the knowledge fact the response is conditioned on
  'context', // any extra context a user template wants to pass
] as const;

/** Names only the engine's own prompts use (fine-grained and aspect choice; the engine fills them). */
export const FINE_PLACEHOLDERS = [
  'note', // the note an entity list is extracted from or judged against
  'entities', // a list of extracted entities
  'entity', // one entity
  'section', // a note section
  'target', // the note under evaluation
  'source', // the source note
  'question',
  'answer',
  'steps',
  'reason',
  'aspects', // aspect choice: the catalogue's names
  'examples', // aspect choice: the few-shot examples of reasons
  'aspect', // alignment: the aspect whose criteria are rewritten
  'criteria', // alignment: the template's evaluation criteria
  'disagreements', // alignment: rated items where the judge and the people disagreed most
  'first', // pairwise: the summary shown first (answered "A")
  'second', // pairwise: the summary shown second (answered "B")
] as const;

export const PLACEHOLDER_NAMES = [...INPUT_PLACEHOLDERS, ...FINE_PLACEHOLDERS] as const;

export type InputPlaceholder = (typeof INPUT_PLACEHOLDERS)[number];
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

export type TemplateVars = Partial<Record<PlaceholderName, string>>;

export interface PlaceholderUse {
  name: string;
  /** Offset of the `{{` in the scanned text. */
  index: number;
}

/** `{{ name }}` with optional inner spaces; the name is whatever stands between the braces. */
const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function findPlaceholders(text: string): PlaceholderUse[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => ({ name: m[1], index: m.index ?? 0 }));
}

/** One pass, so text inside a value that looks like a placeholder is never substituted again. */
export function fillPlaceholders(text: string, value: (name: string, index: number) => string): string {
  return text.replace(PLACEHOLDER_PATTERN, (_match, name: string, index: number) => value(name, index));
}
