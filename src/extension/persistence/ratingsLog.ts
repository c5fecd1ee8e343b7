/**
 * The reviewer's own scores ("Your score" in the panel), one JSON line each in
 * .sumlens/ratings.jsonl of the workspace: the aspect, the person's score and the judge's, the
 * judge's name, the aspect's scale, and hashes of the source, the summary and the template the
 * judge used (never their text). The latest score a person gave an aspect of a summary, for a
 * judge, counts. `sumlens agreement .sumlens/ratings.jsonl` reads the same lines. The panel
 * shows the agreement of judge and person over all of them.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import { agreementRows, type AgreementRow } from '../../core/agreement/agreementTable';
import { EditorRatingSchema, WORKSPACE_RATINGS_FILE, type EditorRating } from '../../core/ratingsFile';
import { DEFAULT_SEED } from '../../core/stats/random';
import { WorkspaceJsonl } from './workspaceJsonl';

/** What identifies the rated summary: hashes of its source and its text. */
export interface RatedItem {
  sourceSha256: string;
  summarySha256: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const keyOf = (r: Pick<EditorRating, 'sourceSha256' | 'summarySha256' | 'aspect' | 'judgeName'>) =>
  `${r.sourceSha256}|${r.summarySha256}|${r.aspect}|${r.judgeName}`;

export class RatingsLog implements vscode.Disposable {
  private ratings = new Map<string, EditorRating>();
  private readonly file: WorkspaceJsonl<EditorRating>;
  readonly onDidChange: vscode.Event<void>;

  constructor(root: vscode.Uri | undefined, log: vscode.LogOutputChannel) {
    const parse = (json: unknown) => {
      const parsed = EditorRatingSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    };
    this.file = new WorkspaceJsonl(
      root,
      WORKSPACE_RATINGS_FILE,
      { parse, onRead: (entries) => (this.ratings = new Map(entries.map((r) => [keyOf(r), r]))) },
      log,
    );
    this.onDidChange = this.file.onDidChange;
  }

  dispose(): void {
    this.file.dispose();
  }

  loaded(): Promise<void> {
    return this.file.settled();
  }

  /** The person's latest scores for one summary, by aspect (for one judge). */
  scoresFor(item: RatedItem, judgeName: string): Record<string, number> {
    const scores: Record<string, number> = {};
    for (const r of this.ratings.values())
      if (r.sourceSha256 === item.sourceSha256 && r.summarySha256 === item.summarySha256 && r.judgeName === judgeName) scores[r.aspect] = r.person;
    return scores;
  }

  async record(entry: Omit<EditorRating, 'v' | 'at'>): Promise<void> {
    const rating: EditorRating = { v: 1, at: new Date().toISOString(), ...entry };
    const key = keyOf(rating);
    const previous = this.ratings.get(key);
    const undo = () => (previous ? this.ratings.set(key, previous) : this.ratings.delete(key));
    // Known before the write's change event, so the panel's agreement counts it; undone when it is not written.
    this.ratings.set(key, rating);
    const written = await this.file.append(rating).catch((error: unknown) => {
      undo();
      throw error;
    });
    if (!written) {
      undo();
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open a folder first; your scores are kept in its .sumlens/ratings.jsonl.'));
    }
  }

  /** Per aspect and judge, the agreement of the judge with the person over every rated summary; `judgeLabel` may tell a judge's templates apart. */
  agreement(judgeLabel: (r: EditorRating) => string = (r) => r.judgeName): AgreementRow[] {
    const byAspect = new Map<string, EditorRating[]>();
    for (const r of this.ratings.values()) byAspect.set(r.aspect, [...(byAspect.get(r.aspect) ?? []), r]);
    return [...byAspect.values()].flatMap((rs) =>
      agreementRows(
        rs.map((r) => ({ aspect: r.aspect, judge: judgeLabel(r), person: r.person, score: r.judge })),
        { scale: rs[0].scale, resamples: 1000, seed: DEFAULT_SEED },
      ),
    );
  }
}
