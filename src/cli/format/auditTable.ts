/**
 * `sumlens audit` as text and Markdown: per probe, what it changed and what a fair judge does
 * (or why it was not audited), then a row per aspect (n, mean Δ, 95% interval, the change its
 * pairs could detect, p, Holm p, verdict), the example change, and the one-line summary last.
 * Both state the level a cell is held to, the pairs it needs, and the resampling.
 */
import { levelNote, resamplingNote, verdictWords, type AuditReport, type ProbeOutcome } from '../../core/audit/auditStats';
import { blindRule } from '../../core/audit/mustReact';
import { skipReasons } from '../../core/audit/auditItems';
import type { AuditRun } from '../../core/audit/runAudit';
import { alignColumns } from './columns';

const num = (x: number, d = 2) => (Number.isFinite(x) ? `${x >= 0 && d === 2 ? '+' : ''}${x.toFixed(d)}` : '—');
const p = (x: number) => (!Number.isFinite(x) ? '—' : x < 0.001 ? x.toExponential(1) : x.toFixed(3));
const detectable = (x: number) => (Number.isFinite(x) ? `±${x.toFixed(2)}` : '—');

/** "the fluency aspect falls; blind when the whole 95% interval is above −0.25 (1/8 of its 1–3 scale)" */
function fairText(probe: ProbeOutcome): string {
  if (!probe.expectation) return 'not applicable to this task';
  return probe.delta !== undefined && probe.scale ? `${probe.fair}; ${blindRule(probe.delta, probe.scale)}` : probe.fair;
}

/** "(6 pair(s), 4 skipped: fewer than 3 sentences (4 items))" */
function pairsNote(probe: ProbeOutcome): string {
  return `${probe.pairs} pair(s), ${probe.skipped} skipped${probe.skipped ? `: ${skipReasons(probe.skipReasons)}` : ''}`;
}

export function auditText(run: AuditRun, report: AuditReport, variant: string): string {
  const lines = [
    `audit of ${run.items} item(s), method ${run.method}, task ${run.task}, prompts ${variant}; ${levelNote(report)}`,
    resamplingNote(report.resampling),
  ];
  for (const probe of report.probes) {
    lines.push('', `${probe.probe}: ${probe.change}; a fair judge: ${fairText(probe)} (${pairsNote(probe)})`);
    if (probe.notAudited) lines.push(`  not audited: ${probe.notAudited}`);
    const cells = report.cells.filter((c) => c.probe === probe.probe);
    if (cells.length > 0) {
      const rows = [['  aspect', 'n', 'mean Δ', '95% CI', 'detectable', 'p', 'Holm p', 'verdict']];
      for (const c of cells)
        rows.push([
          `  ${c.aspect}`,
          String(c.n),
          num(c.meanDifference),
          `[${num(c.interval.low)}, ${num(c.interval.high)}]`,
          detectable(c.detectable),
          p(c.pValue),
          p(c.pHolm),
          verdictWords(c, probe.violatedMeans),
        ]);
      lines.push(...alignColumns(rows));
    }
    if (probe.swappedFactsFound) lines.push(`  swapped facts found by the fine-grained run: ${probe.swappedFactsFound.found} of ${probe.swappedFactsFound.of}`);
    const example = run.examples[probe.probe];
    if (example)
      lines.push(`  example (${example.key}${example.copy.note ? `, ${example.copy.note}` : ''}): ${quoteChanged(example.copy.text, example.copy.spans)}`);
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
  const lines = [
    `## Judge audit`,
    '',
    `${run.items} item(s), method ${run.method}, task ${run.task}, prompts ${variant}; ${levelNote(report)}.`,
    '',
    `${resamplingNote(report.resampling)}.`,
    '',
    `**${report.summary}**`,
    '',
    '| probe | aspect | n | mean Δ | 95% CI | detectable | p | Holm p | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const c of report.cells) {
    const probe = report.probes.find((o) => o.probe === c.probe)!;
    lines.push(
      `| ${c.probe} | ${c.aspect} | ${c.n} | ${num(c.meanDifference)} | [${num(c.interval.low)}, ${num(c.interval.high)}] | ${detectable(c.detectable)} | ${p(c.pValue)} | ${p(c.pHolm)} | ${verdictWords(c, probe.violatedMeans)} |`,
    );
  }
  lines.push('', '| probe | change | a fair judge | pairs | skipped | not audited |', '|---|---|---|---|---|---|');
  for (const o of report.probes)
    lines.push(
      `| ${o.probe} | ${o.change} | ${o.expectation ? fairText(o) : 'not applicable'} | ${o.pairs} | ${o.skipped ? `${o.skipped}: ${skipReasons(o.skipReasons)}` : 0} | ${o.notAudited ?? ''} |`,
    );
  return lines.join('\n');
}
