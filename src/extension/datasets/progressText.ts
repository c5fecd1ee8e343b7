/**
 * A dataset run's progress in words, for its notification and the panel's status line. A
 * run with nothing left to do (every row finished before) says so rather than "0 of 0".
 */
import { formatCount, plural } from '../webview/numberFormat';

export interface RunProgress {
  done: number;
  todo: number;
  failed: number;
  usage: { calls: number; promptTokens: number; completionTokens: number };
}

/** `rows`: the data's good rows, finished before or not. */
export function progressText(p: RunProgress, rows: number): string {
  if (p.todo === 0) return `finished: ${plural(rows, 'summary', 'summaries')}, all evaluated before`;
  const tokens = p.usage.promptTokens + p.usage.completionTokens;
  const failed = p.failed ? ` · ${p.failed} failed` : '';
  const finished = p.done >= p.todo;
  const count = `${formatCount(p.done)} of ${formatCount(p.todo)} summaries${failed} · ${plural(p.usage.calls, 'call')}, ${formatCount(tokens)} tokens`;
  return finished ? `finished: ${count}` : `${count} so far`;
}
