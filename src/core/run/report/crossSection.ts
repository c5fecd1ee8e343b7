/**
 * The `--cross` matrix's section of the report. HTML: judge aspects down, human aspects across,
 * each cell ρ with its interval and shaded by ρ, the own-aspect cell outlined, then the judge
 * aspects found confused with another human aspect; rendered on the server and escaped.
 * Markdown: the text `meta --cross` prints, in a code block.
 */
import { crossCell, crossTable, formatBootstrapP, NO_TEST } from '../../meta/crossTable';
import type { CrossTest } from '../../meta/crossAspects';
import type { CrossRun } from '../../meta/runCross';
import { esc } from './svg';

export const CROSS_STYLE = `
#cross td.cell{text-align:right;font-variant-numeric:tabular-nums}#cross td.own{outline:2px solid #4a7bd0;outline-offset:-2px;font-weight:600}
#cross td.confused{outline:2px solid #c0392b;outline-offset:-2px}
`;

/** A light blue whose depth grows with ρ (0 to 1); negative and undefined ρ stay white. */
function shade(rho: number): string {
  const depth = Number.isFinite(rho) ? Math.max(0, Math.min(1, rho)) : 0;
  return `background:rgba(74,123,208,${(depth * 0.45).toFixed(3)})`;
}

const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(3)}` : '—');

function testItem(t: CrossTest, resamples: number): string {
  return `<li>${esc(t.judge)} follows human ${esc(t.other)}: ρ ${signed(t.difference)} over its own, 95% CI [${signed(t.interval.low)}, ${signed(t.interval.high)}], p ${esc(formatBootstrapP(t.pValue, resamples))}, Holm p ${esc(formatBootstrapP(t.pHolm, resamples))}</li>`;
}

export function crossSection(run: CrossRun): string {
  const confusedWith = new Set(run.tests.filter((t) => t.confused).map((t) => `${t.judge}\u0000${t.other}`));
  const head = `<tr><th>judge \\ human</th>${run.humanAspects.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>`;
  const rows = run.rows
    .map((row) => {
      const cells = row.cells
        .map((c) => {
          const kind = c.human === row.judge ? ' own' : confusedWith.has(`${row.judge}\u0000${c.human}`) ? ' confused' : '';
          return `<td class="cell${kind}" style="${shade(c.spearman)}">${esc(crossCell(c.spearman, c.interval))}</td>`;
        })
        .join('');
      return `<tr><th>${esc(row.judge)}</th>${cells}</tr>`;
    })
    .join('');
  const confused = run.tests.filter((t) => t.confused);
  const notSignificant = run.tests.filter((t) => !t.confused && t.interval.low > 0);
  const list = (tests: CrossTest[]) => `<ul>${tests.map((t) => testItem(t, run.bootstrap.resamples)).join('')}</ul>`;
  const verdict =
    run.tests.length === 0
      ? `<p>${esc(NO_TEST)}</p>`
      : `<p>Confused (ρ with another human aspect above ρ with its own: interval above 0, Holm p &lt; ${run.alpha}, ${run.tests.length} tests): ${confused.length === 0 ? 'none' : ''}</p>` +
        (confused.length > 0 ? list(confused) : '') +
        (notSignificant.length > 0 ? `<p>Above its own, not significant after Holm:</p>${list(notSignificant)}` : '');
  const b = run.bootstrap;
  return `<section id="cross"><h2>Judge aspects × human aspects</h2>
<p>${esc(run.dataset)} · judge ${esc(run.source)} · ${run.level} level · ${run.items} items, ${run.documents} documents${run.missing > 0 ? ` · ${run.missing} items without every judge aspect left out` : ''}</p>
<p>Spearman ρ with ${Math.round(b.confidence * 100)}% percentile bootstrap intervals: ${b.resamples} resamples of ${b.unit}, seed ${b.seed}, the same resamples for every cell. Outlined in blue: the judge aspect's own human aspect; in red: a confusion.</p>
<table><thead>${head}</thead><tbody>${rows}</tbody></table>${verdict}</section>`;
}

export function crossMarkdown(run: CrossRun): string {
  return ['### Judge aspects × human aspects', '', '```text', crossTable(run), '```', ''].join('\n');
}
