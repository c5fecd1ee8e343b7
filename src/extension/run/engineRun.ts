/**
 * Runs the engine for a RunContext under a cancellable progress notification: once, or
 * `sumlens.repeat` times independently with the spread of every score over the runs. The
 * notification's Cancel (or the run's own AbortSignal) stops the run; what finished before
 * is returned, marked cancelled. Any other failure is thrown to the caller.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { Juror } from '../../core/jury/evaluateJury';
import type { LlmSession } from '../../core/llm/types';
import type { AspectResult, EvaluationResult, Method } from '../../core/result';
import { chooseOptionsOf, type Settings } from '../settings';
import { judgedByJury } from './jurors';
import { loadEngine } from './loadEngine';
import { progressMessage } from './progressWording';
import type { RunContext } from './runContext';

export interface EngineRequest {
  context: RunContext;
  settings: Settings;
  method: Method;
  session: LlmSession;
  promptOverrideDir?: string;
  signal: AbortSignal;
  /** A jury (sumlens.judges): G-Eval and rationale-first aspects are scored by each judge, pooled. */
  jurors?: Juror[];
}

export interface EngineRunHooks {
  /** A step finished: `message` says what is being done, with the calls and tokens so far. */
  onProgress(progress: { done: number; total: number; label: string }): void;
  /** The aspects scored so far (as a partial result), each time one more is scored. */
  onPartial(result: EvaluationResult): void;
}

const label = (uri: string) => path.basename(vscode.Uri.parse(uri).path);

/** evaluate()'s options for one summary from the settings (without the session): a run and its estimate ask the same things. */
export function engineOptions(settings: Settings, method: Method, promptOverrideDir: string | undefined) {
  return {
    method,
    aspects: settings.aspects.length ? settings.aspects : undefined,
    samples: settings.samples,
    route: settings.route,
    maxStandardError: settings.maxStandardError,
    sourceTokens: settings.sourceTokens,
    reasonLanguage: settings.reasonLanguage,
    promptOverrideDir,
    ...(method === 'choose' ? chooseOptionsOf(settings) : {}),
  };
}

export async function runEngine(request: EngineRequest, hooks: EngineRunHooks, abort: () => void): Promise<EvaluationResult> {
  const { context, settings, method, session } = request;
  const engine = loadEngine();
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
  });
  let result: EvaluationResult;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `SumLens: ${label(context.summary.uri)}`, cancellable: true },
      async (progress, token) => {
        const subscription = token.onCancellationRequested(abort);
        let reported = 0;
        try {
          const input = { source: context.source.text, summary: context.summary.text, reference: context.reference?.text, task: settings.task };
          const options = { ...engineOptions(settings, method, request.promptOverrideDir), session };
          const engineHooks = {
            signal: request.signal,
            onProgress: (p: { done: number; total: number; label: string }) => {
              const percent = p.total ? (100 * p.done) / p.total : 0;
              const message = progressMessage(p, session.usage(), vscode.l10n.t);
              progress.report({ message, increment: percent - reported });
              reported = percent;
              hooks.onProgress({ done: p.done, total: p.total, label: message });
            },
            onAspect: (aspect: AspectResult) => {
              aspects.push(aspect);
              hooks.onPartial(partial());
            },
          };
          if (request.jurors && judgedByJury(settings, method)) {
            const { session: _main, ...shared } = options;
            const jury = await engine.evaluateJury(
              input,
              request.jurors,
              { options: shared, rule: 'mean', evaluate: engine.evaluate },
              { signal: request.signal },
            );
            // A jury none of whose judges answered is a failed run, with the first judge's reason.
            if (jury.judges.every((j) => j.error)) throw new Error(`every judge of the jury failed; ${jury.judges[0].name}: ${jury.judges[0].error!.message}`);
            return engine.juryAsResult(jury, { method, task: settings.task, durationMs: Date.now() - started, cancelled: request.signal.aborted });
          }
          if (settings.repeat === 1) return await engine.evaluate(input, options, engineHooks);
          const repeated = await engine.evaluateRepeated(input, options, { runs: settings.repeat, threshold: settings.passThreshold }, engineHooks);
          // The first run is shown in full; the spread covers every run, and so do the calls.
          return {
            ...repeated.runs[0],
            usage: session.usage(),
            durationMs: Date.now() - started,
            ...(repeated.cancelled ? { cancelled: true } : {}),
            repeat: { runs: settings.repeat, threshold: settings.passThreshold, spread: repeated.spread },
          };
        } finally {
          subscription.dispose();
        }
      },
    );
  } catch (error) {
    if (!engine.isCancellation(error)) throw error;
    result = partial();
  }
  return request.signal.aborted ? { ...result, cancelled: true } : result;
}
