/**
 * The reviewer's own scores ("Your score" in the panel), one JSON line each in
 * .sumlens/ratings.jsonl of the workspace: the aspect, the person's score and the judge's, the
 * judge's name, the aspect's scale, and hashes of the source, the summary and the template the
 * judge used (never their text). The latest score a person gave an aspect of a summary, for a judge, counts. The file
 * is watched and read again after a reload; `sumlens agreement .sumlens/ratings.jsonl` reads
 * the same lines. The panel shows the agreement of judge and person over all of them.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { agreementRows, type AgreementRow } from '../../core/agreement/agreementTable';
import { DEFAULT_SEED } from '../../core/stats/random';

export const ratingsFile = '.sumlens/ratings.jsonl';

const ratingSchema = z.object({
  v: z.literal(1),
  at: z.string(),
  aspect: z.string(),
  person: z.number(),
  judge: z.number(),
  judgeName: z.string(),
  scale: z.tuple([z.number(), z.number()]),
  sourceSha256: z.string(),
  summarySha256: z.string(),
  /** The template the judge scored with (its file's hash), when it could be read. */
  templateSha256: z.optional(z.string()),
});
export type Rating = z.infer<typeof ratingSchema>;

/** What identifies the rated summary: hashes of its source and its text. */
export interface RatedItem {
  sourceSha256: string;
  summarySha256: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const keyOf = (r: Pick<Rating, 'sourceSha256' | 'summarySha256' | 'aspect' | 'judgeName'>) => `${r.sourceSha256}|${r.summarySha256}|${r.aspect}|${r.judgeName}`;

export class RatingsLog implements vscode.Disposable {
  private ratings = new Map<string, Rating>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Reads and appends, one after the other, so that a read never undoes a score just given. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly root: vscode.Uri | undefined,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.reload();
    if (root) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, ratingsFile));
      const reload = () => this.reload();
      this.disposables.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload), watcher.onDidDelete(reload));
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  loaded(): Promise<void> {
    return this.queue;
  }

  private get file(): vscode.Uri | undefined {
    return this.root && vscode.Uri.joinPath(this.root, ratingsFile);
  }

  /** The person's latest scores for one summary, by aspect (for one judge). */
  scoresFor(item: RatedItem, judgeName: string): Record<string, number> {
    const scores: Record<string, number> = {};
    for (const r of this.ratings.values()) if (r.sourceSha256 === item.sourceSha256 && r.summarySha256 === item.summarySha256 && r.judgeName === judgeName) scores[r.aspect] = r.person;
    return scores;
  }

  record(entry: Omit<Rating, 'v' | 'at'>): Promise<void> {
    this.queue = this.queue.catch(() => undefined).then(() => this.append(entry));
    return this.queue;
  }

  /** Per aspect and judge, the agreement of the judge with the person over every rated summary. */
  agreement(): AgreementRow[] {
    const byAspect = new Map<string, Rating[]>();
    for (const r of this.ratings.values()) byAspect.set(r.aspect, [...(byAspect.get(r.aspect) ?? []), r]);
    return [...byAspect.values()].flatMap((rs) =>
      agreementRows(
        rs.map((r) => ({ aspect: r.aspect, judge: r.judgeName, person: r.person, score: r.judge })),
        { scale: rs[0].scale, resamples: 1000, seed: DEFAULT_SEED },
      ),
    );
  }

  private async append(entry: Omit<Rating, 'v' | 'at'>): Promise<void> {
    const file = this.file;
    if (!file) {
      void vscode.window.showWarningMessage('SumLens: open a folder first; your scores are kept in its .sumlens/ratings.jsonl.');
      return;
    }
    const rating: Rating = { v: 1, at: new Date().toISOString(), ...entry };
    const before = await vscode.workspace.fs.readFile(file).then((b) => Buffer.from(b).toString('utf8'), () => '');
    const separator = before && !before.endsWith('\n') ? '\n' : '';
    await vscode.workspace.fs.writeFile(file, Buffer.from(`${before}${separator}${JSON.stringify(rating)}\n`, 'utf8'));
    this.ratings.set(keyOf(rating), rating);
    this.changed.fire();
  }

  private async load(): Promise<void> {
    const file = this.file;
    if (!file) return;
    const text = await vscode.workspace.fs.readFile(file).then((b) => Buffer.from(b).toString('utf8'), () => '');
    const ratings = new Map<string, Rating>();
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = ratingSchema.safeParse(JSON.parse(line));
      } catch {
        parsed = undefined;
      }
      if (parsed?.success) ratings.set(keyOf(parsed.data), parsed.data);
      else unreadable++;
    }
    if (unreadable) this.log.warn(`${ratingsFile}: ${unreadable} line(s) are not SumLens ratings and were left out`);
    this.ratings = ratings;
    this.changed.fire();
  }

  private reload(): void {
    this.queue = this.queue.catch(() => undefined).then(() => this.load());
  }
}
