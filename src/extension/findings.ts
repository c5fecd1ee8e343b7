/**
 * The findings of the latest runs, anchored to document offsets. Edits shift the anchors
 * with the text; a finding whose own text is touched by an edit is dropped rather than
 * left pointing at other words. Ignored findings are remembered per workspace by a stable
 * identity (kind, note and the words they are about), so they stay ignored across runs.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import type { FineEntity, Finding } from '../core/result';

/** A span of a document, with the text it covered when it was anchored. */
export interface Anchor {
  uri: string;
  start: number;
  end: number;
  text: string;
}

export interface TrackedFinding {
  /** Stable identity (survives re-runs and edits elsewhere); used for ignoring. */
  id: string;
  /** The summary document whose run produced this finding (a new run replaces them). */
  runKey: string;
  finding: Finding;
  entity?: FineEntity;
  anchor: Anchor;
  evidence: Anchor[];
}

export function findingIdentity(runKey: string, finding: Finding, text: string): string {
  return createHash('sha256')
    .update(JSON.stringify([runKey, finding.kind, finding.note, finding.category ?? '', text.trim()]))
    .digest('hex')
    .slice(0, 16);
}

/** Where an anchor lands after one change; undefined when the change touched its text. */
export function shift<T extends Pick<Anchor, 'start' | 'end'>>(anchor: T, change: vscode.TextDocumentContentChangeEvent): T | undefined {
  const changeStart = change.rangeOffset;
  const changeEnd = change.rangeOffset + change.rangeLength;
  const delta = change.text.length - change.rangeLength;
  if (changeEnd <= anchor.start) {
    return { ...anchor, start: anchor.start + delta, end: anchor.end + delta };
  }
  if (changeStart >= anchor.end) return anchor;
  return undefined;
}

const ignoredKey = 'sumlens.ignoredFindings';

export class FindingStore implements vscode.Disposable {
  private readonly byUri = new Map<string, TrackedFinding[]>();
  private readonly changed = new vscode.EventEmitter<string[]>();
  /** Fires with the URIs whose findings changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** Replaces everything a previous run on `runKey` produced with these findings. */
  replaceRun(runKey: string, findings: TrackedFinding[]): void {
    const touched = new Set<string>();
    for (const [uri, list] of this.byUri) {
      const kept = list.filter((f) => f.runKey !== runKey);
      if (kept.length !== list.length) {
        touched.add(uri);
        this.byUri.set(uri, kept);
      }
    }
    for (const f of findings) {
      const list = this.byUri.get(f.anchor.uri) ?? [];
      list.push(f);
      this.byUri.set(f.anchor.uri, list);
      touched.add(f.anchor.uri);
    }
    this.changed.fire([...touched]);
  }

  /** Replaces one finding (after a re-check) with zero or more new ones. */
  replaceFinding(id: string, replacements: TrackedFinding[]): void {
    const old = this.get(id);
    if (!old) return;
    const list = (this.byUri.get(old.anchor.uri) ?? []).filter((f) => f.id !== id);
    list.push(...replacements);
    this.byUri.set(old.anchor.uri, list);
    this.changed.fire([old.anchor.uri]);
  }

  clear(): void {
    const uris = [...this.byUri.keys()];
    this.byUri.clear();
    this.changed.fire(uris);
  }

  forUri(uri: string): TrackedFinding[] {
    return this.byUri.get(uri) ?? [];
  }

  /** Every finding the run on `runKey` produced that is still anchored (ignored ones included). */
  forRun(runKey: string): TrackedFinding[] {
    return [...this.byUri.values()].flatMap((list) => list.filter((f) => f.runKey === runKey));
  }

  /** How many of the run's findings are shown (not ignored): what the Problems panel lists. */
  visibleCountForRun(runKey: string): number {
    const ignored = this.ignoredIds();
    return this.forRun(runKey).filter((f) => !ignored.has(f.id)).length;
  }

  /** The findings on `uri` that are not ignored. */
  visible(uri: string): TrackedFinding[] {
    const ignored = this.ignoredIds();
    return this.forUri(uri).filter((f) => !ignored.has(f.id));
  }

  get(id: string): TrackedFinding | undefined {
    for (const list of this.byUri.values()) {
      const found = list.find((f) => f.id === id);
      if (found) return found;
    }
    return undefined;
  }

  ignoredIds(): Set<string> {
    return new Set(this.state.get<string[]>(ignoredKey, []));
  }

  async ignore(id: string): Promise<void> {
    const ids = this.ignoredIds();
    ids.add(id);
    await this.state.update(ignoredKey, [...ids]);
    const finding = this.get(id);
    if (finding) this.changed.fire([finding.anchor.uri]);
  }

  /** Follows an edit: shifts anchors and evidence, drops findings whose text was edited. */
  applyEdit(event: vscode.TextDocumentChangeEvent): void {
    const uri = event.document.uri.toString();
    const touched = new Set<string>();
    for (const [key, list] of this.byUri) {
      const updated: TrackedFinding[] = [];
      for (const f of list) {
        let anchor: Anchor | undefined = f.anchor;
        let evidence = f.evidence;
        for (const change of event.contentChanges) {
          if (anchor && anchor.uri === uri) anchor = shift(anchor, change);
          evidence = evidence.flatMap((e) => (e.uri === uri ? (shift(e, change) ?? []) : [e]));
        }
        if (anchor !== f.anchor || evidence !== f.evidence) touched.add(key);
        if (anchor) updated.push(anchor === f.anchor && evidence === f.evidence ? f : { ...f, anchor, evidence });
      }
      this.byUri.set(key, updated);
    }
    if (touched.size) this.changed.fire([...touched]);
  }
}
