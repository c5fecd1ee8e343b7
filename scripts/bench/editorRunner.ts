/**
 * Runs inside the real VS Code extension host (code-server) for `npm run bench`: reads how
 * long SumLens's activation took (from the bundle's first line to the end of activate()),
 * then times the panel from the command to its first rendered frame, cold and reopened, and
 * a blank webview (a script that only says it is ready) opened the same way: what any webview
 * costs here, so SumLens's own share can be read off. Writes the figures to SUMLENS_BENCH_RESULTS.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { SumLensApi } from '../../src/extension/extension';

const webviewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);

async function timePanelPaint(api: SumLensApi): Promise<number> {
  for (const tab of webviewTabs()) await vscode.window.tabGroups.close(tab);
  const ready = new Promise<void>((resolve) => {
    const s = api.onDidReceivePanelMessage((m) => {
      if (m.type === 'ready') {
        s.dispose();
        resolve();
      }
    });
  });
  const started = performance.now();
  await vscode.commands.executeCommand('sumlens.openPanel');
  await ready;
  return performance.now() - started;
}

async function timeBlankPaint(): Promise<number> {
  for (const tab of webviewTabs()) await vscode.window.tabGroups.close(tab);
  const started = performance.now();
  const panel = vscode.window.createWebviewPanel('sumlensBench.blank', 'Blank', vscode.ViewColumn.Beside, { enableScripts: true });
  const ready = new Promise<void>((resolve) => panel.webview.onDidReceiveMessage(() => resolve()));
  panel.webview.html = '<!DOCTYPE html><html><body><script>acquireVsCodeApi().postMessage("ready")</script></body></html>';
  await ready;
  return performance.now() - started;
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<SumLensApi>('sumlens.sumlens')!;
  const api = await extension.activate();
  const paints = [await timePanelPaint(api)];
  const blankPaints: number[] = [];
  for (let i = 0; i < 5; i++) {
    paints.push(await timePanelPaint(api));
    blankPaints.push(await timeBlankPaint());
  }
  fs.writeFileSync(process.env.SUMLENS_BENCH_RESULTS!, JSON.stringify({ activationMs: api.activationMs(), paintsMs: paints, blankPaintsMs: blankPaints }));
}
