/**
 * Settings that decide where text and the API key are sent, what a run costs, or which
 * prompts run. In an untrusted workspace their workspace-level values are ignored (VS Code
 * does so for every key in `restrictedConfigurations`), so a cloned repository can never
 * redirect the user's key, pick a paid model, multiply the calls or inject its own prompts.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const defaultPromptsFolder = '.sumlens/prompts';

/** The restricted settings read as plain values (the prompt folder is handled on its own). */
const restrictedSettings = [
  'provider',
  'model',
  'baseUrl',
  'samples',
  'concurrency',
  'route',
  'maxStandardError',
  'reasoningBudget',
  'measure.items',
  'measure.dataset',
  'judges',
] as const;

export interface TrustedLocations {
  /** The endpoint to use; undefined means the engine's default (api.openai.com). */
  baseUrl?: string;
  /** Folder of workspace templates shadowing the built-in ones; undefined when none applies. */
  promptOverrideDir?: string;
  /** What was ignored because the workspace is untrusted (shown to the user as a notice). */
  ignored: string[];
}

/**
 * True when the workspace's own settings files name `sumlens.<key>`. In Restricted Mode VS
 * Code already hides the workspace value of a restricted setting (even from inspect()), so
 * the files are the only way to tell the user what was ignored.
 */
function workspaceFilesMention(key: string): boolean {
  const files = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => path.join(f.uri.fsPath, '.vscode', 'settings.json'));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile?.scheme === 'file') files.push(workspaceFile.fsPath);
  const pattern = new RegExp(`"sumlens\\.${key}"\\s*:`);
  return files.some((file) => {
    try {
      return pattern.test(fs.readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

function workspaceLevel<T>(key: string, scope?: vscode.Uri): { value: T | undefined; fromWorkspace: boolean } {
  const inspected = vscode.workspace.getConfiguration('sumlens', scope).inspect<T>(key);
  const workspaceValue = inspected?.workspaceFolderValue ?? inspected?.workspaceValue;
  const userValue = inspected?.globalValue ?? inspected?.defaultValue;
  if (vscode.workspace.isTrusted) return { value: workspaceValue ?? userValue, fromWorkspace: workspaceValue !== undefined };
  return { value: userValue, fromWorkspace: workspaceValue !== undefined || workspaceFilesMention(key) };
}

/** The base URL and prompt folder to use for a run on `scope`, honouring workspace trust. */
export function resolveTrustedLocations(scope?: vscode.Uri): TrustedLocations {
  const trusted = vscode.workspace.isTrusted;
  const ignored: string[] = [];

  const baseUrl = workspaceLevel<string>('baseUrl', scope);
  for (const key of restrictedSettings) {
    if (!trusted && workspaceLevel(key, scope).fromWorkspace) ignored.push(vscode.l10n.t('the workspace setting sumlens.{0}', key));
  }

  const dir = workspacePromptFolder(scope);
  let promptOverrideDir: string | undefined;
  if (dir && fs.existsSync(dir)) {
    if (trusted) promptOverrideDir = dir;
    else ignored.push(vscode.l10n.t('the workspace prompt templates in {0}', vscode.workspace.asRelativePath(dir)));
  }
  return { baseUrl: baseUrl.value || undefined, promptOverrideDir, ignored };
}

/** Tells the user (once per session and kind) what restricted mode made SumLens ignore. */
export class TrustNotices {
  private readonly shown = new Set<string>();
  /** Every notice given, for tests and the output channel. */
  readonly log: string[] = [];

  notify(ignored: string[]): void {
    for (const what of ignored) {
      if (this.shown.has(what)) continue;
      this.shown.add(what);
      const message = vscode.l10n.t('SumLens ignored {0} because this workspace is not trusted (Restricted Mode).', what);
      this.log.push(message);
      void vscode.window.showWarningMessage(message, vscode.l10n.t('Manage Workspace Trust')).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
      });
    }
  }
}

/** The workspace prompt folder's path (whether or not it exists), for customizePrompt. */
export function workspacePromptFolder(scope?: vscode.Uri): string | undefined {
  const root = (scope && vscode.workspace.getWorkspaceFolder(scope)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!root || root.uri.scheme !== 'file') return undefined;
  const setting = workspaceLevel<string>('promptsFolder', scope).value;
  return path.resolve(root.uri.fsPath, setting || defaultPromptsFolder);
}
