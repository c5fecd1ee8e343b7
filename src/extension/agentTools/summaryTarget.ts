/**
 * The summary an agent asks about, and what it is judged against: a named workspace file
 * (whole), or the active editor's selection (its whole document when nothing is selected);
 * the source named in the input, else the one paired with the summary in SumLens (with its
 * reference). Nothing is asked in a quick pick: what is missing is an error the agent reads.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { documentFor } from '../documents';
import type { PairMemory } from '../pairing';
import { noteLocation, type RunContext } from '../run/runContext';
import { workspaceFile } from './workspaceFile';

export interface SummaryTarget {
  context: RunContext;
  /** The summary's document: the scope its settings are read for. */
  scope: vscode.Uri;
  /** "summary.md, line 5 (selection)": how the confirmation and the result name it. */
  label: string;
  sourceLabel: string;
  referenceLabel?: string;
}

const fileName = (uri: vscode.Uri | string) => path.basename(typeof uri === 'string' ? vscode.Uri.parse(uri).path : uri.path);

/** The summary document and the range of it to judge (undefined: the whole document). */
async function summaryNote(summaryPath: string | undefined): Promise<{ document: vscode.TextDocument; range?: vscode.Range }> {
  if (summaryPath) return { document: await documentFor(workspaceFile(summaryPath).toString()) };
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error('SumLens: open the summary in an editor first (or name its file in summaryPath).');
  return { document: editor.document, range: editor.selection.isEmpty ? undefined : editor.selection };
}

export async function resolveSummaryTarget(input: { summaryPath?: string; sourcePath?: string }, pairs: PairMemory): Promise<SummaryTarget> {
  const { document, range } = await summaryNote(input.summaryPath);
  const summary = noteLocation(document, range);
  if (!summary.text.trim()) throw new Error('SumLens: the summary is empty. Select the summary text first.');
  const pair = input.sourcePath ? { source: workspaceFile(input.sourcePath).toString(), reference: null } : pairs.get(document.uri);
  if (!pair) {
    throw new Error(
      `SumLens: no source document is paired with ${fileName(document.uri)}: name it in sourcePath (or run "SumLens: Select Source Document" once).`,
    );
  }
  const context: RunContext = { summary, source: noteLocation(await documentFor(pair.source)) };
  if (pair.reference) context.reference = noteLocation(await documentFor(pair.reference));
  const [first, last] = range ? [range.start.line + 1, range.end.line + 1] : [];
  const lines = range ? `, ${first === last ? `line ${first}` : `lines ${first}–${last}`} (selection)` : '';
  return {
    context,
    scope: document.uri,
    label: `${fileName(document.uri)}${lines}`,
    sourceLabel: fileName(pair.source),
    ...(pair.reference ? { referenceLabel: fileName(pair.reference) } : {}),
  };
}
