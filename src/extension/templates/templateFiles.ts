/** Which documents are SumLens prompt templates: `prompts/**\/*.md` and `.sumlens/prompts/**\/*.md`. */
import * as vscode from 'vscode';

export const templateSelector: vscode.DocumentSelector = [
  { language: 'markdown', pattern: '**/prompts/**/*.md' },
  { language: 'markdown', pattern: '**/.sumlens/prompts/**/*.md' },
];

/** The template id a file's place gives it (`…/prompts/summarization/coherence.md` → `summarization/coherence`). */
export function templateIdOf(uri: vscode.Uri): string | undefined {
  const match = /\/prompts\/(.+)\.md$/.exec(uri.path);
  return match?.[1];
}

export function isTemplate(document: vscode.TextDocument): boolean {
  return vscode.languages.match(templateSelector, document) > 0 && templateIdOf(document.uri) !== undefined;
}

/** Where the front matter ends: the line of its closing `---`, or -1 when it is not closed. */
export function frontMatterEnd(document: vscode.TextDocument): number {
  if (document.lineCount === 0 || document.lineAt(0).text.trim() !== '---') return -1;
  for (let line = 1; line < document.lineCount; line++) if (document.lineAt(line).text.trim() === '---') return line;
  return -1;
}
