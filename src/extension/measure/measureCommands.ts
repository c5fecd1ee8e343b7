/**
 * The "Measure against people" CodeLens on aspect templates (with the last measurement's
 * figures beside it) and its command: cost preview and confirmation, the run, the figures
 * in the panel with the template's earlier measurements.
 */
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import type { SumLensPanel } from '../presentation/panel';
import { loadEngine } from '../run/loadEngine';
import { loadTemplateText } from '../templates/loadTemplateText';
import { isTemplate, templateIdOf, templateSelector } from '../templates/templateFiles';
import type { MeasurementHistory } from './measurementHistory';
import { measurementLine } from './measurementText';
import { measureTemplate, planMeasurement, type MeasureDeps } from './measureTemplate';

export const measureCommand = 'sumlens.measureTemplate';

class MeasureLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly history: MeasurementHistory) {
    this.onDidChangeCodeLenses = history.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const id = templateIdOf(document.uri);
    // Fine-grained steps have no score to correlate with people.
    if (!id || !isTemplate(document) || /^task:\s*fine\s*$/m.test(document.getText())) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses = [
      new vscode.CodeLens(top, { title: vscode.l10n.t('$(beaker) Measure against people'), command: measureCommand, arguments: [document.uri.toString()] }),
    ];
    const last = this.history.of(id)[0];
    if (last) {
      const sha = createHash('sha256').update(document.getText()).digest('hex');
      const title = `${sha === last.templateSha256 ? '' : '(before your last edits) '}${measurementLine(last)}`;
      lenses.push(new vscode.CodeLens(top, { title, command: 'sumlens.openPanel' }));
    }
    return lenses;
  }
}

export interface MeasureCommandDeps extends MeasureDeps {
  panel: SumLensPanel;
  scratchDir: string;
}

/** Measures the open template at `uri`; `confirmed` skips the cost question (the extension's API, for tests). */
export async function runMeasureCommand(uri: unknown, deps: MeasureCommandDeps, confirmed = false) {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) ?? vscode.window.activeTextEditor?.document;
  if (!document || !isTemplate(document)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: open a prompt template (prompts/<task>/<name>.md) first.'));
    return undefined;
  }
  try {
    const template = loadTemplateText(document, deps.scratchDir);
    if (!loadEngine().isAspectTemplate(template)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('SumLens: a fine-grained step has no score to compare with people; measure an aspect template.'));
      return undefined;
    }
    const text = document.getText();
    const plan = planMeasurement(template, text, document.uri);
    if (!confirmed) {
      const measure = vscode.l10n.t('Measure');
      const go = await vscode.window.showInformationMessage(
        vscode.l10n.t('Measure {0} against people?', template.id),
        { modal: true, detail: plan.text },
        measure,
      );
      if (go !== measure) return undefined;
    }
    const measurement = await measureTemplate({ template, templateText: text }, document.uri, plan, deps);
    if (!measurement) {
      void vscode.window.showInformationMessage(vscode.l10n.t('SumLens: measurement cancelled; nothing was recorded.'));
      return undefined;
    }
    deps.panel.update({ measurements: { templateId: template.id, history: deps.history.of(template.id) } });
    deps.panel.show(true);
    return measurement;
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('SumLens: cannot measure this template: {0}', (error as Error).message));
    return undefined;
  }
}

export function registerMeasure(deps: MeasureCommandDeps): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeLensProvider(templateSelector, new MeasureLenses(deps.history)),
    vscode.commands.registerCommand(measureCommand, (uri?: unknown) => runMeasureCommand(uri, deps)),
  ];
}
