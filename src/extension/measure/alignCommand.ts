/**
 * "SumLens: Align Judge to My Scores": `sumlens align` from the editor. The scores you gave in
 * the panel (.sumlens/ratings.jsonl, their texts found among the workspace's files), or a
 * rated data file and the column of its scores; then an aspect; the cost is confirmed; the
 * alignment runs with progress and Cancel; then the held-out agreement before and after, the
 * template's changes in VS Code's diff editor, and "Use this template" (written to the
 * workspace's prompt folder, where every evaluation then reads it) or "Discard"; for an
 * adopted calibration, "Use this calibration" (its map put in the prompt folder's
 * <task>/calibration.json, which every evaluation then applies beside the judge's score).
 * Only a trusted workspace gets here: an untrusted one reads neither its prompt folder's
 * templates nor its calibration.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AspectAlignment } from '../../core/align/alignJudge';
import type { ApiKeyStore } from '../secrets';
import { TASK_ASPECTS } from '../../core/methodsAndTasks';
import { WORKSPACE_RATINGS_FILE } from '../../core/ratingsFile';
import { readSettings } from '../settings';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import { resolveTrustedLocations, workspacePromptFolder, type TrustNotices } from '../trust';
import { sha256 } from '../persistence/ratingsLog';
import type { AlignedTemplates } from './alignedTemplates';
import { alignmentSummary } from './alignmentSummary';
import { datasetSpecInput } from '../datasets/datasetRunSpec';

export const alignCommand = 'sumlens.alignJudge';

export interface AlignDeps {
  keys: ApiKeyStore;
  aligned: AlignedTemplates;
  notices: TrustNotices;
  storage: vscode.Uri;
}

/** What the command asks the user; tests give it all (and the answer to "Use this template"). */
export interface AlignRequest {
  /** "ratings": the workspace's .sumlens/ratings.jsonl; otherwise a rated table's path. */
  data?: string;
  human?: string;
  aspect?: string;
  confirmed?: boolean;
  choice?: 'use' | 'discard';
}

export interface AlignOutcome {
  alignment: AspectAlignment;
  /** The workspace template written by "Use this template", or the calibration file by "Use this calibration". */
  used?: string;
}

export async function runAlignCommand(request: AlignRequest, deps: AlignDeps): Promise<AlignOutcome | undefined> {
  const folder = workspacePromptFolder();
  if (!folder) return warn('open a folder first: an aligned template is kept in its prompt folder.');
  // An untrusted workspace does not read its prompt folder, so an aligned template would never be used.
  if (!vscode.workspace.isTrusted) return warn('trust this workspace first: an untrusted workspace does not use its own prompt templates.');
  const settings = readSettings();
  const engine = loadEngine();
  const { data, human, aspect } = await pickWhatToAlign(request, TASK_ASPECTS[settings.task]);
  if (!data || !human || !aspect) return undefined;
  const root = vscode.workspace.workspaceFolders![0].uri.fsPath; // there is one: the prompt folder is in it
  const file = data === 'ratings' ? path.join(root, WORKSPACE_RATINGS_FILE) : data;
  try {
    const locations = resolveTrustedLocations();
    deps.notices.notify(locations.ignored);
    const items = data === 'ratings' ? await ratedByYou(file, root, aspect, settings.task) : (await engine.readAlignItems(data, human, settings.task)).items;
    const sets = [{ aspect, items }];
    const options = { task: settings.task, examples: 6, folds: 5, strategy: 'both' as const, promptDir: locations.promptOverrideDir };
    const estimate = engine.alignEstimate(sets, options);
    if (!request.confirmed && !(await confirmAlign(aspect, estimate, items.length))) return undefined;
    const session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.storage });
    const stage = path.join(deps.storage.fsPath, 'align', `${Date.now()}`);
    const alignment = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: aligning {0} to your scores', aspect), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        let done = 0;
        const onItem = () =>
          progress.report({ increment: 100 / estimate.judgeCalls, message: vscode.l10n.t('{0} of {1} judgements', ++done, estimate.judgeCalls) });
        try {
          const spec = engine.buildSpec(
            datasetSpecInput(settings, { endpoint: session.endpoint, model: session.model, method: 'geval', prompts: locations.promptOverrideDir }),
          );
          const [result] = await engine.alignToPeople(
            {
              // The task and templates folder are the spec's.
              examples: options.examples,
              folds: options.folds,
              strategy: options.strategy,
              spec,
              sets,
              outDir: stage,
              force: true,
              workDir: path.join(deps.storage.fsPath, 'align', 'candidates'),
              resamples: 2000,
              seed: 1,
              provenance: {
                dataFile: vscode.workspace.asRelativePath(file),
                dataSha256: engine.sha256File(file),
                folds: options.folds,
                date: new Date().toISOString().slice(0, 10),
              },
            },
            { session, signal: controller.signal, onItem },
          );
          return result;
        } finally {
          subscription.dispose();
        }
      },
    );
    if (alignment.verdict.adopted === 'calibration') return await offerCalibration(alignment, request, folder, settings.task);
    const target = path.join(folder, settings.task, `${aspect}.md`);
    return await offer(alignment, request, { target, original: engine.originalTemplatePath(settings.task, aspect, locations.promptOverrideDir) }, deps);
  } catch (error) {
    if (engine.isCancellation(error)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('SumLens: alignment cancelled; the answers so far are cached, so aligning again continues where it stopped.'),
      );
      return undefined;
    }
    void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: cannot align: {0}', (error as Error).message));
    return undefined;
  }
}

