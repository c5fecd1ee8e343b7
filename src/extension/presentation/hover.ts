/**
 * Hover over a finding: the verdict, then each judge prompt's vote and explanation, kept
 * short enough to fit the screen (the panel has the rest). Model text goes in escaped
 * (never interpreted), HTML is off and the markdown is not trusted, so a reply cannot
 * inject links, commands or HTML.
 */
import * as vscode from 'vscode';
import { rangeOf } from '../documents';
import type { FindingStore, TrackedFinding } from '../findings';

/** Characters of one explanation or fact shown in the hover (about two lines of a hover). */
const maxChars = 160;
/** Votes shown in the hover; the others are counted. */
const maxVotes = 3;

const kindLabels: Record<string, string> = {
  incorrect: 'Incorrect fact',
  unsupported: 'Unsupported fact',
  partial: 'Partly supported fact',
  missing: 'Missing from the summary',
  misplaced: 'Misplaced fact',
  readability: 'Readability',
};

/**
 * Model text as inert markdown: markdown punctuation backslash-escaped, `&` and `<` as
 * entities (so no HTML tag can form), line breaks flattened, cut at maxChars.
 */
function plain(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat.length > maxChars ? `${flat.slice(0, maxChars - 1).trimEnd()}…` : flat)
    .replace(/[\\`*_{}[\]()#+\-.!|~>]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
}

export function hoverContent(f: TrackedFinding): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown('**SumLens — ');
  md.appendMarkdown(plain(kindLabels[f.finding.kind] ?? f.finding.kind));
  md.appendMarkdown('**\n\n');
  if (f.entity) {
    // The diagnostic's own hover already shows the message; this one adds the votes.
    md.appendMarkdown('Fact: ');
    md.appendMarkdown(plain(f.entity.text));
    md.appendMarkdown('\n\n');
    md.appendMarkdown('Verdict: **');
    md.appendMarkdown(plain(f.entity.verdict));
    md.appendMarkdown('**');
    if (f.entity.metric) {
      md.appendMarkdown(' (');
      md.appendMarkdown(plain(f.entity.metric));
      md.appendMarkdown(')');
    }
    md.appendMarkdown('\n\n');
    for (const vote of f.entity.votes.slice(0, maxVotes)) {
      md.appendMarkdown('- *');
      md.appendMarkdown(plain(vote.prompt));
      md.appendMarkdown('*: **');
      md.appendMarkdown(plain(vote.answer));
      md.appendMarkdown('** — ');
      md.appendMarkdown(plain(vote.explanation));
      md.appendMarkdown('\n');
    }
    const more = f.entity.votes.length - maxVotes;
    if (more > 0) md.appendMarkdown(`- and ${more} more vote${more === 1 ? '' : 's'} in the SumLens panel\n`);
  } else {
    md.appendMarkdown(plain(f.finding.message));
    md.appendMarkdown('\n');
  }
  return md;
}

export class FindingHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: FindingStore) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const offset = document.offsetAt(position);
    const here = this.store.visible(document.uri.toString()).filter((f) => f.anchor.start <= offset && offset <= f.anchor.end);
    if (here.length === 0) return undefined;
    const range = await rangeOf(here[0].anchor);
    return new vscode.Hover(here.map(hoverContent), range);
  }
}
