/**
 * "SumLens: Rank Systems (Pairwise)": a data file of many systems' summaries of the same
 * documents ranked as `sumlens pairwise --data FILE --group COLUMN --system COLUMN` ranks them,
 * through the same engine operation (askPairwise, then pairwiseFigures): every pair asked in
 * both orders, appended to a run file in `.sumlens/runs/` (the same settings go on where a
 * cancelled run stopped), then the comparison view shows the Bradley–Terry ranking with its
 * intervals and the position and length bias. On a pairwise run file (the CLI's --out) it
 * shows that run's figures without asking the judge.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AspectFigures } from '../../core/pairwise/pairwiseReport';
import type { PairRecord } from '../../core/pairwise/pairwiseRunFile';
import type { PairwiseSettings } from '../../core/pairwise/pairwiseStudy';
import type { PairItem, PairJudge } from '../../core/pairwise/runPairs';
import { DEFAULT_SEED } from '../../core/stats/random';
import { displayPath, runsDirectory } from '../datasets/runFolder';
import type { PromptTemplates } from '../promptTemplates';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import type { RankingView } from '../webview/comparisonProtocol';
import { ComparisonPanel } from './comparisonView';
import { rankAnswers, type RankAnswers, type RankRequest } from './rankQuestions';
import { rankingView } from './rankingMessage';

export interface RankDeps {
  extensionUri: vscode.Uri;
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
  log: vscode.LogOutputChannel;
}

export interface RankOutcome {
  runFile: string;
  figures: AspectFigures[];
  /** What the view was sent. */
  view: RankingView;
  panel: ComparisonPanel;
}

/** Bootstrap resamples of the intervals, as the CLI's default. */
const RESAMPLES = 1000;

async function pickRankFile(argument: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  if (argument?.scheme === 'file') return argument;
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('SumLens: Rank Systems (Pairwise)'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Data or pairwise run file')]: ['jsonl', 'json', 'csv', 'tsv'] },
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0];
}

/** Whether the file's first line is a pairwise run file's header. */
function isPairwiseRunFile(file: string): boolean {
  if (!file.toLowerCase().endsWith('.jsonl')) return false;
  const handle = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const first = buffer
      .subarray(0, fs.readSync(handle, buffer, 0, buffer.length, 0))
      .toString('utf8')
      .split('\n')[0];
    return (JSON.parse(first) as { sumlens?: unknown }).sumlens === 'pairwise';
  } catch {
    return false;
  } finally {
    fs.closeSync(handle);
  }
}

/** `.sumlens/runs/<data>-pairwise-<settings>.jsonl`: the same questions on the same data go on in the same file. */
function rankRunFile(data: vscode.Uri, answers: RankAnswers, judge: object, globalStorage: vscode.Uri): string {
  const folder = runsDirectory(data, globalStorage).fsPath;
  fs.mkdirSync(folder, { recursive: true });
  const settings = createHash('sha256').update(JSON.stringify({ answers, judge })).digest('hex').slice(0, 8);
  return path.join(folder, `${path.basename(data.fsPath, path.extname(data.fsPath))}-pairwise-${settings}.jsonl`);
}

function show(panel: ComparisonPanel, figures: AspectFigures[], about: Omit<RankingView, 'aspects' | 'ties'>): RankingView {
  const view = rankingView(figures, about);
  panel.post({ type: 'ranking', ranking: view });
  return view;
}

/** A pairwise run file's figures, as it stands (the CLI's --out, or a run this command made). */
export function showPairwiseRun(deps: Pick<RankDeps, 'extensionUri'>, file: vscode.Uri): RankOutcome {
  const engine = loadEngine();
  const { header, records } = engine.readPairwiseRun(file.fsPath);
  const asked = records.filter((r) => r.comparisons);
  const figures = engine.pairwiseFigures(asked, header.aspects, { resamples: RESAMPLES, seed: header.seed });
  const panel = new ComparisonPanel(deps.extensionUri, vscode.l10n.t('Ranking: {0}', path.basename(file.fsPath)));
  const failed = records.length - asked.length;
  const view = show(panel, figures, {
    title: displayPath(file),
    model: header.judges.map((j) => j.name).join(', '),
    note: vscode.l10n.t('{0} pairs asked, orders: {1}', asked.length, header.orders),
    ...(failed > 0 ? { partial: vscode.l10n.t('{0} pairs failed; the figures are of the others', failed) } : {}),
  });
  return { runFile: file.fsPath, figures, view, panel };
}

