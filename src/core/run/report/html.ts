/**
 * `sumlens report --html`: one self-contained file (inline CSS, SVG and script; nothing is
 * fetched) with per-aspect histograms, the A/B differences with their intervals, a sortable
 * table of every item, and each item opening to its summary with the findings highlighted.
 */
import type { ReportData, ReportRun } from './reportData';
import { REPORT_SCRIPT } from './reportScript';
import { spendText } from '../runSpend';
import { differencesSvg, esc, histogramSvg } from './svg';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left}
th{cursor:pointer;background:#f4f4f4}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
#items tbody tr{cursor:pointer}#items tbody tr:hover{background:#eef3fb}
.charts{display:flex;flex-wrap:wrap;gap:16px}.chart{border:1px solid #e3e3e3;padding:6px;border-radius:4px}
.text{white-space:pre-wrap;border:1px solid #ddd;padding:8px;background:#fafafa}
mark.finding{background:#ffe08a}mark.incorrect{background:#f7b2ad}mark.unsupported{background:#fbd1a2}mark.readability{background:#cfe3ff}
blockquote.evidence{margin:4px 0 4px 16px;padding-left:8px;border-left:3px solid #9bb;color:#455}
#item{border-top:2px solid #4a7bd0;margin-top:16px}.failed{color:#b00}
`;

function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '—';
}

function runSection(run: ReportRun): string {
  const rows = run.rows
    .map(
      (r) =>
        `<tr><td>${esc(r.aspect)}</td><td>${esc(r.system ?? '')}</td><td>${r.scored}</td><td>${fmt(r.mean)}</td><td>[${fmt(r.interval.low)}, ${fmt(r.interval.high)}]</td><td>${r.unscored}</td></tr>`,
    )
    .join('');
  const charts = run.rows
    .map(
      (r) =>
        `<div class="chart"><div>${esc(r.aspect)}${r.system !== undefined ? ` · ${esc(r.system)}` : ''}</div>${histogramSvg(r.distribution, `${run.label} ${r.aspect} distribution`)}</div>`,
    )
    .join('');
  return `<section><h2>Run ${run.label}: ${esc(run.path)}</h2><p>${esc(run.model)} · method ${esc(run.method)} · ${run.items.length} item(s)${run.spend ? ` · ${esc(spendText(run.spend))}` : ''}</p>
<table><thead><tr><th>aspect</th><th>system</th><th>n</th><th>mean</th><th>95% CI</th><th>unscored</th></tr></thead><tbody>${rows}</tbody></table>
<div class="charts">${charts}</div></section>`;
}

function comparisonSection(data: ReportData): string {
  const c = data.comparison;
  if (!c) return '';
  const rows = c.aspects
    .map(
      (r) =>
        `<tr><td>${esc(r.aspect)}</td><td>${r.n}</td><td>${fmt(r.meanDifference)}</td><td>[${fmt(r.interval.low)}, ${fmt(r.interval.high)}]</td><td>${fmt(r.pHolm, 4)}</td><td>${r.wins}/${r.ties}/${r.losses}</td></tr>`,
    )
    .join('');
  const svg = differencesSvg(c.aspects.map((r) => ({ aspect: r.aspect, meanDifference: r.meanDifference, low: r.interval.low, high: r.interval.high })));
  return `<section><h2>B − A</h2><p>${c.paired} paired item(s); ${c.onlyA.length} only in A, ${c.onlyB.length} only in B</p>
<table><thead><tr><th>aspect</th><th>n</th><th>B − A</th><th>95% CI</th><th>p (Holm)</th><th>wins/ties/losses</th></tr></thead><tbody>${rows}</tbody></table>${svg}</section>`;
}

function itemsSection(data: ReportData): { html: string; items: unknown[] } {
  const aspects = [...new Set(data.runs.flatMap((r) => r.aspects))];
  const items: unknown[] = [];
  const rows: string[] = [];
  for (const run of data.runs) {
    for (const item of run.items) {
      const index = items.length;
      items.push({ run: run.label, id: item.id, system: item.system, summary: item.summary, findings: item.findings });
      const cells = aspects.map((a) => `<td data-value="${item.scores[a] ?? ''}">${item.scores[a] !== undefined ? fmt(item.scores[a], 2) : '—'}</td>`).join('');
      rows.push(
        `<tr data-item="${index}"><td>${run.label}</td><td>${esc(item.id)}</td><td>${esc(item.system ?? '')}</td>${cells}<td data-value="${item.findings.length}">${item.findings.length}</td><td${item.failed ? ' class="failed"' : ''}>${item.failed ? 'failed' : 'ok'}</td></tr>`,
      );
    }
  }
  const head = `<tr><th>run</th><th>id</th><th>system</th>${aspects.map((a) => `<th data-type="number">${esc(a)}</th>`).join('')}<th data-type="number">findings</th><th>status</th></tr>`;
  return {
    html: `<section><h2>Items</h2><p>Click a column to sort, a row to open the item.</p><table id="items"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table><div id="item" hidden></div></section>`,
    items,
  };
}

/** `extra`: sections made elsewhere (the judge audit), already escaped, with their own style. */
export function reportHtml(data: ReportData, extra: { style: string; html: string }[] = []): string {
  const { html: itemsHtml, items } = data.runs.length > 0 ? itemsSection(data) : { html: '', items: [] };
  // In a script element, "</" must not appear; \u003c keeps the JSON intact.
  const json = JSON.stringify(items).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SumLens report</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<style>${STYLE}${extra.map((e) => e.style).join('')}</style></head><body><h1>SumLens report</h1>
${extra.map((e) => e.html).join('\n')}
${data.runs.map(runSection).join('\n')}
${comparisonSection(data)}
${itemsHtml}
${itemsHtml ? `<script type="application/json" id="sumlens-items">${json}</script>\n<script>${REPORT_SCRIPT}</script>` : ''}</body></html>
`;
}
