/**
 * The status bar item: the shown run's overall score and how many of its findings the
 * Problems panel lists (kept in step by RunPresenter); click opens the panel.
 */
import * as vscode from 'vscode';
import type { EvaluationResult } from '../../core/result';
import { formatCount, formatScore, plural } from '../webview/numberFormat';
import { provenanceLine } from '../webview/provenanceText';
import { shownBrief, shownGroups } from '../webview/sourceShownText';

/** Mean of every score on a 1–5 scale (aspects and fine-grained metrics), or null. */
export function overallScore(result: EvaluationResult): number | null {
  const scores: number[] = [];
  for (const a of result.aspects) {
    if (a.score !== null) scores.push(1 + (4 * (a.score - a.scale[0])) / (a.scale[1] - a.scale[0] || 1));
  }
  const fine = result.fine;
  if (fine) for (const m of [fine.completeness, fine.correctness, fine.alignment, fine.readability]) if (m) scores.push(m.score);
  return scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : null;
}

/** "3 findings", in the display language. */
function findingCount(n: number): string {
  return n === 1 ? vscode.l10n.t('1 finding') : vscode.l10n.t('{0} findings', formatCount(n));
}

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('sumlens.status', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = 'SumLens';
    this.item.command = 'sumlens.openPanel';
  }

  running(label: string): void {
    this.item.text = `$(loading~spin) SumLens ${label}`;
    this.item.tooltip = vscode.l10n.t('SumLens is evaluating…');
    this.item.show();
  }

  private result: EvaluationResult | undefined;
  private findings = 0;

  show(result: EvaluationResult, findings: number): void {
    this.result = result;
    this.findings = findings;
    this.render();
  }

  /** The number of findings shown changed (ignored, cleared, edited away). */
  setFindings(findings: number): void {
    if (!this.result || findings === this.findings) return;
    this.findings = findings;
    this.render();
  }

  /** What the item says now (tests read it: the item itself is not readable through the API). */
  get text(): string {
    return this.item.text;
  }

  /** What its hover says now (for tests, as `text`). */
  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? '');
  }

  private render(): void {
    const result = this.result;
    if (!result) return;
    const findings = this.findings;
    this.item.text = `$(checklist) SumLens ${formatScore(overallScore(result))}/5${findings ? ` · ${findingCount(findings)}` : ''}`;
    // One line per aspect with how it was made, and a count of its warnings (the panel has the rest).
    const lines = result.aspects.map((a) => {
      const how = a.provenance ? ` — ${provenanceLine(a.provenance)}` : '';
      const warned = a.warnings?.length ? ` · ${plural(a.warnings.length, 'warning')}` : '';
      return `${a.name}: ${formatScore(a.score)} / ${a.scale[1]}${how}${warned}`;
    });
    const fine = result.fine;
    if (fine) {
      for (const name of ['completeness', 'correctness', 'alignment', 'readability'] as const) {
        const m = fine[name];
        if (m) lines.push(`${name}: ${formatScore(m.score)} / 5`);
      }
    }
    // A long source shown as excerpts, said once per set of excerpts (the panel highlights them).
    for (const group of shownGroups(result)) lines.push(`${group.aspects.join(', ') || 'The scores'}: judged on ${shownBrief(group.shown)}`);
    const head = result.cancelled ? vscode.l10n.t('SumLens ({0}, cancelled)', result.model) : `SumLens (${result.model})`;
    this.item.tooltip = `${head}\n${lines.join('\n')}\n${vscode.l10n.t('Click to open the panel.')}`;
    this.item.show();
  }

  failed(message: string): void {
    this.item.text = '$(error) SumLens';
    this.item.tooltip = message;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
