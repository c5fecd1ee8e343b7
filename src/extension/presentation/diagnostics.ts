/**
 * Renders the FindingStore as diagnostics: in the summary, incorrect facts are Errors,
 * unsupported / partial / misplaced ones Warnings and readability issues Information; in
 * the source, missed facts are Warnings. `code` links to the aspect's explanation and
 * related information points at the evidence.
 */
import * as vscode from 'vscode';
import type { FindingKind } from '../../core/result';
import { rangeOf } from '../documents';
import type { FindingStore, TrackedFinding } from '../findings';

export const diagnosticSource = 'SumLens';

const severities: Record<FindingKind, vscode.DiagnosticSeverity> = {
  incorrect: vscode.DiagnosticSeverity.Error,
  unsupported: vscode.DiagnosticSeverity.Warning,
  partial: vscode.DiagnosticSeverity.Warning,
  misplaced: vscode.DiagnosticSeverity.Warning,
  missing: vscode.DiagnosticSeverity.Warning,
  readability: vscode.DiagnosticSeverity.Information,
};

/** The fine-grained metric a finding counts against (the aspect its code links to). */
export function metricOf(f: TrackedFinding): string {
  switch (f.finding.kind) {
    case 'missing':
      return 'completeness';
    case 'misplaced':
      return 'alignment';
    case 'readability':
      return 'readability';
    default:
      return f.entity?.metric ?? 'correctness';
  }
}

/** The diagnostic's code: the metric, and the kind when it says more ("correctness/unsupported", "completeness"). */
export function findingCode(f: TrackedFinding): string {
  const metric = metricOf(f);
  return metric === f.finding.kind ? metric : `${metric}/${f.finding.kind}`;
}

export class DiagnosticsPublisher implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('sumlens');
  private readonly subscription: vscode.Disposable;
  /** Resolves when the latest refresh has been published (tests and the panel await it). */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: FindingStore,
    private readonly explanation: vscode.Uri,
  ) {
    this.subscription = store.onDidChange((uris) => {
      this.pending = this.pending.then(() => this.refresh(uris));
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }

  settled(): Promise<void> {
    return this.pending;
  }

  private async refresh(uris: string[]): Promise<void> {
    for (const uri of uris) {
      const findings = this.store.visible(uri);
      if (findings.length === 0) {
        this.collection.delete(vscode.Uri.parse(uri));
        continue;
      }
      try {
        const diagnostics = await Promise.all(findings.map((f) => this.toDiagnostic(f)));
        this.collection.set(vscode.Uri.parse(uri), diagnostics);
      } catch {
        // The document is gone (deleted or unreadable): nothing left to point at.
        this.collection.delete(vscode.Uri.parse(uri));
      }
    }
  }

  private async toDiagnostic(f: TrackedFinding): Promise<vscode.Diagnostic> {
    const diagnostic = new vscode.Diagnostic(await rangeOf(f.anchor), f.finding.message, severities[f.finding.kind]);
    diagnostic.source = diagnosticSource;
    diagnostic.code = { value: findingCode(f), target: this.explanation.with({ fragment: metricOf(f) }) };
    const related: vscode.DiagnosticRelatedInformation[] = [];
    for (const evidence of f.evidence) {
      try {
        const location = new vscode.Location(vscode.Uri.parse(evidence.uri), await rangeOf(evidence));
        related.push(new vscode.DiagnosticRelatedInformation(location, `Evidence: "${evidence.text}"`));
      } catch {
        // The evidence document is gone; the finding still stands.
      }
    }
    if (related.length) diagnostic.relatedInformation = related;
    return diagnostic;
  }
}
