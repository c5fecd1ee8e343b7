/**
 * The reviewer's verdicts on findings ("Agree" / "Disagree"), one JSON line each in
 * .sumlens/feedback.jsonl of the workspace: the finding's kind, where it was (file and
 * span) and a hash of the words under it, never the documents' text. The latest verdict on
 * a finding counts. The file is watched, so verdicts written by another window (or pulled
 * with git) count too, and it is read again after a reload.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { wilsonInterval } from '../../core/stats/wilson';
import type { TrackedFinding } from '../findings';
import { WorkspaceJsonl } from './workspaceJsonl';

export const feedbackFile = '.sumlens/feedback.jsonl';

const verdictSchema = z.object({
  v: z.literal(1),
  at: z.string(),
  verdict: z.enum(['agree', 'disagree']),
  findingId: z.string(),
  kind: z.enum(['incorrect', 'unsupported', 'partial', 'missing', 'misplaced', 'readability']),
  file: z.string(),
  span: z.object({ start: z.number(), end: z.number() }),
  textSha256: z.string(),
  model: z.optional(z.string()),
});
export type Verdict = z.infer<typeof verdictSchema>;

/** How often the reviewer agreed with the judge on one kind of finding, with a 95% Wilson interval. */
export interface Agreement {
  kind: Verdict['kind'];
  agreed: number;
  reviewed: number;
  share: number;
  low: number;
  high: number;
}

export class FeedbackLog implements vscode.Disposable {
  private verdicts = new Map<string, Verdict>();
  private readonly log: WorkspaceJsonl<Verdict>;
  readonly onDidChange: vscode.Event<void>;

  constructor(root: vscode.Uri | undefined, log: vscode.LogOutputChannel) {
    const parse = (json: unknown) => {
      const parsed = verdictSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    };
    this.log = new WorkspaceJsonl(root, feedbackFile, { parse, onRead: (entries) => (this.verdicts = new Map(entries.map((v) => [v.findingId, v]))) }, log);
    this.onDidChange = this.log.onDidChange;
  }

  dispose(): void {
    this.log.dispose();
  }

  /** Resolves once the file has been read (after activation or a change on disk). */
  loaded(): Promise<void> {
    return this.log.settled();
  }

  get file(): vscode.Uri | undefined {
    return this.log.file;
  }

  verdictOn(findingId: string): Verdict['verdict'] | undefined {
    return this.verdicts.get(findingId)?.verdict;
  }

  async record(finding: TrackedFinding, verdict: Verdict['verdict'], model?: string): Promise<void> {
    const entry: Verdict = {
      v: 1,
      at: new Date().toISOString(),
      verdict,
      findingId: finding.id,
      kind: finding.finding.kind,
      file: vscode.workspace.asRelativePath(vscode.Uri.parse(finding.anchor.uri), false),
      span: { start: finding.anchor.start, end: finding.anchor.end },
      textSha256: createHash('sha256').update(finding.anchor.text).digest('hex'),
      model,
    };
    const previous = this.verdicts.get(entry.findingId);
    const undo = () => (previous ? this.verdicts.set(entry.findingId, previous) : this.verdicts.delete(entry.findingId));
    // Known before the write's change event, so the panel's agreement counts it; undone when it is not written.
    this.verdicts.set(entry.findingId, entry);
    const written = await this.log.append(entry).catch((error: unknown) => {
      undo();
      throw error;
    });
    if (!written) {
      undo();
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open a folder first; verdicts are kept in its .sumlens/feedback.jsonl.'));
    }
  }

  /** Per finding kind, how often the reviewer agreed with the judge (kinds with a verdict only). */
  agreement(): Agreement[] {
    const counts = new Map<Verdict['kind'], { agreed: number; reviewed: number }>();
    for (const v of this.verdicts.values()) {
      const c = counts.get(v.kind) ?? { agreed: 0, reviewed: 0 };
      c.reviewed++;
      if (v.verdict === 'agree') c.agreed++;
      counts.set(v.kind, c);
    }
    return [...counts].map(([kind, c]) => {
      const interval = wilsonInterval(c.agreed, c.reviewed);
      return { kind, ...c, share: interval.share, low: interval.low, high: interval.high };
    });
  }
}
