/**
 * "SumLens: Evaluate Dataset": every row of a JSONL / JSON / CSV / TSV file of summaries
 * (fields id, source, summary, optional reference and system, as `sumlens eval --data`
 * reads them) evaluated into a run file in `.sumlens/runs/`, through the engine's dataset
 * runner: resumable (finished items are kept, failed ones tried again), fail-fast on a dead
 * endpoint or a rejected key, slowing down on rate limits. Before anything is paid the user
 * picks the method from a list that says what each costs; the run shows its progress with a
 * Cancel that keeps what finished.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { LlmSession, Usage } from '../../core/llm/types';
import type { Method, Task } from '../../core/result';
import type { DryRunEstimate } from '../../core/run/dryRun';
import type { RunSummary, RunItem } from '../../core/run/runItems';
import type { RunProgress } from '../../core/run/progressBar';
import type { ApiKeyStore } from '../secrets';
import { readSettings, type Settings } from '../settings';
import type { PromptTemplates } from '../promptTemplates';
import { loadEngine, type Engine } from '../run/loadEngine';
import { createSession } from '../run/session';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import { formatCount } from '../webview/numberFormat';
import { datasetSpecInput } from './datasetRunSpec';
import { keptDataName } from './keptDataName';
import { progressText } from './progressText';
import { runFileFor } from './runFolder';
import { RUN_METHODS } from '../../core/methodsAndTasks';

export const datasetExtensions = ['jsonl', 'json', 'csv', 'tsv'];

export interface DatasetRunDeps {
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
  log: vscode.LogOutputChannel;
}

export interface DatasetRunOutcome {
  runFile: string;
  summary: RunSummary;
}

/** A dataset run ready to start: its rows checked, its judge and method chosen. */
export interface PreparedDatasetRun {
  runFile: string;
  method: Method;
  /** Runs it (again from the start when `restart`); throws RunSettingsChangedError when the run file was made differently. */
  start(restart: boolean, signal: AbortSignal, onProgress: (text: string) => void): Promise<RunSummary>;
}

/** Each method in words (the method pick, the agent tool's confirmation). */
export const methodLabels: Record<Method, string> = {
  geval: vscode.l10n.t('G-Eval scores'),
  rationale: vscode.l10n.t('Rationale-first scores (with reasons)'),
  fine: vscode.l10n.t('Fine-grained facts (completeness, correctness, alignment, readability)'),
  all: vscode.l10n.t('Scores and fine-grained facts'),
  choose: vscode.l10n.t('The judge chooses the aspects (reason-grounded evaluation, Tanaka), with a reason for each'),
};

/** The data file: the one right-clicked in the explorer, else the active editor's, else asked for. */
export async function pickDataFile(argument: unknown): Promise<vscode.Uri | undefined> {
  // Only a file URI handed over by the explorer's menu is taken from outside.
  if (argument instanceof vscode.Uri && argument.scheme === 'file') return argument;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active?.scheme === 'file' && datasetExtensions.includes(path.extname(active.path).slice(1).toLowerCase())) return active;
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('SumLens: Evaluate Dataset'),
    openLabel: vscode.l10n.t('Evaluate'),
    canSelectMany: false,
    filters: { 'Summaries (JSONL, JSON, CSV, TSV)': datasetExtensions },
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0];
}

/** Reads the rows once: bad ones are named (never dropped silently); no good row is an error. */
async function checkRows(engine: Engine, data: string, task: Task): Promise<{ good: number; bad: string[] }> {
  const bad: string[] = [];
  let good = 0;
  for await (const _ of engine.dataItems({ path: data, task, onBadRow: (where, problem) => bad.push(`${where}: ${problem}`) })) {
    good++;
    await engine.loopTurn(); // ten thousand rows checked in one go would hold the extension host
  }
  if (good === 0) throw new Error(`${path.basename(data)} has no usable row${bad.length ? ` (${bad[0]})` : ''}: each row needs id, source and summary`);
  return { good, bad };
}

/** "12 calls · ~3,400 prompt tokens": a dry run's calls and prompt tokens. */
export function usageText(usage: Pick<Usage, 'calls' | 'promptTokens'>): string {
  const calls = usage.calls === 1 ? vscode.l10n.t('1 call') : vscode.l10n.t('{0} calls', formatCount(usage.calls));
  return vscode.l10n.t('{0} · ~{1} prompt tokens', calls, formatCount(usage.promptTokens));
}

/** "12 calls · ~3,400 prompt tokens · ~$0.0012 (estimate from list prices)": a dry run's estimate in words (the agent tools' confirmation too). */
export function costText(
  engine: Engine,
  estimate: Pick<DryRunEstimate, 'usage'>,
  session: Pick<LlmSession, 'model'>,
  settings: Pick<Settings, 'provider'>,
): string {
  const usd = engine.estimateCost(session.model, estimate.usage, false);
  const cost =
    settings.provider === 'vscode-lm'
      ? vscode.l10n.t('billed by your VS Code model provider')
      : usd === undefined
        ? vscode.l10n.t('no price known for this model')
        : engine.formatCost(usd);
  return `${usageText(estimate.usage)} · ${cost}`;
}

/** The items until `signal` aborts: an estimate nobody waits for any more ends early. */
async function* until<T>(signal: AbortSignal, items: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const item of items) {
    if (signal.aborted) return;
    yield item;
  }
}

