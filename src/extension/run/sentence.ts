import * as vscode from 'vscode';

/** The sentence (within its line block) that holds [start, end): what a re-check judges. */
export function sentenceAround(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  const text = document.getText();
  let from = start;
  while (from > 0 && !/[.!?\n]/.test(text[from - 1])) from--;
  let to = end;
  while (to < text.length && !/[.!?\n]/.test(text[to])) to++;
  if (to < text.length && text[to] !== '\n') to++;
  while (from < start && /\s/.test(text[from])) from++;
  return new vscode.Range(document.positionAt(from), document.positionAt(to));
}
