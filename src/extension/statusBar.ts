/** The status bar item: the last overall result; click opens the panel. */
import * as vscode from 'vscode';
import type { EvaluationResult } from '../core/result';

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

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('sumlens.status', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = 'SumLens';
    this.item.command = 'sumlens.openPanel';
  }

  running(label: string): void {
    this.item.text = `$(loading~spin) SumLens ${label}`;
    this.item.tooltip = 'SumLens is evaluating…';
    this.item.show();
  }

  show(result: EvaluationResult, findings: number): void {
    const score = overallScore(result);
    this.item.text = `$(checklist) SumLens ${score === null ? '—' : score.toFixed(1)}/5${findings ? ` · ${findings} finding${findings === 1 ? '' : 's'}` : ''}`;
    const lines = result.aspects.map((a) => `${a.name}: ${a.score === null ? '—' : a.score.toFixed(2)} / ${a.scale[1]}`);
    const fine = result.fine;
    if (fine) {
      for (const name of ['completeness', 'correctness', 'alignment', 'readability'] as const) {
        const m = fine[name];
        if (m) lines.push(`${name}: ${m.score.toFixed(2)} / 5`);
      }
    }
    this.item.tooltip = `SumLens (${result.model}${result.cancelled ? ', cancelled' : ''})\n${lines.join('\n')}\nClick to open the panel.`;
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
