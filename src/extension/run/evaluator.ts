/**
 * One evaluation from the editor, start to end: gathers the summary (selection or document),
 * its source and reference, the settings as trust allows them, runs the engine (engineRun),
 * anchors the findings in the store, hands the run to the presenter (panel, status bar) and
 * to the saved runs (persistence). Runs on different summaries go on side by side; a new run
 * on the same summary replaces the one in progress. What finished before a cancellation is kept.
 */
import * as vscode from 'vscode';
import { isSumLensError } from '../../core/errors';
import type { EvaluationResult, Method } from '../../core/result';
import { documentFor } from '../documents';
import type { FindingStore, TrackedFinding } from '../findings';
import type { PairMemory } from '../pairing';
import type { SavedRuns } from '../persistence/savedRuns';
import type { RunPresenter } from '../presentation/runPresenter';
import type { PromptTemplates } from '../promptTemplates';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import type { EngineNotices } from './engineNotices';
import { jurorsFor } from './jurors';
import { runEngine } from './engineRun';
import { loadEngine } from './loadEngine';
import { noteLocation as note, trackFindings, type RunContext } from './runContext';
import { sentenceAround } from './sentence';
import { createSession, spendLimitFor } from './session';

export interface EvaluationOutcome {
  context: RunContext;
  result: EvaluationResult;
  findings: TrackedFinding[];
}

export interface EvaluatorDeps {
  store: FindingStore;
  pairs: PairMemory;
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  presenter: RunPresenter;
  saved: SavedRuns;
  log: vscode.LogOutputChannel;
  globalStorage: vscode.Uri;
  /** Where the engine's notices (quirks learned, fallbacks) go; none: not shown. */
  engineNotices?: EngineNotices;
}

interface RunOptions {
  method?: Method;
  aspects?: string[];
  /** The run's spending limit in USD, instead of sumlens.maxCost, and what its stop message tells to raise. */
  maxCost?: number;
  maxCostName?: string;
  recheck?: boolean;
  signal?: AbortSignal;
  /** Throw a failure (with the message a command shows) rather than show it: the caller reports it. */
  throwFailure?: boolean;
}

