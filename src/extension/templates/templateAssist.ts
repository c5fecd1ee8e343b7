/**
 * Completion and hover in prompt templates: front-matter keys at the start of a line of the
 * front matter, placeholder names after `{{` in the body (and in the `placeholders:` list),
 * each with its explanation.
 */
import * as vscode from 'vscode';
import { frontMatterEnd } from './templateFiles';
import { frontMatterKeys, placeholderDescriptions } from './vocabulary';

function inFrontMatter(document: vscode.TextDocument, line: number): boolean {
  const end = frontMatterEnd(document);
  return line > 0 && (end < 0 || line < end);
}

function markdown(text: string): vscode.MarkdownString {
  // Our own text only: no command links, no HTML.
  const md = new vscode.MarkdownString(text, false);
  md.isTrusted = false;
  return md;
}

export class TemplateCompletions implements vscode.CompletionItemProvider {
  static readonly triggerCharacters = ['{', ' ', '['];

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] {
    const before = document.lineAt(position.line).text.slice(0, position.character);
    const placeholder = /\{\{\s*(\w*)$/.exec(before);
    if (placeholder || (inFrontMatter(document, position.line) && /^placeholders\s*:.*[[,\s]\s*\w*$/.test(before))) {
      const typed = placeholder?.[1] ?? /(\w*)$/.exec(before)![1];
      const range = new vscode.Range(position.translate(0, -typed.length), position);
      return Object.entries(placeholderDescriptions).map(([name, description]) => {
        const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Variable);
        item.range = range;
        item.detail = 'SumLens placeholder';
        item.documentation = markdown(description);
        if (placeholder && !document.lineAt(position.line).text.slice(position.character).startsWith('}}')) item.insertText = `${name}}}`;
        return item;
      });
    }
    if (inFrontMatter(document, position.line) && /^\w*$/.test(before)) {
      const range = new vscode.Range(position.line, 0, position.line, before.length);
      return Object.entries(frontMatterKeys).map(([key, description]) => {
        const item = new vscode.CompletionItem(key, vscode.CompletionItemKind.Property);
        item.range = range;
        item.insertText = `${key}: `;
        item.detail = 'SumLens template front matter';
        item.documentation = markdown(description);
        return item;
      });
    }
    return [];
  }
}

export class TemplateHovers implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = document.lineAt(position.line).text;
    for (const match of line.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
      const start = match.index;
      if (position.character >= start && position.character <= start + match[0].length) {
        const description = placeholderDescriptions[match[1]] ?? 'Not a SumLens placeholder: the engine will refuse this template.';
        return new vscode.Hover(
          markdown(`**{{${match[1]}}}** — ${description}`),
          new vscode.Range(position.line, start, position.line, start + match[0].length),
        );
      }
    }
    const key = /^(\w+)\s*:/.exec(line);
    if (key && inFrontMatter(document, position.line) && position.character <= key[1].length && frontMatterKeys[key[1]]) {
      return new vscode.Hover(markdown(`**${key[1]}** — ${frontMatterKeys[key[1]]}`), new vscode.Range(position.line, 0, position.line, key[1].length));
    }
    const word = document.getWordRangeAtPosition(position, /\w+/);
    if (word && inFrontMatter(document, position.line) && /^placeholders\s*:/.test(line)) {
      const name = document.getText(word);
      if (placeholderDescriptions[name]) return new vscode.Hover(markdown(`**{{${name}}}** — ${placeholderDescriptions[name]}`), word);
    }
    return undefined;
  }
}
