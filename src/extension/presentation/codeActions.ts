/**
 * Quick fixes on SumLens diagnostics: agree or disagree with the finding (the reviewer's
 * verdict, kept in .sumlens/feedback.jsonl), show the evidence, ignore this finding,
 * re-check this fact. Only our own diagnostics are considered (filtered by `source`).
 */
import * as vscode from 'vscode';
import { diagnosticSource } from './diagnostics';
import type { FindingStore, TrackedFinding } from '../findings';
import type { FeedbackLog } from '../persistence/feedbackLog';

export const commandIds = {
  showEvidence: 'sumlens.showEvidence',
  ignoreFinding: 'sumlens.ignoreFinding',
  recheckFinding: 'sumlens.recheckFinding',
  agreeWithFinding: 'sumlens.agreeWithFinding',
  disagreeWithFinding: 'sumlens.disagreeWithFinding',
} as const;

export class FindingCodeActions implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  constructor(
    private readonly store: FindingStore,
    private readonly feedback: FeedbackLog,
  ) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.contains(context.only)) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== diagnosticSource) continue;
      const finding = this.findingFor(document, diagnostic);
      if (!finding) continue;
      const verdict = this.feedback.verdictOn(finding.id);
      actions.push(
        this.action(verdict === 'agree' ? 'Agree: a real problem (your verdict)' : 'Agree: a real problem', commandIds.agreeWithFinding, finding, diagnostic),
        this.action(
          verdict === 'disagree' ? 'Disagree: the judge is wrong here (your verdict)' : 'Disagree: the judge is wrong here',
          commandIds.disagreeWithFinding,
          finding,
          diagnostic,
        ),
      );
      if (finding.evidence.length) {
        actions.push(this.action('Show the evidence', commandIds.showEvidence, finding, diagnostic));
      }
      actions.push(this.action('Ignore this finding', commandIds.ignoreFinding, finding, diagnostic));
      if (finding.finding.note === 'target' && finding.finding.kind !== 'readability') {
        actions.push(this.action('Re-check this fact', commandIds.recheckFinding, finding, diagnostic));
      }
    }
    return actions;
  }

  /** The finding behind a diagnostic: same document, same range, same message. */
  private findingFor(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): TrackedFinding | undefined {
    return this.store
      .visible(document.uri.toString())
      .find(
        (f) =>
          f.finding.message === diagnostic.message &&
          document.offsetAt(diagnostic.range.start) === f.anchor.start &&
          document.offsetAt(diagnostic.range.end) === f.anchor.end,
      );
  }

  private action(title: string, command: string, finding: TrackedFinding, diagnostic: vscode.Diagnostic): vscode.CodeAction {
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    action.command = { title, command, arguments: [finding.id] };
    return action;
  }
}