export class Evaluator implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<EvaluationOutcome>();
  /** Fires after each run's findings were handed to the store (also after a cancelled run). */
  readonly onDidFinish = this.finished.event;
  private lastOutcome: EvaluationOutcome | undefined;
  /** The runs in progress, by summary URI (a re-check by "<uri>#recheck"). */
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: EvaluatorDeps) {}

  dispose(): void {
    for (const controller of this.running.values()) controller.abort();
    this.finished.dispose();
  }

  get last(): EvaluationOutcome | undefined {
    return this.lastOutcome;
  }

  /** A run saved before a window reload is the last outcome again (for export and re-check). */
  adoptRestored(outcome: EvaluationOutcome): void {
    this.lastOutcome ??= outcome;
  }

  /** Cancels every run in progress (the progress notification's Cancel stops just its own). */
  cancel(): boolean {
    for (const controller of this.running.values()) controller.abort();
    return this.running.size > 0;
  }

  /** Evaluates the editor's selection (or the whole document when `whole` or nothing is selected). */
  async evaluateEditor(editor: vscode.TextEditor, whole: boolean): Promise<EvaluationOutcome | undefined> {
    const document = editor.document;
    const range = whole || editor.selection.isEmpty ? undefined : editor.selection;
    const summary = note(document, range);
    if (!summary.text.trim()) {
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: the summary is empty. Select the summary text first.'));
      return undefined;
    }
    const pair = await this.deps.pairs.resolve(document.uri);
    if (!pair) return undefined;
    const context: RunContext = { summary, source: note(await documentFor(pair.source)) };
    if (pair.reference) context.reference = note(await documentFor(pair.reference));
    return this.run(context, document.uri);
  }

  /**
   * Re-checks one fact: the sentence around it is judged again, alone, against the same
   * source (a fresh prompt, so a fresh judgement), and the finding is replaced by what the
   * re-check finds at its place.
   */
  async recheck(findingId: string): Promise<TrackedFinding[] | undefined> {
    const tracked = this.deps.store.get(findingId);
    const base = this.lastOutcome?.context;
    if (!tracked || !base || tracked.finding.note !== 'target') return undefined;
    const document = await documentFor(tracked.anchor.uri);
    const sentence = sentenceAround(document, tracked.anchor.start, tracked.anchor.end);
    const context: RunContext = { summary: note(document, sentence), source: base.source, reference: base.reference };
    const outcome = await this.run(context, document.uri, { method: 'fine', recheck: true });
    if (!outcome) return undefined;
    const replacements = outcome.findings.filter(
      (f) => f.anchor.uri === tracked.anchor.uri && f.anchor.start < tracked.anchor.end && tracked.anchor.start < f.anchor.end,
    );
    this.deps.store.replaceFinding(findingId, replacements);
    if (replacements.length === 0)
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: re-checked "{0}": no problem found this time.', tracked.anchor.text));
    return replacements;
  }

  /**
   * Evaluates notes a caller names (the agent tools), with the method, aspects and spending
   * limit it asks for (else the settings'). A failure is thrown, with the message the commands show, instead of
   * being shown as a notification; `signal` cancels the run (what finished is returned).
   */
  async evaluateNotes(
    context: RunContext,
    scope: vscode.Uri,
    request: { method?: Method; aspects?: string[]; maxCost?: number; maxCostName?: string; signal?: AbortSignal },
  ): Promise<EvaluationOutcome> {
    const outcome = await this.run(context, scope, { ...request, throwFailure: true });
    // run() throws rather than return nothing when throwFailure is set.
    return outcome!;
  }

  private async run(context: RunContext, scope: vscode.Uri, options: RunOptions = {}): Promise<EvaluationOutcome | undefined> {
    const { presenter, log } = this.deps;
    const configured = readSettings(scope);
    const settings = { ...configured, ...(options.aspects ? { aspects: options.aspects } : {}), ...(options.maxCost ? { maxCost: options.maxCost } : {}) };
    const method = options.method ?? settings.method;
    const locations = resolveTrustedLocations(scope);
    this.deps.notices.notify(locations.ignored);
    const promptOverrideDir = this.deps.templates.stage(locations.promptOverrideDir);

    let session;
    let jurors;
    let calibration;
    const notices = this.deps.engineNotices?.forRun();
    try {
      // The prompt folder's calibration ("Use this calibration"; a trusted workspace's only), read before anything is sent.
      calibration = loadEngine().promptsCalibration(locations.promptOverrideDir, settings.task);
      const spendLimit = spendLimitFor(settings, options.maxCostName);
      session = await createSession(settings, locations.baseUrl, { keys: this.deps.keys, globalStorage: this.deps.globalStorage }, { notices, spendLimit });
      jurors = await jurorsFor(settings, this.deps.keys, this.deps.globalStorage, spendLimit);
    } catch (error) {
      return this.fail(options.recheck ? undefined : context, error, options.throwFailure);
    }

    const key = options.recheck ? `${context.summary.uri}#recheck` : context.summary.uri;
    this.running.get(key)?.abort();
    const controller = new AbortController();
    this.running.set(key, controller);
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    // A re-check judges one sentence in the background: the panel keeps describing the main run.
    if (!options.recheck) presenter.started(context);
    log.info(`evaluating ${context.summary.uri} against ${context.source.uri} with ${session.model} at ${session.endpoint} (${method})`);

    let result: EvaluationResult;
    try {
      result = await runEngine(
        { context, settings, method, session, promptOverrideDir, signal: controller.signal, jurors },
        {
          onProgress: (p) => options.recheck || presenter.progress(context, p),
          onPartial: (partial) => options.recheck || presenter.partial(context, partial),
        },
        () => controller.abort(),
      );
    } catch (error) {
      return this.fail(options.recheck ? undefined : context, error, options.throwFailure);
    } finally {
      if (this.running.get(key) === controller) this.running.delete(key);
      notices?.announce();
    }
    // Beside each raw score, never instead of it.
    return this.apply(context, calibration ? loadEngine().calibrateResult(result, calibration) : result, options.recheck ?? false);
  }

  private async apply(context: RunContext, result: EvaluationResult, recheck: boolean): Promise<EvaluationOutcome> {
    const documents = new Map<string, vscode.TextDocument>();
    for (const n of [context.summary, context.source, context.reference]) {
      if (n) documents.set(n.uri, await documentFor(n.uri));
    }
    const findings = trackFindings(context, result.fine, documents);
    const outcome: EvaluationOutcome = { context, result, findings };
    if (recheck) {
      this.deps.presenter.recheckFinished();
    } else {
      this.deps.store.replaceRun(context.summary.uri, findings);
      this.deps.saved.remember(context, result, findings);
      this.lastOutcome = outcome;
      this.deps.presenter.finished(context, result);
    }
    this.deps.log.info(`done: ${result.aspects.length} aspects, ${findings.length} findings${result.cancelled ? ' (cancelled)' : ''}`);
    this.finished.fire(outcome);
    return outcome;
  }

  private fail(context: RunContext | undefined, error: unknown, throwFailure = false): undefined {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.error(message);
    this.deps.presenter.failed(context, message);
    if (throwFailure) throw new Error(`SumLens: ${message}`, { cause: error });
    if (isSumLensError(error) && error.code === 'no-api-key') void offerJudge(message);
    else void vscode.window.showErrorMessage(`SumLens: ${message}`);
    return undefined;
  }
}

/** No judge yet (no key, no VS Code model chosen): the error offers both ways to get one. */
async function offerJudge(message: string): Promise<void> {
  const setKey = vscode.l10n.t('Set API Key');
  const useModels = vscode.l10n.t("Use VS Code's Language Models");
  const choice = await vscode.window.showErrorMessage(`SumLens: ${message}`, setKey, useModels);
  if (choice === setKey) await vscode.commands.executeCommand('sumlens.setApiKey');
  if (choice === useModels) await vscode.commands.executeCommand('sumlens.useVscodeModels');
}
