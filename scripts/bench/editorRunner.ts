/**
 * Runs inside the real VS Code extension host (code-server) for `npm run bench`: reads how
 * long SumLens's activation took (from the bundle's first line to the end of activate()),
 * then times the panel from the command to its first rendered frame, cold and warm.
 * Writes the figures to SUMLENS_BENCH_RESULTS.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { SumLensApi } from '../../src/extension/extension';

const panelTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('sumlens.panel'));

async function timePanelPaint(api: SumLensApi): Promise<number> {
  for (const tab of panelTabs()) await vscode.window.tabGroups.close(tab);
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

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<SumLensApi>('sumlens.sumlens')!;
  const api = await extension.activate();
  const paints: number[] = [];
  for (let i = 0; i < 6; i++) paints.push(await timePanelPaint(api));
  fs.writeFileSync(process.env.SUMLENS_BENCH_RESULTS!, JSON.stringify({ activationMs: api.activationMs(), paintsMs: paints }));
}
