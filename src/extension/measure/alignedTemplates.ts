/**
 * The templates "Use this template" put in place, by the sha256 of their text, kept in the
 * workspace's state. A rating made under one of them is the judge *after* alignment: the
 * panel's agreement with your scores shows it in a row of its own ("· aligned template"),
 * beside the judge's rows before.
 */
import * as vscode from 'vscode';

const KEY = 'sumlens.alignedTemplates';

export class AlignedTemplates implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  has(templateSha256: string | undefined): boolean {
    return templateSha256 !== undefined && this.state.get<string[]>(KEY, []).includes(templateSha256);
  }

  async add(templateSha256: string): Promise<void> {
    const known = this.state.get<string[]>(KEY, []);
    if (!known.includes(templateSha256)) await this.state.update(KEY, [...known, templateSha256]);
    this.changed.fire();
  }

  /** The judge's name as the agreement table shows it for a rating made under this template. */
  judgeLabel(judgeName: string, templateSha256: string | undefined): string {
    return this.has(templateSha256) ? `${judgeName} · aligned template` : judgeName;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
