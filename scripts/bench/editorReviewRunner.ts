/**
 * Runs inside the real VS Code extension host (code-server) for `npm run bench`: a review of
 * 40 items (2 raters, K = 2) started and opened in the rating view for "ann", as SumLens: Start
 * a Review and Rate a Review do. Writes the review's folder to SUMLENS_BENCH_RESULTS; editor.mjs
 * then rates in the view with the keyboard and times each Enter to the next item shown, and
 * writes SUMLENS_BENCH_RESULTS + ".done" when it has finished.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { activateSumLens, workspaceRoot } from '../../test/vscode/helpers';

const ITEMS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(): Promise<void> {
  const api = await activateSumLens();
  const data = path.join(workspaceRoot().fsPath, 'bench-review.jsonl');
  const sentence = 'The council met on Monday and approved the budget after a long debate about its cost. ';
  const rows = Array.from({ length: ITEMS }, (_, i) =>
    JSON.stringify({ id: `b${i + 1}`, source: `${i + 1}: ${sentence.repeat(12)}`, summary: `The budget ${i + 1} passed.` }),
  );
  fs.writeFileSync(data, rows.join('\n') + '\n');
  const dir = (await api.startReview({ data: vscode.Uri.file(data), pairwise: false, raters: ['ann', 'bob'], perItem: 2, name: 'bench', open: false }))!;
  await api.rateReview(vscode.Uri.file(dir), 'ann');
  fs.writeFileSync(process.env.SUMLENS_BENCH_RESULTS!, JSON.stringify({ dir }));
  const done = `${process.env.SUMLENS_BENCH_RESULTS}.done`;
  for (const deadline = Date.now() + 300_000; !fs.existsSync(done) && Date.now() < deadline;) await sleep(250);
}
