/**
 * The panel's audit view (Audit Judge): the one-line answer first, the level a cell is held to
 * and the resampling, then per probe × aspect the change in score (changed − original) with
 * its paired interval, the change its pairs could detect, p-values and the verdict (biased,
 * fair, cannot tell or too few pairs to tell; blind, for a probe a fair judge must react to, only
 * when the whole interval lies above −δ), and each probe's example or why it was not audited: the
 * summary before and after, the changed characters marked (built from text nodes, never from
 * markup in the data).
 */
import { captionedTable, el, intervalBar } from './dom';
import { formatEstimate, formatPValue, plural } from './numberFormat';
import type { PanelAudit } from './datasetSchemas';

function marked(text: string, spans: { start: number; end: number }[]): HTMLElement {
  const box = el('div', 'audit-text');
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    box.append(document.createTextNode(text.slice(at, s.start)), el('mark', 'audit-change', text.slice(s.start, s.end)));
    at = s.end;
  }
  box.append(document.createTextNode(text.slice(at)));
  return box;
}

const detectable = (x: number | null) => (x === null ? '—' : `±${x.toFixed(2)}`);
const margin = (x: number) => x.toFixed(2).replace(/\.?0+$/, '');

/** A must-react cell (delta set) reacts, is blind (its whole 95% interval above −delta) or cannot tell. */
function verdictCell(cell: PanelAudit['cells'][number], means: string): HTMLElement {
  const mustReact = cell.delta !== null;
  if (cell.verdict === 'violated') return el('td', 'error-text', `biased: ${means}${mustReact ? ` (95% interval above -${margin(cell.delta!)})` : ''}`);
  if (cell.verdict === 'ok') return el('td', 'good-text', mustReact ? 'fair: reacts' : 'fair');
  if (cell.verdict === 'too-few-pairs') return el('td', 'warning-text audit-too-few', `too few pairs (n = ${cell.n}; at least ${cell.needed} needed)`);
  if (cell.verdict === 'cannot-tell')
    return el('td', 'warning-text audit-cannot-tell', `cannot tell (n = ${cell.n}; detectable ${detectable(cell.detectable)})`);
  return el('td', 'muted', '');
}

export function auditSection(audit: PanelAudit): HTMLElement {
  const section = el('section', 'audit');
  section.setAttribute('aria-label', 'Judge audit');
  section.append(el('h2', undefined, 'Is the judge fair?'));
  section.append(el('p', audit.biased || audit.nothingAudited ? 'warning audit-answer' : 'audit-answer', audit.summary));
  const notes = [`${plural(audit.items, 'item')} · ${audit.model} · method ${audit.method} · prompts ${audit.prompts} · ${audit.levelNote}`];
  if (audit.failed) notes.push(`${plural(audit.failed, 'evaluation')} failed (their pairs left out)`);
  if (audit.cancelled) notes.push('cancelled: the figures are from what finished');
  section.append(el('p', audit.failed || audit.cancelled ? 'warning' : 'muted', notes.join(' · ')));
  section.append(el('p', 'muted audit-resampling', `${audit.resamplingNote}. Detectable: the smallest change the pairs could tell from 0 at that level.`));
  const reach = Math.max(0.5, ...audit.cells.flatMap((c) => [Math.abs(c.low ?? 0), Math.abs(c.high ?? 0)]));
  const { table, body } = captionedTable(
    'audit-table',
    'Per probe and aspect: score of the changed summary minus the original, with its paired bootstrap 95% interval, the smallest change its pairs could detect, the sign-flip permutation p-value (and Holm-adjusted over every tested cell), and the verdict against what a fair judge does: biased, fair, cannot tell, or too few pairs to tell; a probe a fair judge must react to is blind only when the whole interval lies above minus a drop too small to matter (1/8 of the scale)',
    ['Probe', 'Aspect', 'n', 'Change [95% interval]', '', 'Detectable', 'p', 'p (Holm)', 'Verdict'],
  );
  for (const cell of audit.cells) {
    const probe = audit.probes.find((p) => p.probe === cell.probe);
    const tr = el('tr', cell.verdict === 'violated' ? 'audit-violated' : undefined);
    const bar = el('td');
    bar.append(
      intervalBar(
        { value: cell.difference, low: cell.low, high: cell.high },
        [-reach, reach],
        `${cell.probe}, ${cell.aspect}: ${formatEstimate(cell.difference, cell.low, cell.high)}`,
        0,
      ),
    );
    tr.append(
      el('td', undefined, cell.probe),
      el('td', undefined, cell.aspect),
      el('td', 'num', String(cell.n)),
      el('td', 'num', formatEstimate(cell.difference, cell.low, cell.high)),
      bar,
      el('td', 'num', detectable(cell.detectable)),
      el('td', 'num', formatPValue(cell.pValue)),
      el('td', 'num', formatPValue(cell.pHolm)),
      verdictCell(cell, probe?.violatedMeans ?? ''),
    );
    body.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(table);
  section.append(wrap);
  for (const probe of audit.probes) {
    const block = el('details', 'audit-probe');
    block.open = probe.violated || probe.verdict === 'not-audited';
    block.append(
      el(
        'summary',
        probe.violated ? 'error-text' : undefined,
        `${probe.probe}: ${probe.change} (${plural(probe.pairs, 'pair')}${probe.skipped ? `, ${probe.skipped} skipped` : ''}; a fair judge: ${probe.fair})`,
      ),
    );
    if (probe.notAudited) block.append(el('p', 'warning-text audit-not-audited', `Not audited: ${probe.notAudited}.`));
    if (probe.example) {
      block.append(el('p', 'muted', `Example: ${probe.example.key}${probe.example.note ? ` (${probe.example.note})` : ''}`));
      const pair = el('div', 'audit-example');
      const before = el('div');
      before.append(el('h4', undefined, 'Before'), marked(probe.example.before, []));
      const after = el('div');
      after.append(el('h4', undefined, 'After'), marked(probe.example.after, probe.example.spans));
      pair.append(before, after);
      block.append(pair);
    }
    section.append(block);
  }
  return section;
}
