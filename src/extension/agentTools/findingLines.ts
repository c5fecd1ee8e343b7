/**
 * Anchored findings as an agent reads them: one Markdown line each, with the diagnostic's
 * code, the file and its 1-based line:column span, the words under it, the message and the
 * evidence's place. The list is cut after `limit` lines, saying how many more the Problems
 * panel holds.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { documentFor } from '../documents';
import type { Anchor, TrackedFinding } from '../findings';
import { findingCode } from '../presentation/diagnostics';

const quote = (text: string, max = 160) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "summary.md:3:28–3:44" (the end column is the position after the last character). */
async function spanOf(anchor: Pick<Anchor, 'uri' | 'start' | 'end'>): Promise<string> {
  const document = await documentFor(anchor.uri);
  const [start, end] = [document.positionAt(anchor.start), document.positionAt(anchor.end)];
  return `${path.basename(vscode.Uri.parse(anchor.uri).path)}:${start.line + 1}:${start.character + 1}–${end.line + 1}:${end.character + 1}`;
}

export async function findingLines(findings: readonly TrackedFinding[], limit = 50): Promise<string[]> {
  const lines: string[] = [];
  for (const f of findings.slice(0, limit)) {
    const evidence = await Promise.all(f.evidence.map(async (e) => `${await spanOf(e)} ${quote(e.text)}`));
    const cited = evidence.length ? `; evidence: ${evidence.join('; ')}` : '';
    lines.push(`- **${findingCode(f)}** ${await spanOf(f.anchor)} ${quote(f.anchor.text)}: ${f.finding.message}${cited}`);
  }
  if (findings.length > limit) lines.push(`- … and ${findings.length - limit} more (all in the Problems panel)`);
  return lines;
}
