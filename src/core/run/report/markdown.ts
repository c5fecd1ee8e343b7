/** `sumlens report --md`: the report's figures as Markdown, for a pull-request comment. */
import type { ReportData } from './reportData';
import { spendText } from '../runSpend';

function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '—';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function reportMarkdown(data: ReportData): string {
  const lines = ['## SumLens report', ''];
  for (const run of data.runs) {
    lines.push(
      `### Run ${run.label}: \`${cell(run.path)}\``,
      '',
      `${cell(run.model)} · method ${run.method} · ${run.items.length} item(s)${run.spend ? ` · ${spendText(run.spend)}` : ''}`,
      '',
    );
    lines.push('| aspect | system | n | mean | 95% CI | unscored |', '|---|---|---:|---:|---|---:|');
    for (const r of run.rows)
      lines.push(
        `| ${cell(r.aspect)} | ${cell(r.system ?? '')} | ${r.scored} | ${fmt(r.mean)} | [${fmt(r.interval.low)}, ${fmt(r.interval.high)}] | ${r.unscored} |`,
      );
    lines.push('');
  }
  const c = data.comparison;
  if (c) {
    lines.push('### B − A', '', `${c.paired} paired item(s); ${c.onlyA.length} only in A, ${c.onlyB.length} only in B`, '');
    lines.push('| aspect | n | B − A | 95% CI | p (Holm) | wins/ties/losses |', '|---|---:|---:|---|---:|---|');
    for (const r of c.aspects)
      lines.push(
        `| ${cell(r.aspect)} | ${r.n} | ${fmt(r.meanDifference)} | [${fmt(r.interval.low)}, ${fmt(r.interval.high)}] | ${fmt(r.pHolm, 4)} | ${r.wins}/${r.ties}/${r.losses} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