/** The method, picked from a list that says what each costs for the rows not done yet. */
async function pickMethod(
  engine: Engine,
  settings: Settings,
  session: LlmSession,
  { estimate, rows }: { estimate: (method: Method, signal: AbortSignal) => Promise<DryRunEstimate>; rows: number },
): Promise<Method | undefined> {
  const methods: readonly Method[] = RUN_METHODS;
  type Item = vscode.QuickPickItem & { method: Method };
  const pick = vscode.window.createQuickPick<Item>();
  Object.assign(pick, {
    title: vscode.l10n.t('SumLens: evaluate {0} summaries with {1}: how?', formatCount(rows), session.model),
    placeholder: vscode.l10n.t('Pick the method; nothing is sent before you do'),
    ignoreFocusOut: true,
    busy: true,
  });
  const items: Item[] = methods.map((method) => ({
    method,
    label: methodLabels[method],
    description: method === settings.method ? '(sumlens.method)' : undefined,
    detail: vscode.l10n.t('estimating…'),
  }));
  pick.items = items;
  pick.activeItems = items.filter((i) => i.method === settings.method);
  // One method after another, the highlighted one first, each shown when known: one reader of the data at a time. The
  // estimates run in slices (the extension host stays responsive) and stop once the pick closes: nobody reads them then.
  const closed = new AbortController();
  const show = () => {
    const active = pick.activeItems;
    pick.items = [...items];
    pick.activeItems = active;
  };
  void (async () => {
    for (const item of [...pick.activeItems, ...items.filter((i) => !pick.activeItems.includes(i))]) {
      try {
        const e = await estimate(item.method, closed.signal);
        if (closed.signal.aborted) return;
        const left = e.alreadyDone ? vscode.l10n.t('{0} of {1} left: ', formatCount(e.items), formatCount(e.items + e.alreadyDone)) : '';
        item.detail = `${left}${costText(engine, e, session, settings)}`;
      } catch (error) {
        item.detail = vscode.l10n.t('no estimate: {0}', error instanceof Error ? error.message : String(error));
      }
      show();
    }
  })().finally(() => (pick.busy = false));
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.method);
      pick.hide();
    });
    pick.onDidHide(() => {
      closed.abort();
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/**
 * Checks the rows of `data`, builds the judge's session and, unless `method` is given, asks
 * for the method with what each costs. Undefined when the user backed out: nothing was sent.
 */
export async function prepareDatasetRun(data: vscode.Uri, method: Method | undefined, deps: DatasetRunDeps): Promise<PreparedDatasetRun | undefined> {
  const engine = loadEngine();
  const dataPath = data.fsPath;
  const settings = readSettings(data);
  const locations = resolveTrustedLocations(data);
  deps.notices.notify(locations.ignored);
  const promptOverrideDir = deps.templates.stage(locations.promptOverrideDir);
  const task = settings.task;

  const rows = await checkRows(engine, dataPath, task);
  if (rows.bad.length) {
    deps.log.warn(`${rows.bad.length} bad row(s) in ${dataPath}, skipped:\n${rows.bad.join('\n')}`);
    void vscode.window.showWarningMessage(
      vscode.l10n.t('SumLens: bad rows skipped: {0} (listed in the SumLens output); the first: {1}', formatCount(rows.bad.length), rows.bad[0]),
    );
  }

  const session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.globalStorage });
  const items = (): AsyncIterable<RunItem> => engine.dataItems({ path: dataPath, task });
  const specFor = (m: Method) =>
    engine.buildSpec(datasetSpecInput(settings, { endpoint: session.endpoint, model: session.model, method: m, prompts: promptOverrideDir }));
  const out = (m: Method) => runFileFor(data, m, deps.globalStorage).fsPath;
  const estimate = (m: Method, signal: AbortSignal) =>
    engine.estimateSpec({ spec: specFor(m), items: () => until(signal, items()), out: out(m), evaluate: engine.evaluate });
  const chosen = method ?? (await pickMethod(engine, settings, session, { estimate, rows: rows.good }));
  if (!chosen) return undefined;

  const spec = specFor(chosen);
  // A run file the CLI made from a relative --data path of this same file resumes under that name.
  const dataName = (restart: boolean) => (restart ? undefined : keptDataName(out(chosen), dataPath, workspacePaths(), headerData(engine))) ?? dataPath;
  return {
    runFile: out(chosen),
    method: chosen,
    start: (restart, signal, onProgress) => {
      deps.log.info(`evaluating ${dataPath} (${chosen}) with ${session.model} at ${session.endpoint} into ${out(chosen)}${restart ? ', started over' : ''}`);
      const run = { spec, command: 'Evaluate Dataset (VS Code)', data: { path: dataPath, name: dataName(restart), task }, out: out(chosen), restart };
      const ports = {
        session,
        signal,
        onProgress: (p: RunProgress) => onProgress(progressText(p, rows.good, vscode.l10n.t)),
        onNotice: (line: string) => deps.log.warn(line),
      };
      return engine.runDataset(run, ports).then((outcome) => outcome.summary);
    },
  };
}

const workspacePaths = (): string[] => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);

/** The data name in a run file's header line, checked by the engine; undefined when the line is no header. */
function headerData(engine: Engine): (line: string) => { data: string } | undefined {
  return (line) => {
    try {
      return engine.parseRunLine(line, 'run header', true).header;
    } catch {
      return undefined;
    }
  };
}

/** The run file was made with other settings: start it over? (Mixing the two would mix two judges.) */
export async function confirmRestart(runFile: string, differences: string[]): Promise<boolean> {
  const startOver = vscode.l10n.t('Start Over');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('SumLens: {0} was made with other settings ({1}). Start it over?', path.basename(runFile), differences.join('; ')),
    { modal: true },
    startOver,
  );
  return answer === startOver;
}
