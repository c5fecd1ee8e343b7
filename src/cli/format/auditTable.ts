/**
 * `sumlens audit` as text and Markdown: per probe, what it changed and what a fair judge does,
 * then a row per aspect (n, mean Δ, 95% interval, p, Holm p, verdict), the example change,
 * and the one-line summary last.
 */
import type { AuditReport } from '../../core/audit/auditStats';
import type { AuditRun } from '../../core/audit/runAudit';
import { alignColumns } from './columns';

const num = (x: number, d = 2) => (Number.isFinite(x) ? `${x >= 0 && d === 2 ? '+' : ''}${x.toFixed(d)}` : '—');
const p = (x: number) => (!Number.isFinite(x) ? '—' : x < 0.001 ? x.toExponential(1) : x.toFixed(3));
const verdictText = (v: string, means: string) => (v === 'violated' ? `VIOLATED: ${means}` : v === 'ok' ? 'ok' : '');


export function auditText(run: AuditRun, report: AuditReport, variant: string): string {
  const lines = [`audit of ${run.items} item(s), method ${run.method}, task ${run.task}, prompts ${variant}; Holm over ${report.cells.filter((c) => Number.isFinite(c.pHolm)).length} cells, alpha ${report.alpha}, seed ${report.seed}`];
  for (const probe of report.probes) {
    lines.push('', `${probe.probe}: ${probe.change}; a fair judge: ${probe.expectation ? probe.fair : 'not applicable to this task'} (${probe.pairs} pair(s), ${probe.skipped} skipped)`);
    const cells = report.cells.filter((c) => c.probe === probe.probe);
    if (cells.length > 0) {
      const rows = [['  aspect', 'n', 'mean Δ', '95% CI', 'p', 'Holm p', 'verdict']];
      for (const c of cells) rows.push([`  ${c.aspect}`, String(c.n), num(c.meanDifference), `[${num(c.interval.low)}, ${num(c.interval.high)}]`, p(c.pValue), p(c.pHolm), verdictText(c.verdict, probe.violatedMeans)]);
      lines.push(...alignColumns(rows));
    }
    if (probe.swappedFactsFound) lines.push(`  swapped facts found by the fine-grained run: ${probe.swappedFactsFound.found} of ${probe.swappedFactsFound.of}`);
    const example = run.examples[probe.probe];
    if (example) lines.push(`  example (${example.key}${example.copy.note ? `, ${example.copy.note}` : ''}): ${quoteChanged(example.copy.text, example.copy.spans)}`);
  }
  lines.push('', report.summary);
  return lines.join('\n');
}

/** The changed text on one line, each changed span in [[ ]], cut to a readable length. */
function quoteChanged(text: string, spans: { start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, s.start) + '[[' + text.slice(s.start, s.end) + ']]';
    at = s.end;
  }
  out += text.slice(at);
  const flat = out.replace(/\s+/g, ' ');
  return flat.length > 300 ? `${flat.slice(0, 297)}…` : flat;
}

export function auditMarkdown(run: AuditRun, report: AuditReport, variant: string): string {
  const lines = [`## Judge audit`, '', `${run.items} item(s), method ${run.method}, task ${run.task}, prompts ${variant}, alpha ${report.alpha} (Holm), seed ${report.seed}.`, '', `**${report.summary}**`, '', '| probe | aspect | n | mean Δ | 95% CI | p | Holm p | verdict |', '|---|---|---|---|---|---|---|---|'];
  for (const c of report.cells) {
    const probe = report.probes.find((o) => o.probe === c.probe)!;
    lines.push(`| ${c.probe} | ${c.aspect} | ${c.n} | ${num(c.meanDifference)} | [${num(c.interval.low)}, ${num(c.interval.high)}] | ${p(c.pValue)} | ${p(c.pHolm)} | ${verdictText(c.verdict, probe.violatedMeans)} |`);
  }
  lines.push('', '| probe | change | a fair judge | pairs | skipped |', '|---|---|---|---|---|');
  for (const o of report.probes) lines.push(`| ${o.probe} | ${o.change} | ${o.expectation ? o.fair : 'not applicable'} | ${o.pairs} | ${o.skipped} |`);
  return lines.join('\n');
}
