/**
 * "SumLens: Audit Judge": is the configured judge fair on the user's own summaries? The items
 * of a data file (the one right-clicked, the active editor's, or picked; the first 30 rows, as
 * `sumlens audit` takes them) are probed (length, address, facts, order, damage): each summary
 * and its changed copies scored by the judge and method of the settings, the paired differences
 * tested. The cost is shown and confirmed first; the run has progress and a Cancel that keeps
 * what finished; the table and each probe's example change land in the panel.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { AuditSubject } from '../../core/audit/auditItems';
import type { AuditReport } from '../../core/audit/auditStats';
import type { AuditRun } from '../../core/audit/runAudit';
import { datasetSpecInput } from '../datasets/datasetRunSpec';
import type { JudgeAudit } from '../../core/operations/auditJudge';
import type { Method, Task } from '../../core/result';
import { pickDataFile, type DatasetRunDeps } from '../datasets/evaluateDataset';
import type { SumLensPanel } from '../presentation/panel';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import { readSettings } from '../settings';
import { resolveTrustedLocations } from '../trust';
import { formatCount } from '../webview/numberFormat';
import { auditModel } from './auditModel';

/** `one` for a count of 1, else `many` (both already translated). */
const counted = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Items audited, as `sumlens audit --limit` defaults: enough pairs for the paired tests, a bounded cost. */
export const AUDIT_ITEMS = 30;
const AUDIT_SEED = 20260101;
const AUDIT_ALPHA = 0.05;

export interface AuditOutcome {
  run: AuditRun;
  report: AuditReport;
}

/** The fine-grained method audits its metrics; the holistic ones their aspects ("all" audits the scores). */
const auditedMethod = (method: Method): Exclude<Method, 'all'> => (method === 'all' ? 'geval' : method);

export class AuditJudge {
  private running: AbortController | undefined;

  constructor(
    private readonly panel: SumLensPanel,
    private readonly deps: DatasetRunDeps,
  ) {}

  cancel(): void {
    this.running?.abort();
  }

