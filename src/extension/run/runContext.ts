/**
 * What one run evaluated and where its notes stand in the editor, and the mapping from the
 * engine's note-relative findings to document anchors.
 */
import * as vscode from 'vscode';
import type { FineEntity, FineResult, NoteName } from '../../core/result';
import { findingIdentity, type Anchor, type TrackedFinding } from '../findings';

export interface NoteLocation {
  uri: string;
  /** Offset of the note's first character in the document (selection start, or 0). */
  offset: number;
  /** The note's text as it was sent. */
  text: string;
}

export interface RunContext {
  summary: NoteLocation;
  source: NoteLocation;
  reference?: NoteLocation;
}

/** The note a document (or a range of it) holds; the whole document is read once (a long source is megabytes). */
export function noteLocation(document: vscode.TextDocument, range?: vscode.Range): NoteLocation {
  const uri = document.uri.toString();
  return range ? { uri, offset: document.offsetAt(range.start), text: document.getText(range) } : { uri, offset: 0, text: document.getText() };
}

function noteOf(context: RunContext, note: NoteName): NoteLocation | undefined {
  return note === 'target' ? context.summary : note === 'source' ? context.source : context.reference;
}

/**
 * The anchor of a note-relative span, or undefined when the document no longer holds the
 * words the engine saw there (it was edited while the run was going on).
 */
function anchorFor(
  context: RunContext,
  { note, start, end }: { note: NoteName; start: number; end: number },
  documents: Map<string, vscode.TextDocument>,
): Anchor | undefined {
  const location = noteOf(context, note);
  if (!location) return undefined;
  const text = location.text.slice(start, end);
  const document = documents.get(location.uri);
  const absolute = { start: location.offset + start, end: location.offset + end };
  if (document && document.getText(new vscode.Range(document.positionAt(absolute.start), document.positionAt(absolute.end))) !== text) {
    return undefined;
  }
  return { uri: location.uri, ...absolute, text };
}

/** Turns the engine's findings into anchored findings; those that can no longer be placed are left out. */
export function trackFindings(
  context: RunContext,
  fine: Pick<FineResult, 'findings' | 'entities'> | undefined,
  documents: Map<string, vscode.TextDocument>,
): TrackedFinding[] {
  if (!fine) return [];
  const entities = new Map<string, FineEntity>(fine.entities.map((e) => [e.id, e]));
  const tracked: TrackedFinding[] = [];
  for (const finding of fine.findings) {
    const anchor = anchorFor(context, finding, documents);
    if (!anchor) continue;
    const evidence = (finding.evidence ?? []).flatMap((e) => anchorFor(context, e, documents) ?? []);
    tracked.push({
      id: findingIdentity(context.summary.uri, finding, anchor.text),
      runKey: context.summary.uri,
      finding,
      entity: finding.entityId ? entities.get(finding.entityId) : undefined,
      anchor,
      evidence,
    });
  }
  return tracked;
}

type NoteOffsets = Record<'summary' | 'source', Omit<NoteLocation, 'text'>> & { reference?: Omit<NoteLocation, 'text'> };

/** Where an entity's first span stands in its document (used by the panel's entity table). */
export function entityLocation(notes: NoteOffsets, entity: Pick<FineEntity, 'note' | 'spans'>): { uri: string; start: number; end: number } | undefined {
  const location = entity.note === 'target' ? notes.summary : entity.note === 'source' ? notes.source : notes.reference;
  const span = entity.spans[0];
  if (!location || !span) return undefined;
  return { uri: location.uri, start: location.offset + span.start, end: location.offset + span.end };
}
