/**
 * **SumLens: Start a Review** (a data file's items dealt to raters, as `sumlens review create`
 * makes it: `.sumlens/reviews/NAME/`) and **SumLens: Rate a Review** (the rating view for this
 * rater's queue). The engine's review functions come with dist/engine.js, on first use.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadEngine } from '../run/loadEngine';
import { raterName } from './raterName';
import { PairRatingSession } from './pairRatingSession';
import { RatingSession, type RatingEngine, type RatingQueue } from './ratingSession';
import { RatingView } from './ratingView';
import { ReviewStatusView } from './reviewStatusView';

export const startReviewCommand = 'sumlens.startReview';
export const rateReviewCommand = 'sumlens.rateReview';
export const reviewStatusCommand = 'sumlens.reviewStatus';
const reviewsFolder = path.join('.sumlens', 'reviews');

/** A review of pairwise items: two data files matched by id (`a`, `b`), or the data file as a table of systems (its document and system columns). */
export interface PairwiseRequest {
  a?: vscode.Uri;
  b?: vscode.Uri;
  group?: string;
  system?: string;
}

/** What a test (or a caller that knows) gives instead of being asked. */
export interface StartReviewRequest {
  data?: vscode.Uri;
  /** Pairwise items instead of scores; asked when not given (two files selected: pairs of them). */
  pairwise?: PairwiseRequest | false;
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
      vscode.commands.registerCommand(startReviewCommand, (data?: vscode.Uri, selected?: vscode.Uri[]) =>
        this.start(selected?.length === 2 ? { pairwise: { a: selected[0], b: selected[1] } } : { data }).catch(showError),
      ),
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
    const data = request.data ?? (request.pairwise ? request.pairwise.a : undefined) ?? (await pickDataFile());
    if (!data) return undefined;
    const workspace = vscode.workspace.getWorkspaceFolder(data) ?? vscode.workspace.workspaceFolders?.[0];
    if (!workspace) throw new Error('open a folder first: a review is kept in its .sumlens/reviews/');
    const pairwise = request.pairwise ?? (await askPairwise());
    if (pairwise === undefined) return undefined;
    const me = await raterName(this.memento, workspace.uri);
    const raters = request.raters ?? (await askRaters(me));
    if (!raters) return undefined;
    const perItem = request.perItem ?? Math.min(2, raters.length);
    const name = request.name ?? (await askName(data));
    if (!name) return undefined;
    const reviewsDir = path.join(workspace.uri.fsPath, reviewsFolder);
    const { dir } = pairwise
      ? await createPairs(data, pairwise, { raters, perItem, name, reviewsDir })
      : await loadEngine().createReview({ data: data.fsPath, raters, perItem, name, reviewsDir, task: 'summarization' });
    if ((request.open ?? true) && me && raters.includes(me)) await this.open(dir, me);
    else
      void vscode.window.showInformationMessage(
        vscode.l10n.t('SumLens: review {0} made for {1} in {2}.', name, raters.join(', '), path.relative(workspace.uri.fsPath, dir)),
      );
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
        vscode.l10n.t(
          'SumLens: {0}: {1} (left out; the rest is kept)',
          `${path.basename(problem.file)}${problem.line ? `:${problem.line}` : ''}`,
          problem.message,
        ),
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
    const session: RatingQueue = review.definition.questions
      ? new PairRatingSession(review, rater, { pairsFor: engine.pairsFor, shownFirstFor: engine.shownFirstFor, appendRatings: ratingEngine.appendRatings })
      : new RatingSession(review, rater, ratingEngine, { revealAfterSubmit });
    this.view?.dispose();
    this.view = new RatingView(this.extensionUri, session, review.definition.name);
    return this.view;
  }
}

/** The pairs of two files matched by id, or of the data file as a table of systems, made a review. */
async function createPairs(
  data: vscode.Uri,
  pairwise: PairwiseRequest,
  options: { raters: string[]; perItem: number; name: string; reviewsDir: string },
): Promise<{ dir: string }> {
  const engine = loadEngine();
  if (pairwise.a && pairwise.b) {
    const { pairs } = await engine.pairsOfFiles(pairwise.a.fsPath, pairwise.b.fsPath);
    return engine.createPairReview({ ...options, pairs, dataFiles: [pairwise.a.fsPath, pairwise.b.fsPath] });
  }
  const group = pairwise.group ?? (await vscode.window.showInputBox({ title: vscode.l10n.t('SumLens: the column naming the document'), value: 'doc_id' }));
  const system =
    group && (pairwise.system ?? (await vscode.window.showInputBox({ title: vscode.l10n.t('SumLens: the column naming the system'), value: 'system_id' })));
  if (!group || !system) throw new Error('a review of pairs from one file needs its document and system columns');
  const pairs = await engine.pairsOfTable({ data: data.fsPath, group, system, seed: 20260101 });
  return engine.createPairReview({ ...options, pairs, dataFiles: [data.fsPath] });
}

/** Scores or pairs: false for scores, the pairwise request for pairs, undefined when dismissed. */
async function askPairwise(): Promise<PairwiseRequest | false | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: vscode.l10n.t('Score each summary'), description: vscode.l10n.t("on each aspect's scale"), pairwise: false as const },
      {
        label: vscode.l10n.t('Compare two summaries of each source'),
        description: vscode.l10n.t('A, B or tie: a table of systems (document and system columns)'),
        pairwise: {},
      },
    ],
    { title: vscode.l10n.t('SumLens: what do the raters do?') },
  );
  return picked?.pairwise;
}

function showError(error: unknown): void {
  void vscode.window.showErrorMessage(`SumLens: ${(error as Error).message}`);
}

async function pickDataFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('SumLens: the summaries to review (a data file as eval --data reads it)'),
    canSelectMany: false,
    filters: { 'Data files': ['jsonl', 'csv', 'tsv', 'json'] },
  });
  return picked?.[0];
}

async function askRaters(me: string | undefined): Promise<string[] | undefined> {
  const answer = await vscode.window.showInputBox({
    title: vscode.l10n.t('SumLens: who rates (comma-separated names; each item goes to two of them)'),
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
  return vscode.window.showInputBox({
    title: vscode.l10n.t('SumLens: the review’s name (its folder)'),
    value: `${base}-${new Date().toISOString().slice(0, 10)}`,
  });
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
    void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: no review in .sumlens/reviews/ yet: run "SumLens: Start a Review" on a data file.'));
    return undefined;
  }
  return (await vscode.window.showQuickPick(found, { title: vscode.l10n.t('SumLens: the review to rate') }))?.dir;
}
