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

/** A line of the file checked against the schema; undefined when it is not even JSON. */
function parseLine(line: string) {
  try {
    return verdictSchema.safeParse(JSON.parse(line));
  } catch {
    return undefined;
  }
}

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
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private loading: Promise<void>;

  constructor(
    private readonly root: vscode.Uri | undefined,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.loading = this.load();
    if (root) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, feedbackFile));
      const reload = () => {
        this.loading = this.load();
      };
      this.disposables.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload), watcher.onDidDelete(reload));
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Resolves once the file has been read (after activation or a change on disk). */
  loaded(): Promise<void> {
    return this.loading;
  }

  get file(): vscode.Uri | undefined {
    return this.root && vscode.Uri.joinPath(this.root, feedbackFile);
  }

  verdictOn(findingId: string): Verdict['verdict'] | undefined {
    return this.verdicts.get(findingId)?.verdict;
  }

  async record(finding: TrackedFinding, verdict: Verdict['verdict'], model?: string): Promise<void> {
    const file = this.file;
    if (!file) {
      void vscode.window.showWarningMessage('SumLens: open a folder first; verdicts are kept in its .sumlens/feedback.jsonl.');
      return;
    }
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
    const before = await vscode.workspace.fs.readFile(file).then((b) => Buffer.from(b).toString('utf8'), () => '');
    const separator = before && !before.endsWith('\n') ? '\n' : '';
    await vscode.workspace.fs.writeFile(file, Buffer.from(`${before}${separator}${JSON.stringify(entry)}\n`, 'utf8'));
    this.verdicts.set(entry.findingId, entry);
    this.changed.fire();
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

  private async load(): Promise<void> {
    const file = this.file;
    if (!file) return;
    let text: string;
    try {
      text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
    } catch {
      text = ''; // no verdicts yet
    }
    const verdicts = new Map<string, Verdict>();
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const parsed = parseLine(line);
      if (parsed?.success) verdicts.set(parsed.data.findingId, parsed.data);
      else unreadable++;
    }
    // Lines SumLens cannot read are left in the file and named here, never silently counted.
    if (unreadable) this.log.warn(`${feedbackFile}: ${unreadable} line(s) are not SumLens verdicts and were left out`);
    this.verdicts = verdicts;
    this.changed.fire();
  }
}
