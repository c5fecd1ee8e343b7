/**
 * Runs inside the real VS Code extension host (code-server) for `npm run bench`: Evaluate
 * Dataset on 10,000 rows (trial.jsonl, written by editor.mjs) whose G-Eval run file in
 * .sumlens/runs/ is finished (64 MB of records) and names its data relatively, as the CLI
 * writes `--data trial.jsonl`. The method is chosen while the cost estimates of the five
 * methods still run (as a person choosing at once would); the run then has nothing to send,
 * and the panel shows the dataset. Times the extension host's longest event-loop block while
 * the estimates run, and after the choice to the dataset shown. Writes the figures to
 * SUMLENS_BENCH_RESULTS, then waits for the panel to be measured (editor.mjs writes
 * SUMLENS_BENCH_RESULTS + ".done"). The engine is loaded before, by a method pick on three rows
 * closed unanswered: its own block is reported apart (the startup figures measure loading).
 */
import * as fs from 'fs';
import { monitorEventLoopDelay } from 'perf_hooks';
import * as vscode from 'vscode';
import { buildSpec, endpointOf } from '../../src/core/runSpec/buildSpec';
import { runHeader } from '../../src/core/runFile/runHeader';
import { rewriteHeader } from '../../src/core/runFile/rewriteHeader';
import { datasetSpecInput } from '../../src/extension/datasets/datasetRunSpec';
import { readSettings } from '../../src/extension/settings';
import { activateSumLens, fileUri } from '../../test/vscode/helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long the method pick stays open, its estimates running, before the method is chosen. */
const CHOOSE_AFTER_MS = 5000;

export async function run(): Promise<void> {
  const api = await activateSumLens();
  const config = vscode.workspace.getConfiguration('sumlens');
  const global = vscode.ConfigurationTarget.Global;
  // Nothing is sent (every row is finished): the endpoint only has to match the run file's.
  const baseUrl = 'http://127.0.0.1:9/v1';
  await config.update('baseUrl', baseUrl, global);
  await config.update('model', 'gpt-4o-mini', global);
  await config.update('method', 'geval', global);
  const data = fileUri('trial.jsonl');
  const runFile = fileUri('.sumlens/runs/trial-geval.jsonl').fsPath;
  // The header the CLI would write for these settings, its data named relatively.
  const spec = buildSpec(datasetSpecInput(readSettings(data), { endpoint: endpointOf(baseUrl), model: 'gpt-4o-mini', method: 'geval' }));
  await rewriteHeader(runFile, (json) => ({ ...runHeader('eval --data', 'trial.jsonl', spec), spend: json.spend }));
  await vscode.commands.executeCommand('sumlens.openPanel');
  // The engine loaded first (as after Compare Runs, say): the method pick on the fixture's three rows, closed.
  const warm = monitorEventLoopDelay({ resolution: 10 });
  warm.enable();
  const warming = Promise.resolve(vscode.commands.executeCommand('sumlens.evaluateDataset', fileUri('summaries.csv')));
  await sleep(3000);
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await warming;
  warm.disable();

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const evaluating = Promise.resolve(vscode.commands.executeCommand<{ summary: { alreadyDone: number } } | undefined>('sumlens.evaluateDataset', data));
  await sleep(CHOOSE_AFTER_MS);
  const estimatesBlockMs = delay.max / 1e6;
  delay.reset();
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const chosenAt = performance.now();
  const outcome = await evaluating;
  const shownMs = performance.now() - chosenAt;
  const afterBlockMs = delay.max / 1e6;
  delay.disable();
  const used = process.cpuUsage(cpu);
  const model = api.panelModel();
  fs.writeFileSync(
    process.env.SUMLENS_BENCH_RESULTS!,
    JSON.stringify({
      firstUseBlockMs: warm.max / 1e6,
      estimatesBlockMs,
      afterBlockMs,
      shownMs,
      wallMs: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      alreadyDone: outcome?.summary.alreadyDone ?? null,
      items: model.dataset?.items.length ?? 0,
      error: model.error ?? null,
    }),
  );
  const done = `${process.env.SUMLENS_BENCH_RESULTS}.done`;
  for (const deadline = Date.now() + 300_000; !fs.existsSync(done) && Date.now() < deadline;) await sleep(250);
  for (const key of ['baseUrl', 'model', 'method']) await config.update(key, undefined, global);
}
