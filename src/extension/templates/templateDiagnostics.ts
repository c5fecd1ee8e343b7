/**
 * Live diagnostics on prompt templates while they are edited: the engine's own loader checks
 * the unsaved text (loadTemplateText) and every problem it finds (unknown front-matter key, undeclared or unused
 * placeholder, a scale that does not parse, a missing section, a template that never shows
 * the judge the text it evaluates) is shown at its line. The files a run checks on disk
 * (PromptTemplates) report here too: one collection, the latest check of a file wins.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { TemplateError } from '../../core/prompts';
import { loadEngine } from '../run/loadEngine';
import { loadTemplateText } from './loadTemplateText';
import { isTemplate } from './templateFiles';

/** Pause after the last keystroke before the template is checked again. */
const debounceMs = 250;

export class TemplateDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('sumlens-template-editing');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly scratchDir: string) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, debounceMs)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
    ];
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }

  /**
   * The run's check of a template file on disk. An open template whose text is what is on
   * disk is already checked live (with the editor's own warnings too), so it is left alone.
   */
  onDisk(filePath: string, problem: TemplateError | undefined): void {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === filePath);
    if (open && open.getText() === fs.readFileSync(filePath, 'utf8')) return;
    const uri = vscode.Uri.file(filePath);
    if (!problem) {
      this.collection.delete(uri);
      return;
    }
    this.collection.set(uri, [
      this.diagnostic(problem.line - 1, `${problem.detail} — SumLens uses the built-in template until this is fixed.`, vscode.DiagnosticSeverity.Error),
    ]);
  }

  /** The problems of one template's current text. */
  check(document: vscode.TextDocument): vscode.Diagnostic[] {
    const engine = loadEngine();
    const diagnostics: vscode.Diagnostic[] = [];
    try {
      loadTemplateText(document, this.scratchDir);
    } catch (error) {
      const line = error instanceof engine.TemplateError ? error.line - 1 : 0;
      const detail = error instanceof engine.TemplateError ? error.detail : (error as Error).message;
      diagnostics.push(this.diagnostic(line, detail, vscode.DiagnosticSeverity.Error));
    }
    this.collection.set(document.uri, diagnostics);
    return diagnostics;
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!isTemplate(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        if (!document.isClosed) this.check(document);
      }, delay),
    );
  }

  private diagnostic(line: number, message: string, severity: vscode.DiagnosticSeverity): vscode.Diagnostic {
    const diagnostic = new vscode.Diagnostic(new vscode.Range(Math.max(0, line), 0, Math.max(0, line), Number.MAX_SAFE_INTEGER), message, severity);
    diagnostic.source = 'SumLens';
    diagnostic.code = 'template';
    return diagnostic;
  }
}
