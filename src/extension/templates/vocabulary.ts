/**
 * What a prompt template's author may write: the front-matter keys and the {{placeholders}},
 * each with the one-line explanation shown by completion and hover. The engine's loader
 * (src/core/prompts) stays the judge of what is valid; this is the editor's vocabulary.
 */

export const frontMatterKeys: Record<string, string> = {
  id: "The template's id, `<task>/<name>` in lower case; it must match the file's place (`prompts/summarization/coherence.md` → `summarization/coherence`).",
  task: 'Which task the template serves: `summarization`, `dialogue`, `consistency`, or `fine` (a fine-grained step).',
  aspect: 'Aspect templates: the quality judged, a lower-case word (`coherence`).',
  scale: 'Aspect templates: the score range as `[min, max]`, integers with min < max (`[1, 5]`).',
  labels: 'Optional: answer words and their values, e.g. `{ yes: 1, no: 0 }`; each value inside the scale.',
  placeholders: 'Every `{{placeholder}}` the body uses, listed once: `[document, summary]`.',
  description: 'Optional: what the template is for, in a sentence.',
};

export const placeholderDescriptions: Record<string, string> = {
  document: 'The source text (the article the summary summarises).',
  summary: 'The text under evaluation (summarization and consistency tasks).',
  reference: 'A reference summary, when one is given.',
  dialogue: 'Dialogue tasks: the conversation so far.',
  response: 'Dialogue tasks: the candidate next turn under evaluation.',
  fact: 'Dialogue tasks: the knowledge fact the response is conditioned on (given as the reference).',
  context: 'Any extra context a user template wants to pass.',
  note: 'Fine-grained: the note an entity list is extracted from or judged against.',
  entities: 'Fine-grained: a list of extracted entities.',
  entity: 'Fine-grained: one entity.',
  section: 'Fine-grained: a note section.',
  target: 'Fine-grained: the note under evaluation.',
  source: 'Fine-grained: the source note.',
  question: 'Fine-grained: the question asked of the judge.',
  answer: 'Fine-grained: the allowed answers.',
  steps: 'Fine-grained: evaluation steps.',
  reason: 'Fine-grained: a reason written before the score.',
};

/** Placeholders an aspect template may use (the others are filled only by the fine-grained engine). */
export const aspectPlaceholders = ['document', 'summary', 'reference', 'dialogue', 'response', 'fact', 'context'];
