/**
 * What the engine tells people during a run (a quirk of the endpoint learned, a parameter
 * dropped): every line goes to the SumLens output channel as it comes, and after the run one
 * non-modal information message sums them up. (session.ts masks the API key in every line.)
 */
import * as vscode from 'vscode';

export class EngineNotices {
  /** Every notice given, for tests. */
  readonly log: string[] = [];

  constructor(private readonly output: vscode.LogOutputChannel) {}

  /** A collector for one run; `announce()` shows its notices once, when the run is over. */
  forRun(): RunNotices {
    const lines: string[] = [];
    return {
      onNotice: (line) => {
        lines.push(line);
        this.log.push(line);
        this.output.warn(`judge: ${line}`);
      },
      announce: () => {
        if (lines.length === 0) return;
        const more = lines.length > 1 ? vscode.l10n.t(' (and {0} more in the SumLens output)', lines.length - 1) : '';
        void vscode.window.showInformationMessage(`SumLens: ${lines[0]}${more}`, vscode.l10n.t('Show Output')).then((choice) => {
          if (choice) this.output.show(true);
        });
      },
    };
  }
}

export interface RunNotices {
  onNotice(line: string): void;
  announce(): void;
}
