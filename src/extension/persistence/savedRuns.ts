/**
 * The latest run on each summary, kept in workspaceState so that its scores and findings
 * survive a window reload. What is kept of the documents is where each note stood and a
 * hash of its text, never the text. Edits move the notes with the text; an edit inside an
 * evaluated note drops the run (its scores no longer describe that text). On restore
 * a run is dropped when a note's text no longer matches its hash, and a finding when the
 * words under it changed.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { EvaluationResult } from '../../core/result';
import { documentFor } from '../documents';
import { shift, type FindingStore, type TrackedFinding } from '../findings';
import type { NoteLocation, RunContext } from '../run/runContext';

const stateKey = 'sumlens.savedRuns';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

const offset = () => z.int().check(z.minimum(0));
const savedNoteSchema = z.object({ uri: z.string(), start: offset(), end: offset(), sha256: z.string() });
type SavedNote = z.infer<typeof savedNoteSchema>;

const anchorSchema = z.object({ uri: z.string(), start: z.number(), end: z.number(), text: z.string() });

const savedRunSchema = z.object({
  summary: savedNoteSchema,
  source: savedNoteSchema,
  reference: z.optional(savedNoteSchema),
  // The result and findings were produced by this extension and saved as they were; only
  // the parts the restore relies on are checked.
  result: z.looseObject({ aspects: z.array(z.unknown()), usage: z.looseObject({}), model: z.string() }),
  findings: z.array(z.looseObject({ id: z.string(), runKey: z.string(), finding: z.looseObject({}), anchor: anchorSchema, evidence: z.array(anchorSchema) })),
});
/** A saved run as this extension wrote it (the schema above checks what the restore relies on). */
interface SavedRun {
  summary: SavedNote;
  source: SavedNote;
  reference?: SavedNote;
  result: EvaluationResult;
  findings: TrackedFinding[];
}

export interface RestoredRun {
  context: RunContext;
  result: EvaluationResult;
  findings: TrackedFinding[];
}

function saveNote(note: NoteLocation): SavedNote {
  return { uri: note.uri, start: note.offset, end: note.offset + note.text.length, sha256: hashOf(note.text) };
}

/** The note's text now, or undefined when it no longer hashes to what was evaluated. */
async function restoreNote(note: SavedNote): Promise<NoteLocation | undefined> {
  try {
    const document = await documentFor(note.uri);
    const text = document.getText(new vscode.Range(document.positionAt(note.start), document.positionAt(note.end)));
    return hashOf(text) === note.sha256 ? { uri: note.uri, offset: note.start, text } : undefined;
  } catch {
    return undefined; // the document is gone
  }
}

async function stillThere(anchor: { uri: string; start: number; end: number; text: string }): Promise<boolean> {
  const document = await documentFor(anchor.uri);
  return document.getText(new vscode.Range(document.positionAt(anchor.start), document.positionAt(anchor.end))) === anchor.text;
}

export class SavedRuns implements vscode.Disposable {
  private runs: Record<string, SavedRun>;
  private pendingSave: NodeJS.Timeout | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly state: vscode.Memento,
    store: FindingStore,
  ) {
    const parsed = z.record(z.string(), savedRunSchema).safeParse(state.get(stateKey));
    this.runs = parsed.success ? (parsed.data as unknown as Record<string, SavedRun>) : {};
    this.subscriptions = [
      // Findings ignored, cleared, moved or dropped by edits are saved as they now are.
      store.onDidChange(() => {
        for (const [runKey, run] of Object.entries(this.runs)) run.findings = store.forRun(runKey);
        this.saveSoon();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => this.applyEdit(event)),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    if (this.pendingSave) this.flush();
  }

  /** Keeps a finished run (replacing the previous one on the same summary). */
  remember(context: RunContext, result: EvaluationResult, findings: TrackedFinding[]): void {
    this.runs[context.summary.uri] = {
      summary: saveNote(context.summary),
      source: saveNote(context.source),
      reference: context.reference ? saveNote(context.reference) : undefined,
      result,
      findings,
    };
    this.saveSoon();
  }

  /** The result of the latest run on the summary `runKey`; undefined when none is kept (or an edit inside a note dropped it). */
  result(runKey: string): EvaluationResult | undefined {
    return this.runs[runKey]?.result;
  }

  /** The saved runs whose notes still hold the text that was evaluated (the others are forgotten). */
  async restore(): Promise<RestoredRun[]> {
    const restored: RestoredRun[] = [];
    for (const [runKey, run] of Object.entries(this.runs)) {
      const summary = await restoreNote(run.summary);
      const source = await restoreNote(run.source);
      const reference = run.reference ? await restoreNote(run.reference) : undefined;
      if (!summary || !source || (run.reference && !reference)) {
        delete this.runs[runKey];
        continue;
      }
      const findings: TrackedFinding[] = [];
      for (const f of run.findings) {
        if (await stillThere(f.anchor).catch(() => false)) findings.push(f);
      }
      run.findings = findings;
      restored.push({ context: { summary, source, reference }, result: run.result, findings });
    }
    this.saveSoon();
    return restored;
  }

  /** Moves the notes with an edit; a run whose evaluated text was edited is forgotten. */
  private applyEdit(event: vscode.TextDocumentChangeEvent): void {
    const uri = event.document.uri.toString();
    let touched = false;
    for (const [runKey, run] of Object.entries(this.runs)) {
      for (const name of ['summary', 'source', 'reference'] as const) {
        let note: SavedNote | undefined = run[name];
        if (!note || note.uri !== uri) continue;
        touched = true;
        for (const change of event.contentChanges) note = note && shift(note, change);
        if (!note) {
          delete this.runs[runKey];
          break;
        }
        run[name] = note;
      }
    }
    if (touched) this.saveSoon();
  }

  private saveSoon(): void {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = setTimeout(() => this.flush(), 300);
  }

  private flush(): void {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = undefined;
    void this.state.update(stateKey, this.runs);
  }
}