  /** The command; `confirmed` skips the cost question (the extension's API, for tests). */
  async run(argument: unknown, confirmed = false): Promise<AuditOutcome | undefined> {
    const data = await pickDataFile(argument);
    if (!data) return undefined;
    const controller = new AbortController();
    this.running = controller;
    try {
      const engine = loadEngine();
      const settings = readSettings(data);
      const locations = resolveTrustedLocations(data);
      this.deps.notices.notify(locations.ignored);
      const promptOverrideDir = this.deps.templates.stage(locations.promptOverrideDir);
      const task = settings.task;
      const method = auditedMethod(settings.method);
      const subjects = await readSubjects(engine, data, task);
      const session = await createSession(settings, locations.baseUrl, { keys: this.deps.keys, globalStorage: this.deps.globalStorage });
      const probes = engine.PROBES.filter((p) => engine.DEFAULT_PROBES.includes(p.name));
      // Judged as a dataset run of the same settings would be: evaluate()'s options from the run spec alone.
      const specInput = datasetSpecInput(settings, { endpoint: session.endpoint, model: session.model, method, prompts: promptOverrideDir });
      const spec = { ...engine.buildSpec(specInput), method };
      const audit = { spec, subjects, probes, seed: AUDIT_SEED, alpha: AUDIT_ALPHA };
      if (!confirmed && !(await this.confirmCost(engine, audit))) return undefined;

      this.panel.update({ view: 'audit', running: true, error: undefined });
      this.deps.log.info(`auditing ${session.model} (${method}) on ${subjects.length} item(s) of ${data.fsPath}`);
      const { run, report } = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: auditing {0}', session.model), cancellable: true },
        (progress, token) => {
          const subscription = token.onCancellationRequested(() => controller.abort());
          return engine
            .auditJudge(audit, {
              session,
              signal: controller.signal,
              onProgress: (done, total) => {
                const message = `${done} of ${total} evaluations`;
                progress.report({ message, increment: 100 / total });
                this.panel.progress({ done, total, label: message });
              },
            })
            .finally(() => void subscription.dispose());
        },
      );
      const notes = { levelNote: engine.levelNote(report), resamplingNote: engine.resamplingNote(report.resampling) };
      this.panel.update({
        view: 'audit',
        audit: auditModel(run, report, { model: session.model, prompts: 'plain', ...notes }),
        running: false,
        progress: undefined,
      });
      this.panel.show(true);
      this.announce(run, report);
      return { run, report };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.error(message);
      this.panel.update({ running: false, progress: undefined, error: message });
      void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: the audit stopped: {0}', message));
      return undefined;
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /** Asks whether to spend what the audit is estimated to cost, with what its items can tell. */
  private async confirmCost(engine: ReturnType<typeof loadEngine>, audit: JudgeAudit): Promise<boolean> {
    const { subjects, probes, spec } = audit;
    const { model } = spec.judge;
    const { estimate, plan } = await engine.auditEstimate(audit);
    const usd = engine.estimateCost(model, estimate.usage, false);
    const cost = vscode.l10n.t(
      '{0} and their changed copies ({1}): {2}, {3}, ~{4} prompt tokens, {5}. Answers already cached cost nothing.',
      counted(subjects.length, vscode.l10n.t('1 summary'), vscode.l10n.t('{0} summaries', formatCount(subjects.length))),
      probes.map((p) => p.name).join(', '),
      counted(estimate.items, vscode.l10n.t('1 evaluation'), vscode.l10n.t('{0} evaluations', formatCount(estimate.items))),
      counted(estimate.usage.calls, vscode.l10n.t('1 call'), vscode.l10n.t('{0} calls', formatCount(estimate.usage.calls))),
      formatCount(estimate.usage.promptTokens),
      usd === undefined ? vscode.l10n.t('no price known for this model') : engine.formatCost(usd),
    );
    const detail = [cost, vscode.l10n.t('What these items can tell:'), ...engine.planLines(plan)].join('\n');
    const auditButton = vscode.l10n.t('Audit');
    const go = await vscode.window.showInformationMessage(vscode.l10n.t('Audit {0} ({1})?', model, spec.method), { modal: true, detail }, auditButton);
    return go === auditButton;
  }

  private announce(run: AuditRun, report: AuditReport): void {
    if (run.cancelled) void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: audit cancelled; the panel shows what finished. {0}', report.summary));
    else if (run.failed)
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'SumLens: evaluations of the audit failed: {0} ({1}). {2}',
          formatCount(run.failed),
          run.errors[0] ?? vscode.l10n.t('see the SumLens output'),
          report.summary,
        ),
      );
    else if (report.nothingAudited || report.probes.some((p) => p.violated)) void vscode.window.showWarningMessage(`SumLens: ${report.summary}`);
    else void vscode.window.showInformationMessage(`SumLens: ${report.summary}`);
  }
}

/** The first AUDIT_ITEMS usable rows of the data file; none is an error. */
async function readSubjects(engine: ReturnType<typeof loadEngine>, data: vscode.Uri, task: Task): Promise<AuditSubject[]> {
  const subjects: AuditSubject[] = [];
  for await (const item of engine.dataItems({ path: data.fsPath, task })) {
    subjects.push({
      key: item.key,
      source: item.input.source,
      summary: item.input.summary,
      ...(item.input.reference ? { reference: item.input.reference } : {}),
    });
    if (subjects.length >= AUDIT_ITEMS) break;
  }
  if (subjects.length === 0) throw new Error(`${path.basename(data.path)} has no usable row: each row needs id, source and summary`);
  return subjects;
}

export function registerAuditJudge(audit: AuditJudge): vscode.Disposable[] {
  return [vscode.commands.registerCommand('sumlens.auditJudge', (uri: unknown) => audit.run(uri))];
}
