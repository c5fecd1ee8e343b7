/**
 * Runs the engine once for a RunContext under a cancellable progress notification. The
 * notification's Cancel (or the run's own AbortSignal) stops the run; what finished before
 * is returned, marked cancelled. Any other failure is thrown to the caller.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { LlmSession } from '../../core/llm/types';
import type { AspectResult, EvaluationResult, Method } from '../../core/result';
import type { Settings } from '../settings';
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
}

export interface EngineRunHooks {
  /** A step finished: `message` says what is being done, with the calls and tokens so far. */
  onProgress(progress: { done: number; total: number; label: string }): void;
  /** The aspects scored so far (as a partial result), each time one more is scored. */
  onPartial(result: EvaluationResult): void;
}

const label = (uri: string) => path.basename(vscode.Uri.parse(uri).path);

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
          return await engine.evaluate(
            { source: context.source.text, summary: context.summary.text, reference: context.reference?.text, task: settings.task },
            {
              method,
              aspects: settings.aspects.length ? settings.aspects : undefined,
              samples: settings.samples,
              route: settings.route,
              maxStandardError: settings.maxStandardError,
              promptOverrideDir: request.promptOverrideDir,
              session,
            },
            {
              signal: request.signal,
              onProgress: (p) => {
                const percent = p.total ? (100 * p.done) / p.total : 0;
                const message = progressMessage(p, session.usage());
                progress.report({ message, increment: percent - reported });
                reported = percent;
                hooks.onProgress({ done: p.done, total: p.total, label: message });
              },
              onAspect: (aspect) => {
                aspects.push(aspect);
                hooks.onPartial(partial());
              },
            },
          );
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
