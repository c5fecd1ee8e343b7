/** Files as VS Code found them, most recently changed first (one whose time cannot be read last). */
import * as vscode from 'vscode';

export async function newestFirst(files: readonly vscode.Uri[]): Promise<vscode.Uri[]> {
  const dated = await Promise.all(
    files.map(async (uri) => ({
      uri,
      mtime: await vscode.workspace.fs.stat(uri).then(
        (s) => s.mtime,
        () => 0,
      ),
    })),
  );
  return dated.sort((a, b) => b.mtime - a.mtime).map((d) => d.uri);
}
