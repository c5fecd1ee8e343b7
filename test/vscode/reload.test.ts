/**
 * Findings come back after a window reload, on the source as on the summary, with neither
 * document opened in an editor, and are dropped when the text under them changed.
 * scripts/test-vscode.mjs loads the window three times in one workspace and profile (the
 * second and third through Developer: Reload Window): evaluate, close every editor and note
 * what the Problems panel lists; after the reload, every finding is back, then the article
 * is changed on disk; after the next reload, the run on the changed text is gone.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { activateSumLens, evaluateSelection, fileUri, openFixture, sumlensDiagnostics } from './helpers';

const marker = process.env.SUMLENS_RELOAD_MARKER!;
const documents = ['summary.md', 'article.txt'];

interface BeforeReload {
  /** The window loads done so far. */
  loads: number;
  /** Diagnostics per document, as "line:character message". */
  diagnostics: Record<string, string[]>;
}

const note = (): BeforeReload | undefined => (fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as BeforeReload) : undefined);

function listed(name: string): string[] {
  return sumlensDiagnostics(fileUri(name))
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`)
    .sort();
}

function openInEditors(): string[] {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
  return tabs.flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [vscode.workspace.asRelativePath(tab.input.uri)] : []));
}

describe('findings after a window reload', () => {
  const before = note();
  if (!before) {
    it('before the reload: a fine-grained run leaves findings on the summary and on the source', async () => {
      const fx = await openFixture({ method: 'fine' });
      try {
        await evaluateSelection(fx.api);
      } finally {
        await fx.server.close();
      }
      const diagnostics = Object.fromEntries(documents.map((name) => [name, listed(name)]));
      assert.ok(diagnostics['summary.md'].length > 0 && diagnostics['article.txt'].length > 0, JSON.stringify(diagnostics));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // The saved runs are written 300 ms after the last change; the reload flushes storage.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      fs.writeFileSync(marker, JSON.stringify({ loads: 1, diagnostics } satisfies BeforeReload));
    });
  } else if (before.loads === 1) {
    it('after the reload: every finding is back on both documents, neither opened in an editor', async () => {
      const api = await activateSumLens();
      await api.restored();
      await api.diagnosticsSettled();
      for (const name of documents) assert.deepStrictEqual(listed(name), before.diagnostics[name], name);
      assert.deepStrictEqual(openInEditors(), [], 'no editor was opened by the restore');
      // The words under the missing fact change on disk while the window is closed.
      const article = fileUri('article.txt');
      const text = Buffer.from(await vscode.workspace.fs.readFile(article)).toString('utf8');
      await vscode.workspace.fs.writeFile(article, Buffer.from(text.replace('cut commuting times by half', 'cut commuting times a little'), 'utf8'));
      fs.writeFileSync(marker, JSON.stringify({ ...before, loads: 2 } satisfies BeforeReload));
    });
  } else {
    it('after a reload with the article changed on disk: the run on the old text is dropped, findings and all', async () => {
      const api = await activateSumLens();
      await api.restored();
      await api.diagnosticsSettled();
      for (const name of documents) assert.deepStrictEqual(listed(name), [], name);
    });
  }
});
