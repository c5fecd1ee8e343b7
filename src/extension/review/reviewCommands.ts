/**
 * **SumLens: Start a Review** (a data file's items dealt to raters, as `sumlens review create`
 * makes it: `.sumlens/reviews/NAME/`) and **SumLens: Rate a Review** (the rating view for this
 * rater's queue). The engine's review functions come with dist/engine.js, on first use.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadEngine } from '../run/loadEngine';
import { raterName } from './raterName';
import { RatingSession, type RatingEngine } from './ratingSession';
import { RatingView } from './ratingView';
import { ReviewStatusView } from './reviewStatusView';

export const startReviewCommand = 'sumlens.startReview';
export const rateReviewCommand = 'sumlens.rateReview';
export const reviewStatusCommand = 'sumlens.reviewStatus';
const reviewsFolder = path.join('.sumlens', 'reviews');

/** What a test (or a caller that knows) gives instead of being asked. */
export interface StartReviewRequest {
  data?: vscode.Uri;
  raters?: string[];
  perItem?: number;
  name?: string;
  /** Open the rating view for this rater afterwards (default: the user, when among the raters). */
  open?: boolean;
}

export class ReviewCommands implements vscode.Disposable {
  private view: RatingView | undefined;
  private status: ReviewStatusView | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly memento: vscode.Memento,
  ) {}

  /** The rating view open now, if any. */
  get ratingView(): RatingView | undefined {
    return this.view;
  }

  register(): vscode.Disposable[] {
    return [
      vscode.commands.registerCommand(startReviewCommand, (data?: vscode.Uri) => this.start({ data }).catch(showError)),
      vscode.commands.registerCommand(rateReviewCommand, (folder?: vscode.Uri) => this.rate(folder).catch(showError)),
      vscode.commands.registerCommand(reviewStatusCommand, (folder?: vscode.Uri) => this.showStatus(folder).catch(showError)),
    ];
  }

  dispose(): void {
    this.view?.dispose();
    this.status?.dispose();
  }

  /** The review's agreement and disagreements (asked for when not given); `run`: the judge's run of the same items. */
  async showStatus(folder?: vscode.Uri, run?: vscode.Uri): Promise<ReviewStatusView | undefined> {
    const dir = folder?.fsPath ?? (await pickReview());
    if (!dir) return undefined;
    const user = await raterName(this.memento, vscode.workspace.getWorkspaceFolder(vscode.Uri.file(dir))?.uri);
    if (!user) return undefined;
    this.status?.dispose();
    this.status = new ReviewStatusView(this.extensionUri, dir, user);
    if (run) await this.status.useRun(run.fsPath);
    return this.status;
  }

  /** Makes the review and, when the user rates in it, opens their queue. Returns the review's folder. */
  async start(request: StartReviewRequest = {}): Promise<string | undefined> {
    const data = request.data ?? (await pickDataFile());
    if (!data) return undefined;
    const workspace = vscode.workspace.getWorkspaceFolder(data) ?? vscode.workspace.workspaceFolders?.[0];
    if (!workspace) throw new Error('open a folder first: a review is kept in its .sumlens/reviews/');
    const me = await raterName(this.memento, workspace.uri);
    const raters = request.raters ?? (await askRaters(me));
    if (!raters) return undefined;
    const perItem = request.perItem ?? Math.min(2, raters.length);
    const name = request.name ?? (await askName(data));
    if (!name) return undefined;
    const engine = loadEngine();
    const { dir } = await engine.createReview({
      data: data.fsPath,
      raters,
      perItem,
      name,
      reviewsDir: path.join(workspace.uri.fsPath, reviewsFolder),
      task: 'summarization',
    });
    if ((request.open ?? true) && me && raters.includes(me)) await this.open(dir, me);
    else void vscode.window.showInformationMessage(`SumLens: review ${name} made for ${raters.join(', ')} in ${path.relative(workspace.uri.fsPath, dir)}.`);
    return dir;
  }

  /** Opens the rating view of the review in `folder` (asked for when not given) for this user. */
  async rate(folder?: vscode.Uri, rater?: string): Promise<RatingView | undefined> {
    const dir = folder?.fsPath ?? (await pickReview());
    if (!dir) return undefined;
    const who = rater ?? (await raterName(this.memento, vscode.workspace.getWorkspaceFolder(vscode.Uri.file(dir))?.uri));
    if (!who) return undefined;
    return this.open(dir, who);
  }

  private async open(dir: string, rater: string): Promise<RatingView> {
    const engine = loadEngine();
    const review = await engine.readReview(dir);
    if (!review.definition.raters.includes(rater))
      throw new Error(
        `${rater} is not a rater of the review ${review.definition.name} (its raters: ${review.definition.raters.join(', ')}); set sumlens.raterName`,
      );
    for (const problem of review.problems.slice(0, 3))
      void vscode.window.showWarningMessage(
        `SumLens: ${path.basename(problem.file)}${problem.line ? `:${problem.line}` : ''}: ${problem.message} (left out; the rest is kept)`,
      );
    const ratingEngine: RatingEngine = {
      itemsFor: engine.itemsFor,
      appendRatings: (r, who, lines) =>
        engine.appendLines(
          engine.ratingsFile(r.dir, who),
          lines.map((line) => engine.ratingLine(who, line, r)),
        ),
    };
    const revealAfterSubmit = vscode.workspace.getConfiguration('sumlens').get<boolean>('review.revealAfterSubmit') ?? false;
    const session = new RatingSession(review, rater, ratingEngine, { revealAfterSubmit });
    this.view?.dispose();
    this.view = new RatingView(this.extensionUri, session, review.definition.name);
    return this.view;
  }
}

function showError(error: unknown): void {
  void vscode.window.showErrorMessage(`SumLens: ${(error as Error).message}`);
}

async function pickDataFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: 'SumLens: the summaries to review (a data file as eval --data reads it)',
    canSelectMany: false,
    filters: { 'Data files': ['jsonl', 'csv', 'tsv', 'json'] },
  });
  return picked?.[0];
}

async function askRaters(me: string | undefined): Promise<string[] | undefined> {
  const answer = await vscode.window.showInputBox({
    title: 'SumLens: who rates (comma-separated names; each item goes to two of them)',
    value: me ?? '',
    validateInput: (value) => (value.split(',').filter((r) => r.trim()).length > 0 ? undefined : 'At least one name'),
  });
  return answer
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

async function askName(data: vscode.Uri): Promise<string | undefined> {
  const base = path
    .basename(data.fsPath)
    .replace(/\.[^.]+$/, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return vscode.window.showInputBox({ title: 'SumLens: the review’s name (its folder)', value: `${base}-${new Date().toISOString().slice(0, 10)}` });
}

async function pickReview(): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => path.join(f.uri.fsPath, reviewsFolder));
  const found: { label: string; description: string; dir: string }[] = [];
  for (const folder of folders) {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(folder)).then(
      (e) => e,
      () => [] as [string, vscode.FileType][],
    );
    for (const [name, type] of entries) if (type === vscode.FileType.Directory) found.push({ label: name, description: folder, dir: path.join(folder, name) });
  }
  if (found.length === 0) {
    void vscode.window.showInformationMessage('SumLens: no review in .sumlens/reviews/ yet: run "SumLens: Start a Review" on a data file.');
    return undefined;
  }
  return (await vscode.window.showQuickPick(found, { title: 'SumLens: the review to rate' }))?.dir;
}