/** Asks whether to align `aspect` at the estimated cost; true when the user agrees. */
async function confirmAlign(aspect: string, estimate: { judgeCalls: number; optimizerCalls: number; promptTokens: number }, items: number): Promise<boolean> {
  const detail = vscode.l10n.t(
    '{0} judge requests and {1} criteria rewrites on {2} rated items, about {3} prompt tokens. Answers already in the cache cost nothing.',
    estimate.judgeCalls,
    estimate.optimizerCalls,
    items,
    estimate.promptTokens.toLocaleString('en-US'),
  );
  const align = vscode.l10n.t('Align');
  return (await vscode.window.showInformationMessage(vscode.l10n.t('Align the {0} judge to your scores?', aspect), { modal: true, detail }, align)) === align;
}

/** The data (a file, or your ratings), the column of people's scores and the aspect, as given or asked for; undefined where the user stopped. */
async function pickWhatToAlign(request: AlignRequest, taskAspects: readonly string[]) {
  const data = request.data ?? (await pickData());
  const human =
    data === 'ratings'
      ? 'person'
      : data &&
        (request.human ??
          (await vscode.window.showInputBox({
            title: vscode.l10n.t('SumLens: align'),
            prompt: vscode.l10n.t("The column of your people's scores"),
            placeHolder: 'expert_coherence',
          })));
  const aspect = human && (request.aspect ?? (await vscode.window.showQuickPick(taskAspects, { title: vscode.l10n.t('SumLens: align which aspect?') })));
  return { data, human, aspect };
}

/** The verdict; with an adopted template, its diff against yours (`original`) and the choice to use it as `target`. */
async function offer(
  alignment: AspectAlignment,
  request: AlignRequest,
  { target, original }: { target: string; original: string },
  deps: AlignDeps,
): Promise<AlignOutcome> {
  const summary = alignmentSummary(alignment, loadEngine().CANDIDATE_LABELS);
  if (!alignment.written) {
    void vscode.window.showInformationMessage(`SumLens: ${summary}`);
    return { alignment };
  }
  await vscode.commands.executeCommand(
    'vscode.diff',
    vscode.Uri.file(original),
    vscode.Uri.file(alignment.written),
    vscode.l10n.t('{0}: yours ↔ aligned', path.basename(target)),
  );
  const use = vscode.l10n.t('Use this template');
  const choice =
    request.choice ?? ((await vscode.window.showInformationMessage(`SumLens: ${summary}`, use, vscode.l10n.t('Discard'))) === use ? 'use' : 'discard');
  if (choice !== 'use') return { alignment };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(alignment.written, target);
  await deps.aligned.add(sha256(fs.readFileSync(target, 'utf8')));
  void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: evaluations in this workspace now use {0}.', vscode.workspace.asRelativePath(target)));
  return { alignment, used: target };
}

/** The adopted calibration's verdict and the choice to use it: its map into the prompt folder's calibration file, other aspects' maps kept. */
async function offerCalibration(alignment: AspectAlignment, request: AlignRequest, folder: string, task: string): Promise<AlignOutcome> {
  const summary = alignmentSummary(alignment, loadEngine().CANDIDATE_LABELS);
  if (!alignment.written) {
    void vscode.window.showInformationMessage(`SumLens: ${summary}`);
    return { alignment };
  }
  const use = vscode.l10n.t('Use this calibration');
  const choice =
    request.choice ?? ((await vscode.window.showInformationMessage(`SumLens: ${summary}`, use, vscode.l10n.t('Discard'))) === use ? 'use' : 'discard');
  if (choice !== 'use') return { alignment };
  const used = loadEngine().adoptCalibrationFile(alignment.written, folder, task);
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      "SumLens: evaluations in this workspace now show {0} calibrated to your people's scale beside the judge's own score ({1}).",
      alignment.verdict.aspect,
      vscode.workspace.asRelativePath(used),
    ),
  );
  return { alignment, used };
}

async function pickData(): Promise<string | undefined> {
  const yours = { label: vscode.l10n.t('The scores you gave in the panel'), description: WORKSPACE_RATINGS_FILE, data: 'ratings' };
  const table = {
    label: vscode.l10n.t('A table of rated summaries…'),
    description: vscode.l10n.t('JSONL, JSON, CSV or TSV with source, summary, id and a score column'),
    data: '',
  };
  const choice = await vscode.window.showQuickPick([yours, table], { title: vscode.l10n.t('SumLens: align the judge to which scores?') });
  if (!choice || choice.data) return choice?.data;
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('SumLens: a table of rated summaries'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Rated items')]: ['jsonl', 'json', 'csv', 'tsv'] },
  });
  return picked?.[0]?.fsPath;
}

/** Your ratings of one aspect whose source and summary are files of the workspace; the others are named in the log. */
async function ratedByYou(file: string, root: string, aspect: string, task: Parameters<ReturnType<typeof loadEngine>['readRatingsItems']>[2]) {
  const found = await loadEngine().readRatingsItems(file, root, task);
  const items = found.byAspect.get(aspect) ?? [];
  if (items.length === 0)
    throw new Error(
      `no rating of ${aspect} in ${WORKSPACE_RATINGS_FILE} whose source and summary are files of this workspace (${found.skipped.length} left out: a selection, or a file changed since)`,
    );
  if (found.skipped.length > 0)
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'SumLens: {0} of your ratings left out: their source or summary is not a file of this workspace (a selection, or a file changed since).',
        found.skipped.length,
      ),
    );
  return items;
}

function warn(text: string): undefined {
  void vscode.window.showWarningMessage(`SumLens: ${text}`);
  return undefined;
}
