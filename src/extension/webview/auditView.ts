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
import { formatCount, formatEstimate, formatPValue } from './numberFormat';
import type { PanelAudit } from './datasetSchemas';
import { ui } from './uiText';

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

const pairs = (n: number) => (n === 1 ? ui('1 pair') : ui('{0} pairs', formatCount(n)));
const detectable = (x: number | null) => (x === null ? '—' : `±${x.toFixed(2)}`);
const margin = (x: number) => x.toFixed(2).replace(/\.?0+$/, '');

/** A must-react cell (delta set) reacts, is blind (its whole 95% interval above −delta) or cannot tell. */
function verdictCell(cell: PanelAudit['cells'][number], means: string): HTMLElement {
  const mustReact = cell.delta !== null && cell.delta !== undefined;
  if (cell.verdict === 'violated')
    return el('td', 'error-text', mustReact ? ui('biased: {0} (95% interval above -{1})', means, margin(cell.delta!)) : ui('biased: {0}', means));
  if (cell.verdict === 'ok') return el('td', 'good-text', mustReact ? ui('fair: reacts') : ui('fair'));
  if (cell.verdict === 'too-few-pairs')
    return el('td', 'warning-text audit-too-few', ui('too few pairs (n = {0}; at least {1} needed)', cell.n, cell.pairsNeeded));
  if (cell.verdict === 'cannot-tell')
    return el('td', 'warning-text audit-cannot-tell', ui('cannot tell (n = {0}; detectable {1})', cell.n, detectable(cell.detectable)));
  return el('td', 'muted', '');
}

export function auditSection(audit: PanelAudit): HTMLElement {
  const section = el('section', 'audit');
  section.setAttribute('aria-label', ui('Judge audit'));
  section.append(el('h2', undefined, ui('Is the judge fair?')));
  section.append(el('p', audit.biased || audit.nothingAudited ? 'warning audit-answer' : 'audit-answer', audit.summary));
  const items = audit.items === 1 ? ui('1 item') : ui('{0} items', formatCount(audit.items));
  const notes = [`${items} · ${audit.model} · ${ui('method {0}', audit.method)} · ${ui('prompts {0}', audit.prompts)} · ${audit.levelNote}`];
  if (audit.failed)
    notes.push(audit.failed === 1 ? ui('1 evaluation failed (its pairs left out)') : ui('{0} evaluations failed (their pairs left out)', audit.failed));
  if (audit.cancelled) notes.push(ui('cancelled: the figures are from what finished'));
  section.append(el('p', audit.failed || audit.cancelled ? 'warning' : 'muted', notes.join(' · ')));
  section.append(
    el('p', 'muted audit-resampling', `${audit.resamplingNote}. ${ui('Detectable: the smallest change the pairs could tell from 0 at that level.')}`),
  );
  const reach = Math.max(0.5, ...audit.cells.flatMap((c) => [Math.abs(c.interval.low ?? 0), Math.abs(c.interval.high ?? 0)]));
  const { table, body } = captionedTable(
    'audit-table',
    ui(
      'Per probe and aspect: score of the changed summary minus the original, with its paired bootstrap 95% interval, the smallest change its pairs could detect, the sign-flip permutation p-value (and Holm-adjusted over every tested cell), and the verdict against what a fair judge does: biased, fair, cannot tell, or too few pairs to tell; a probe a fair judge must react to is blind only when the whole interval lies above minus a drop too small to matter (1/8 of the scale)',
    ),
    [ui('Probe'), ui('Aspect'), 'n', ui('Change [95% interval]'), '', ui('Detectable'), 'p', ui('p (Holm)'), ui('Verdict')],
  );
  for (const cell of audit.cells) {
    const probe = audit.probes.find((p) => p.probe === cell.probe);
    const tr = el('tr', cell.verdict === 'violated' ? 'audit-violated' : undefined);
    const bar = el('td');
    bar.append(
      intervalBar(
        { value: cell.meanDifference, ...cell.interval },
        [-reach, reach],
        `${cell.probe}, ${cell.aspect}: ${formatEstimate(cell.meanDifference, cell.interval.low, cell.interval.high)}`,
        0,
      ),
    );
    tr.append(
      el('td', undefined, cell.probe),
      el('td', undefined, cell.aspect),
      el('td', 'num', String(cell.n)),
      el('td', 'num', formatEstimate(cell.meanDifference, cell.interval.low, cell.interval.high)),
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
        `${probe.probe}: ${probe.change} (${pairs(probe.pairs)}${probe.skipped ? `, ${ui('{0} skipped', probe.skipped)}` : ''}; ${ui('a fair judge: {0}', probe.fair)})`,
      ),
    );
    if (probe.notAudited) block.append(el('p', 'warning-text audit-not-audited', ui('Not audited: {0}.', probe.notAudited)));
    if (probe.example) {
      block.append(el('p', 'muted', ui('Example: {0}', probe.example.key + (probe.example.note ? ` (${probe.example.note})` : ''))));
      const pair = el('div', 'audit-example');
      const before = el('div');
      before.append(el('h4', undefined, ui('Before')), marked(probe.example.before, []));
      const after = el('div');
      after.append(el('h4', undefined, ui('After')), marked(probe.example.after, probe.example.spans));
      pair.append(before, after);
      block.append(pair);
    }
    section.append(block);
  }
  return section;
}
