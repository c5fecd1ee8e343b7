import { createHash } from 'crypto';
import { readFileSync } from 'fs';
import { splitTemplate } from './frontMatter';
import { missingEvaluatedText } from './evaluatedText';
import { FINE_PLACEHOLDERS, findPlaceholders, INPUT_PLACEHOLDERS, type PlaceholderName } from './placeholders';
import { parseSections } from './sections';
import { isEnginePromptTask, type Template } from './template';
import { lineAt, TemplateError } from './templateError';

/**
 * Template files (`prompts/<task>/<name>.md`, or the same layout in a workspace override):
 *
 *   ---
 *   id: summarization/coherence      # must match the file's place
 *   task: summarization              # summarization | dialogue | consistency | fine
 *   aspect: coherence                # aspect tasks only
 *   scale: [1, 5]                    # aspect tasks only: integers, min < max
 *   labels: { yes: 1, no: 0 }        # optional: answer words and their values
 *   placeholders: [document, summary]
 *   ---
 *   ## Task / ## Evaluation Criteria / ## Evaluation Steps (optional: generated when absent)
 *   ## Input (the only section with {{placeholders}}) / ## Evaluation Form
 *
 * Fine-grained templates (`task: fine`) have no scale and no required sections, and may
 * carry front-matter keys of their own.
 *
 * Reads and checks one template file; every problem is a TemplateError naming file and line.
 */
export function loadTemplate(filePath: string): Template {
  const { text, hash } = readTemplateFile(filePath);
  const split = splitTemplate(filePath, text, hash);
  const { frontMatter, body, bodyStartLine } = split;
  checkPlaceholders(
    filePath,
    { body, bodyStartLine },
    { declared: frontMatter.placeholders, declarationLine: split.keyLines.placeholders },
    isEnginePromptTask(frontMatter.task),
  );
  const blind = missingEvaluatedText(frontMatter.task, frontMatter.id, frontMatter.placeholders);
  if (blind) throw new TemplateError(filePath, split.keyLines.placeholders ?? 1, blind);

  const base = {
    id: frontMatter.id,
    filePath,
    hash,
    placeholders: frontMatter.placeholders,
    body,
    bodyStartLine,
    frontMatter: split.rawFrontMatter,
    frontMatterLines: split.keyLines,
  };
  // Spelled out: a type guard on the task alone does not narrow the front matter's union.
  if (frontMatter.task === 'fine' || frontMatter.task === 'choose' || frontMatter.task === 'align' || frontMatter.task === 'pairwise')
    return { ...base, task: frontMatter.task };
  const [min, max] = frontMatter.scale;
  return {
    ...base,
    task: frontMatter.task,
    aspect: frontMatter.aspect,
    scale: frontMatter.labels ? { min, max, labels: frontMatter.labels } : { min, max },
    sections: parseSections(filePath, body, bodyStartLine),
  };
}

/** Every placeholder used is a known name and declared; every declared one is used. */
function checkPlaceholders(
  filePath: string,
  { body, bodyStartLine }: { body: string; bodyStartLine: number },
  { declared, declarationLine }: { declared: readonly PlaceholderName[]; declarationLine: number },
  fine: boolean,
): void {
  const allowed: readonly string[] = fine ? [...INPUT_PLACEHOLDERS, ...FINE_PLACEHOLDERS] : INPUT_PLACEHOLDERS;
  const used = new Set<string>();
  for (const { name, index } of findPlaceholders(body)) {
    const line = bodyStartLine + lineAt(body, index) - 1;
    if (!allowed.includes(name)) throw new TemplateError(filePath, line, `unknown placeholder {{${name}}}; allowed: ${allowed.join(', ')}`);
    if (!declared.includes(name as PlaceholderName))
      throw new TemplateError(filePath, line, `placeholder {{${name}}} is not declared in the front matter's 'placeholders'`);
    used.add(name);
  }
  const unused = declared.filter((name) => !used.has(name));
  if (unused.length > 0) {
    throw new TemplateError(filePath, declarationLine, `declared placeholder${unused.length > 1 ? 's' : ''} never used in the body: ${unused.join(', ')}`);
  }
}

/** A template file's text ("\n" line ends) and the sha256 of its bytes; unreadable or not UTF-8 is a TemplateError. */
export function readTemplateFile(filePath: string): { text: string; hash: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    throw new TemplateError(filePath, 1, `cannot read the template: ${(error as Error).message}`);
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TemplateError(filePath, 1, 'the file is not valid UTF-8');
  }
  // TextDecoder already drops a byte-order mark.
  return { text: decoded.replace(/\r\n?/g, '\n'), hash: createHash('sha256').update(bytes).digest('hex') };
}
