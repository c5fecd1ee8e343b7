/** The figures of a dataset run (eval --data) as a text table, then its worst items with their findings. */
import type { AspectRow } from '../../core/run/aspectTable';
import type { ItemDetail } from '../../core/run/loadRun';
import { alignColumns } from './columns';

export function runTable(rows: readonly AspectRow[], details: Map<number, ItemDetail>): string {
  const systems = rows.some((r) => r.system !== undefined);
  const header = ['aspect', ...(systems ? ['system'] : []), 'n', 'mean', '95% CI', 'unscored', 'distribution'];
  const body = rows.map((r) => [
    r.aspect,
    ...(systems ? [r.system ?? ''] : []),
    String(r.scored),
    Number.isNaN(r.mean) ? '—' : r.mean.toFixed(3),
    Number.isNaN(r.interval.low) ? '—' : `[${r.interval.low.toFixed(3)}, ${r.interval.high.toFixed(3)}]`,
    String(r.unscored),
    Object.entries(r.distribution)
      .map(([bin, n]) => `${bin}:${n}`)
      .join(' '),
  ]);
  const lines = [...alignColumns([header, ...body]), '', 'worst items:'];
  for (const r of rows) {
    for (const w of r.worst) {
      const detail = details.get(w.lineNo);
      const findings = detail?.findings ?? [];
      const shown = findings
        .slice(0, 3)
        .map((f) => `${f.kind} "${(f.quote ?? '').slice(0, 60)}"`)
        .join('; ');
      lines.push(
        `  ${r.aspect}${r.system !== undefined ? ` ${r.system}` : ''}: ${w.id} ${w.score.toFixed(2)}${findings.length ? ` · ${findings.length} finding(s): ${shown}` : ''}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
