/**
 * One evaluation run from the editor: gathers the summary (selection or document), its
 * source and reference, the settings as trust allows them, runs the engine under a
 * cancellable progress notification, and hands the result to the findings store, the panel
 * and the status bar. What finished before a cancellation is kept.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { evaluate } from '../core/evaluate';
import { isCancellation } from '../core/errors';
import type { LlmSession } from '../core/llm/types';
import type { AspectResult, EvaluationResult, Method } from '../core/result';
import { documentFor } from './diagnostics';
import type { FindingStore, TrackedFinding } from './findings';
import type { PairMemory } from './pairing';
import type { SumLensPanel } from './panel';
import type { PromptTemplates } from './promptTemplates';
import { trackFindings, type NoteLocation, type RunContext } from './runContext';
import type { ApiKeyStore } from './secrets';
import { createSession } from './session';
import { readSettings } from './settings';
import type { StatusBar } from './statusBar';
import { resolveTrustedLocations, type TrustNotices } from './trust';

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
  panel: SumLensPanel;
  statusBar: StatusBar;
  log: vscode.LogOutputChannel;
  globalStorage: vscode.Uri;
}

const label = (uri: string) => path.basename(vscode.Uri.parse(uri).path);

function note(document: vscode.TextDocument, range?: vscode.Range): NoteLocation {
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const span = range ?? whole;
  return { uri: document.uri.toString(), offset: document.offsetAt(span.start), text: document.getText(span) };
}

export class Evaluator implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<EvaluationOutcome>();
  /** Fires after each run's findings were handed to the store (also after a cancelled run). */
  readonly onDidFinish = this.finished.event;
  private lastOutcome: EvaluationOutcome | undefined;
  private current: AbortController | undefined;

  constructor(private readonly deps: EvaluatorDeps) {}

  dispose(): void {
    this.current?.abort();
    this.finished.dispose();
  }

  get last(): EvaluationOutcome | undefined {
    return this.lastOutcome;
  }

  /** Cancels the run in progress, if any (the progress notification's Cancel does the same). */
  cancel(): boolean {
    if (!this.current) return false;
    this.current.abort();
    return true;
  }

  /** Evaluates the editor's selection (or the whole document when `whole` or nothing is selected). */
  async evaluateEditor(editor: vscode.TextEditor, whole: boolean): Promise<EvaluationOutcome | undefined> {
    const document = editor.document;
    const range = whole || editor.selection.isEmpty ? undefined : editor.selection;
    const summary = note(document, range);
    if (!summary.text.trim()) {
      void vscode.window.showWarningMessage('SumLens: the summary is empty. Select the summary text first.');
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
    const outcome = await this.run(context, document.uri, { method: 'fine', keepOtherFindings: true });
    if (!outcome) return undefined;
    const replacements = outcome.findings.filter(
      (f) => f.anchor.uri === tracked.anchor.uri && f.anchor.start < tracked.anchor.end && tracked.anchor.start < f.anchor.end,
    );
    this.deps.store.replaceFinding(findingId, replacements);
    if (replacements.length === 0) void vscode.window.showInformationMessage(`SumLens: re-checked "${tracked.anchor.text}": no problem found this time.`);
    return replacements;
  }

  private async run(
    context: RunContext,
    scope: vscode.Uri,
    options: { method?: Method; keepOtherFindings?: boolean } = {},
  ): Promise<EvaluationOutcome | undefined> {
    const { panel, statusBar, log } = this.deps;
    const settings = readSettings(scope);
    const method = options.method ?? settings.method;
    const locations = resolveTrustedLocations(scope);
    this.deps.notices.notify(locations.ignored);
    const promptOverrideDir = this.deps.templates.stage(locations.promptOverrideDir);

    let session: LlmSession;
    try {
      session = await createSession(settings, locations.baseUrl, this.deps.keys, this.deps.globalStorage);
    } catch (error) {
      return this.fail(error);
    }

    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    const started = Date.now();
    const aspects: AspectResult[] = [];
    const partial = (): EvaluationResult => ({
      aspects: [...aspects],
      usage: session.usage(),
      model: session.model,
      endpoint: session.endpoint,
      method,
      task: settings.task,
      durationMs: Date.now() - started,
      cancelled: true,
    });
    // A re-check judges one sentence in the background: the panel keeps describing the main run.
    panel.update(
      options.keepOtherFindings
        ? { running: true, progress: undefined, error: undefined }
        : {
            running: true,
            progress: undefined,
            error: undefined,
            notes: {
              summary: { uri: context.summary.uri, offset: context.summary.offset },
              source: { uri: context.source.uri, offset: 0 },
              reference: context.reference ? { uri: context.reference.uri, offset: 0 } : undefined,
            },
            summaryName: label(context.summary.uri),
            sourceName: label(context.source.uri),
            referenceName: context.reference ? label(context.reference.uri) : undefined,
          },
    );
    statusBar.running('…');
    log.info(`evaluating ${context.summary.uri} against ${context.source.uri} with ${session.model} at ${session.endpoint} (${method})`);

    let result: EvaluationResult;
    try {
      result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `SumLens: ${label(context.summary.uri)}`, cancellable: true },
        async (progress, token) => {
          const subscription = token.onCancellationRequested(() => controller.abort());
          let reported = 0;
          try {
            return await evaluate(
              { source: context.source.text, summary: context.summary.text, reference: context.reference?.text, task: settings.task },
              {
                method,
                aspects: settings.aspects.length ? settings.aspects : undefined,
                samples: settings.samples,
                promptOverrideDir,
                session,
              },
              {
                signal: controller.signal,
                onProgress: (p) => {
                  const percent = p.total ? (100 * p.done) / p.total : 0;
                  progress.report({ message: `${p.done}/${p.total} ${p.label}`, increment: percent - reported });
                  reported = percent;
                  panel.progress(p);
                  statusBar.running(`${p.done}/${p.total}`);
                },
                onAspect: (aspect) => {
                  aspects.push(aspect);
                  if (!options.keepOtherFindings) panel.update({ result: { ...partial(), cancelled: undefined } });
                },
              },
            );
          } finally {
            subscription.dispose();
          }
        },
      );
    } catch (error) {
      if (!isCancellation(error)) return this.fail(error);
      result = partial();
    } finally {
      if (this.current === controller) this.current = undefined;
    }
    if (controller.signal.aborted) result = { ...result, cancelled: true };
    return this.apply(context, result, options.keepOtherFindings ?? false);
  }

  private async apply(context: RunContext, result: EvaluationResult, keepOtherFindings: boolean): Promise<EvaluationOutcome> {
    const documents = new Map<string, vscode.TextDocument>();
    for (const n of [context.summary, context.source, context.reference]) {
      if (n) documents.set(n.uri, await documentFor(n.uri));
    }
    const findings = trackFindings(context, result, documents);
    const outcome: EvaluationOutcome = { context, result, findings };
    if (!keepOtherFindings) {
      this.deps.store.replaceRun(context.summary.uri, findings);
      this.lastOutcome = outcome;
      this.deps.panel.update({ result, running: false, progress: undefined });
      this.deps.statusBar.show(result, findings.length);
    } else {
      this.deps.panel.update({ running: false, progress: undefined });
      if (this.lastOutcome) this.deps.statusBar.show(this.lastOutcome.result, this.lastOutcome.findings.length);
    }
    this.deps.log.info(`done: ${result.aspects.length} aspects, ${findings.length} findings${result.cancelled ? ' (cancelled)' : ''}`);
    this.finished.fire(outcome);
    return outcome;
  }

  private fail(error: unknown): undefined {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.error(message);
    this.deps.panel.update({ running: false, progress: undefined, error: message });
    this.deps.statusBar.failed(message);
    void vscode.window.showErrorMessage(`SumLens: ${message}`);
    return undefined;
  }
}

/** The sentence (within its line block) that holds [start, end): what a re-check judges. */
function sentenceAround(document: vscode.TextDocument, start: number, end: number): vscode.Range {
  const text = document.getText();
  let from = start;
  while (from > 0 && !/[.!?\n]/.test(text[from - 1])) from--;
  let to = end;
  while (to < text.length && !/[.!?\n]/.test(text[to])) to++;
  if (to < text.length && text[to] !== '\n') to++;
  while (from < start && /\s/.test(text[from])) from++;
  return new vscode.Range(document.positionAt(from), document.positionAt(to));
}
