/**
 * Runs inside the real VS Code extension host (code-server) for `npm run bench`: SumLens on a
 * long source (long-article.txt in the workspace, written by editor.mjs; its judge runs in the
 * benchmark's process at SUMLENS_BENCH_JUDGE_URL). Times what the extension host does with it:
 * reading the document, a fine-grained run to its published diagnostics, an aspect run with a
 * source budget (the excerpts), after a first run on a short source has loaded the engine; the excerpt highlight, and the panel's message (size and
 * validation). The host's CPU time and its longest event-loop block (a freeze) are taken over
 * each run. Writes the figures to SUMLENS_BENCH_RESULTS.
 */
import * as fs from 'fs';
import { monitorEventLoopDelay } from 'perf_hooks';
import * as vscode from 'vscode';
import { noteLocation } from '../../src/extension/run/runContext';
import { toWebviewSchema } from '../../src/extension/webview/protocol';
import { activateSumLens, evaluateSelection, fileUri, sumlensDiagnostics } from '../../test/vscode/helpers';

/** Wall time, the extension host's CPU time, and its longest event-loop block, over `work`. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number; longestBlockMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  delay.disable();
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000, longestBlockMs: delay.max / 1e6 };
}

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

export async function run(): Promise<void> {
  const api = await activateSumLens();
  const config = vscode.workspace.getConfiguration('sumlens');
  const global = vscode.ConfigurationTarget.Global;
  await config.update('baseUrl', process.env.SUMLENS_BENCH_JUDGE_URL, global);
  await config.update('model', 'fake-model', global);
  await config.update('openPanelAfterEvaluation', false, global);

  const opened = await measured(async () => {
    const document = await vscode.workspace.openTextDocument(fileUri('long-article.txt'));
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    return document;
  });
  const long = opened.value;
  const text = long.getText();
  const readMs = Math.min(...[0, 1, 2, 3, 4].map(() => time(() => noteLocation(long))));

  const summaryDoc = await vscode.workspace.openTextDocument(fileUri('summary.md'));
  const summary = await vscode.window.showTextDocument(summaryDoc, vscode.ViewColumn.Two);
  const start = summaryDoc.getText().indexOf('Lakeford approved');
  const select = () =>
    (summary.selection = new vscode.Selection(summaryDoc.positionAt(start), summaryDoc.positionAt(summaryDoc.getText().indexOf('\n', start))));
  await vscode.commands.executeCommand('sumlens.openPanel');
  // A first run on the short article loads the engine (and the tokenizer): a cost of the first
  // run whatever its source, measured by the startup figures, left out of the long source's.
  await api.pairWith(summaryDoc.uri, fileUri('article.txt'));
  await config.update('method', 'geval', global);
  select();
  await vscode.window.showTextDocument(summaryDoc, vscode.ViewColumn.Two);
  await evaluateSelection(api);
  await api.pairWith(summaryDoc.uri, long.uri);

  await config.update('method', 'fine', global);
  select();
  await vscode.window.showTextDocument(summaryDoc, vscode.ViewColumn.Two);
  let settledMs = 0;
  const fine = await measured(async () => {
    const finished = new Promise<void>((resolve) => {
      const s = api.onDidFinishEvaluation(() => {
        s.dispose();
        const at = performance.now();
        void api.diagnosticsSettled().then(() => {
          settledMs = performance.now() - at;
          resolve();
        });
      });
    });
    await vscode.commands.executeCommand('sumlens.evaluateSelection');
    await finished;
  });
  const diagnostics = sumlensDiagnostics(long.uri).length;
  const fineMessage = JSON.stringify({ type: 'model', model: api.panelModel() });

  await config.update('method', 'geval', global);
  await config.update('sourceTokens', 2000, global);
  select();
  await vscode.window.showTextDocument(summaryDoc, vscode.ViewColumn.Two);
  const geval = await measured(() => evaluateSelection(api));
  const shown = geval.value.result.sourceShown;
  const message = { type: 'model', model: api.panelModel() };
  const messageJson = JSON.stringify(message);
  const validateMs = Math.min(...[0, 1, 2, 3, 4].map(() => time(() => toWebviewSchema.parse(message))));
  const highlight = await measured(() => Promise.resolve(vscode.commands.executeCommand('sumlens.showSourceExcerpts')));

  for (const key of ['method', 'sourceTokens', 'baseUrl', 'model', 'openPanelAfterEvaluation']) await config.update(key, undefined, global);
  fs.writeFileSync(
    process.env.SUMLENS_BENCH_RESULTS!,
    JSON.stringify({
      characters: text.length,
      words: text.split(/\s+/).filter(Boolean).length,
      lines: long.lineCount,
      open: { wallMs: opened.wallMs, longestBlockMs: opened.longestBlockMs },
      readMs,
      fine: {
        wallMs: fine.wallMs,
        cpuMs: fine.cpuMs,
        longestBlockMs: fine.longestBlockMs,
        settledMs,
        diagnostics,
        messageBytes: Buffer.byteLength(fineMessage),
      },
      geval: {
        wallMs: geval.wallMs,
        cpuMs: geval.cpuMs,
        longestBlockMs: geval.longestBlockMs,
        shortened: shown ? { share: shown.share, ranges: shown.ranges.length } : null,
        messageBytes: Buffer.byteLength(messageJson),
        validateMs,
      },
      highlight: { wallMs: highlight.wallMs, longestBlockMs: highlight.longestBlockMs, ranges: api.excerptHighlights(long.uri).length },
    }),
  );
}
