/**
 * The audit's section of the HTML report: the one-line summary, the level a cell is held to
 * and the resampling, the table of probe × aspect cells with their verdicts, and per probe
 * an example (the summary before and after, the changed characters marked) or why it was not
 * audited. Rendered on the server and escaped: the report runs no script for it.
 */
import { esc } from '../run/report/svg';
import type { AuditFile } from './auditFile';
import { skipReasons } from './auditItems';
import { levelNote, resamplingNote, verdictWords, type AuditCell } from './auditStats';
import { blindRule } from './mustReact';

const num = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(2)}` : '—');
const p = (x: number) => (!Number.isFinite(x) ? '—' : x < 0.001 ? x.toExponential(1) : x.toFixed(3));

function marked(text: string, spans: { start: number; end: number }[]): string {
  let html = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    html += esc(text.slice(at, s.start)) + `<mark class="changed">${esc(text.slice(s.start, s.end))}</mark>`;
    at = s.end;
  }
  return html + esc(text.slice(at));
}

export const AUDIT_STYLE = `
mark.changed{background:#ffd6a5}tr.violated td{background:#fde2e1}.verdict-violated{color:#a00;font-weight:600}.verdict-unsure{color:#8a5a00}
.example{display:grid;grid-template-columns:1fr 1fr;gap:8px}.example .text{margin:0}
`;

function verdictHtml(c: AuditCell, violatedMeans: string): string {
  const words = verdictWords(c, violatedMeans);
  if (c.verdict === 'violated') return `<span class="verdict-violated">${esc(words.replace(/^VIOLATED/, 'violated'))}</span>`;
  if (c.verdict === 'too-few-pairs' || c.verdict === 'cannot-tell') return `<span class="verdict-unsure">${esc(words)}</span>`;
  return esc(words);
}

export function auditSection({ prompts, run, report }: AuditFile): string {
  const rows = report.cells
    .map((c) => {
      const probe = report.probes.find((o) => o.probe === c.probe);
      const detectable = Number.isFinite(c.detectable) ? `±${c.detectable.toFixed(2)}` : '—';
      return `<tr class="${c.verdict}"><td>${esc(c.probe)}</td><td>${esc(c.aspect)}</td><td>${c.n}</td><td>${num(c.meanDifference)}</td><td>[${num(c.interval.low)}, ${num(c.interval.high)}]</td><td>${detectable}</td><td>${p(c.pValue)}</td><td>${p(c.pHolm)}</td><td>${verdictHtml(c, probe?.violatedMeans ?? '')}</td></tr>`;
    })
    .join('');
  const examples = report.probes
    .map((o) => {
      const example = run.examples[o.probe];
      const skipped = o.skipped ? `: ${skipReasons(o.skipReasons)}` : '';
      const head = `<h3>${esc(o.probe)}</h3><p>${esc(o.change)}. A fair judge: ${esc(o.fair)}${o.delta !== undefined && o.scale ? `; ${esc(blindRule(o.delta, o.scale))}` : ''}. ${o.pairs} pair(s), ${o.skipped} skipped${esc(skipped)}.</p>${o.notAudited ? `<p class="verdict-unsure">Not audited: ${esc(o.notAudited)}.</p>` : ''}`;
      if (!example) return head;
      return `${head}<p>Example: ${esc(example.key)}${example.copy.note ? ` (${esc(example.copy.note)})` : ''}</p><div class="example"><div><h4>Before</h4><div class="text">${esc(example.before)}</div></div><div><h4>After</h4><div class="text">${marked(example.copy.text, example.copy.spans)}</div></div></div>`;
    })
    .join('');
  return `<section id="audit"><h2>Judge audit</h2><p><strong>${esc(report.summary)}</strong></p>
<p>${run.items} item(s) · method ${esc(run.method)} · task ${esc(run.task)} · prompts ${esc(prompts)} · ${esc(levelNote(report))}</p>
<p>${esc(resamplingNote(report.resampling))}. Detectable: the smallest change the pairs could tell from 0 at that level.</p>
<table><thead><tr><th>probe</th><th>aspect</th><th>n</th><th>mean Δ</th><th>95% CI</th><th>detectable</th><th>p</th><th>Holm p</th><th>verdict</th></tr></thead><tbody>${rows}</tbody></table>${examples}</section>`;
}
