/**
 * A dataset run's progress in words, for its notification and the panel's status line. A
 * run with nothing left to do (every row finished before) says so rather than "0 of 0".
 */
import { english, type Translate } from '../translation';
import { formatCount } from '../webview/numberFormat';

export interface RunProgress {
  done: number;
  todo: number;
  failed: number;
  usage: { calls: number; promptTokens: number; completionTokens: number };
}

/** `rows`: the data's good rows, finished before or not; `t`: the editor's translation (vscode.l10n.t). */
export function progressText(p: RunProgress, rows: number, t: Translate = english): string {
  if (p.todo === 0) return rows === 1 ? t('finished: 1 summary, all evaluated before') : t('finished: {0} summaries, all evaluated before', formatCount(rows));
  const tokens = p.usage.promptTokens + p.usage.completionTokens;
  const failed = p.failed ? ` · ${t('{0} failed', p.failed)}` : '';
  const calls = p.usage.calls === 1 ? t('1 call') : t('{0} calls', formatCount(p.usage.calls));
  const count = `${t('{0} of {1} summaries', formatCount(p.done), formatCount(p.todo))}${failed} · ${calls}, ${t('{0} tokens', formatCount(tokens))}`;
  return p.done >= p.todo ? t('finished: {0}', count) : t('{0} so far', count);
}