export async function rankSystems(deps: RankDeps, request: RankRequest): Promise<RankOutcome | undefined> {
  const data = await pickRankFile(request.data);
  if (!data) return undefined;
  if (isPairwiseRunFile(data.fsPath)) return showPairwiseRun(deps, data);
  const engine = loadEngine();
  const settings = readSettings(data);
  const locations = resolveTrustedLocations(data);
  deps.notices.notify(locations.ignored);
  const promptOverrideDir = deps.templates.stage(locations.promptOverrideDir);
  const questions = engine
    .listTemplates({ overrideDir: promptOverrideDir })
    .filter((t) => t.id.startsWith('pairwise/'))
    .map((t) => t.id.slice('pairwise/'.length));
  const answers = await rankAnswers(await engine.dataColumns(data.fsPath), questions, request);
  if (!answers) return undefined;
  const inputs = await engine.pairwiseInputs(
    {
      ...{ data: data.fsPath, group: answers.group, system: answers.system, map: answers.map || undefined, human: answers.human || undefined },
      ...{ pairsPerDoc: answers.pairsPerDoc || undefined, seed: DEFAULT_SEED },
    },
    (warning) => deps.log.warn(warning),
  );
  const session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.globalStorage });
  const pairwise: PairwiseSettings = {
    ...{ aspects: answers.aspects, orders: 'both', seed: DEFAULT_SEED, route: settings.route, samples: settings.samples },
    ...{ maxStandardError: settings.maxStandardError, promptOverrideDir },
  };
  const runFile = rankRunFile(data, answers, { endpoint: session.endpoint, model: session.model, route: settings.route }, deps.globalStorage);
  const title = displayPath(data);
  const panel = new ComparisonPanel(deps.extensionUri, vscode.l10n.t('Ranking: {0}', path.basename(data.fsPath)));
  const { records, stopped } = await askWithProgress(panel, title, {
    items: inputs.items,
    judges: [{ name: session.model, session }],
    settings: pairwise,
    out: runFile,
    deps,
  });
  if (stopped && !records) return undefined;
  const asked = (records ?? []).filter((r) => r.comparisons);
  const failed = (records ?? []).length - asked.length;
  const figures = engine.pairwiseFigures(asked, answers.aspects, { resamples: RESAMPLES, seed: DEFAULT_SEED, human: inputs.human });
  const usage = session.usage();
  const partial = stopped ?? (failed > 0 ? vscode.l10n.t('{0} pairs failed; the figures are of the others', failed) : undefined);
  const view = show(panel, figures, {
    title,
    model: session.model,
    note: vscode.l10n.t('{0} pairs × {1}, both orders · {2} calls this time', inputs.items.length, answers.aspects.join(', '), usage.calls),
    ...(partial ? { partial } : {}),
  });
  return { runFile, figures, view, panel };
}

interface ProgressRun {
  items: readonly PairItem[];
  judges: readonly PairJudge[];
  settings: PairwiseSettings;
  out: string;
  deps: RankDeps;
}

/**
 * The pairs asked under a cancellable notification, the view told how far it got. Stopped
 * (cancelled, no key, the spending limit): the records the run file kept, and why, so the
 * figures of what finished are shown and the same command goes on from there.
 */
async function askWithProgress(panel: ComparisonPanel, title: string, run: ProgressRun): Promise<{ records?: PairRecord[]; stopped?: string }> {
  const engine = loadEngine();
  try {
    const records = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: ranking {0}', title), cancellable: true },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        let shown = 0;
        return engine.askPairwise({
          ...run,
          signal: controller.signal,
          onNotice: (message) => run.deps.log.info(message),
          onProgress: (done, total) => {
            progress.report({ message: vscode.l10n.t('{0} of {1} pairs', done, total), increment: (100 * (done - shown)) / total });
            shown = done;
            panel.post({ type: 'ranking-progress', title, done, total });
          },
        });
      },
    );
    return { records };
  } catch (error) {
    const message = (error as Error).message;
    const kept = fs.existsSync(run.out) ? engine.readPairwiseRun(run.out).records : [];
    const why = engine.isCancellation(error)
      ? vscode.l10n.t('Cancelled: the figures are of the {0} pairs asked; run the command again to go on', kept.length)
      : vscode.l10n.t('Stopped ({0}): the figures are of the {1} pairs asked', message, kept.length);
    if (!engine.isCancellation(error)) void vscode.window.showErrorMessage(vscode.l10n.t('SumLens could not rank the systems: {0}', message));
    if (kept.length === 0) {
      panel.post({ type: 'error', message: why.slice(0, 2000) });
      return { stopped: why };
    }
    return { records: kept, stopped: why.slice(0, 1000) };
  }
}
