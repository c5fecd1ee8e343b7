/**
 * The panel's dataset and comparison views: a dataset run as a table per aspect (mean with
 * its 95% interval, distribution, unscored count) and a sortable table of items × aspects,
 * worst first, each row opening its item; a comparison as B − A per aspect with its paired
 * interval, permutation p-values and wins / ties / losses.
 */
import type { PanelComparison, PanelDataset } from './datasetSchemas';
import type { FromWebview } from './protocol';
import { actionRow, captionedTable, el, intervalBar } from './dom';
import { formatCount, formatEstimate, formatPValue, formatScore, plural } from './numberFormat';

/** Rows drawn before "Show all": a long table stays quick to draw. */
const FIRST_ROWS = 200;

/** How the items table is sorted (kept while the panel lives; items are sorted worst first by default). */
let sort: { column: string; descending: boolean } | undefined;
let showAll = false;

/** The axis of a dataset's scores: 0–1 ratios, else the 1–5 scale (fluency's 1–3 fits in it). */
function axisOf(rows: PanelDataset['rows']): [number, number] {
  const keys = rows.flatMap((r) => Object.keys(r.distribution).map(Number));
  return keys.every((k) => k >= 0 && k <= 1) ? [0, 1] : [1, 5];
}

function histogram(distribution: Record<string, number>, label: string): HTMLElement {
  const most = Math.max(1, ...Object.values(distribution));
  const bars = el('div', 'histogram');
  bars.setAttribute('role', 'img');
  bars.setAttribute(
    'aria-label',
    `${label}: ${Object.entries(distribution)
      .map(([v, n]) => `${v}: ${n}`)
      .join(', ')}`,
  );
  for (const [value, count] of Object.entries(distribution)) {
    const bar = el('div', 'histogram-bar');
    bar.style.height = `${Math.max(8, (100 * count) / most)}%`;
    bar.title = `${value}: ${plural(count, 'item')}`;
    bars.append(bar);
  }
  return bars;
}

function aspectRows(dataset: PanelDataset): HTMLElement {
  const systems = dataset.rows.some((r) => r.system !== undefined);
  const axis = axisOf(dataset.rows);
  const { table, body } = captionedTable('dataset-aspects', 'Per aspect: mean with its 95% bootstrap interval, and how the scores spread', [
    'Aspect',
    ...(systems ? ['System'] : []),
    'Mean [95% interval]',
    '',
    'Scored',
    'Unscored',
    'Distribution',
  ]);
  for (const row of dataset.rows) {
    const tr = el('tr');
    const bar = el('td');
    bar.append(intervalBar(row.mean, row.low, row.high, axis, `${row.aspect}: ${formatEstimate(row.mean, row.low, row.high)}`));
    const spread = el('td');
    spread.append(histogram(row.distribution, `${row.aspect} scores`));
    tr.append(
      el('td', undefined, row.aspect),
      ...(systems ? [el('td', undefined, row.system ?? '')] : []),
      el('td', 'num', formatEstimate(row.mean, row.low, row.high)),
      bar,
      el('td', 'num', formatCount(row.scored)),
      el('td', row.unscored ? 'num warning-text' : 'num', formatCount(row.unscored)),
      spread,
    );
    body.append(tr);
  }
  return table;
}

type Item = PanelDataset['items'][number];

function sortValue(item: Item, column: string): number | string {
  if (column === 'id') return item.id;
  if (column === 'system') return item.system ?? '';
  if (column === 'findings') return item.findings;
  // An item without this score sorts after every scored one, whichever the direction.
  return item.scores[column] ?? Number.NaN;
}

function compareOn(x: Item, y: Item, column: string, descending: boolean): number {
  const a = sortValue(x, column);
  const b = sortValue(y, column);
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return descending ? b - a : a - b;
  }
  return descending ? String(b).localeCompare(String(a)) : String(a).localeCompare(String(b));
}

/** Sorted on `column`, ties broken by the next columns (lowest first for scores). */
function sorted(items: Item[], column: string, descending: boolean, tieBreakers: string[]): Item[] {
  return [...items].sort((x, y) => {
    for (const [c, d] of [[column, descending] as const, ...tieBreakers.map((c) => [c, false] as const)]) {
      const order = compareOn(x, y, c, d);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** The aspects on which the items differ: sorting on one where all score alike says nothing. */
function varyingAspects(dataset: PanelDataset): string[] {
  return dataset.aspects.filter((a) => new Set(dataset.items.map((i) => i.scores[a])).size > 1);
}

function itemsTable(dataset: PanelDataset, send: (m: FromWebview) => void, redraw: () => void): HTMLElement {
  const systems = dataset.items.some((i) => i.system !== undefined);
  const columns = ['id', ...(systems ? ['system'] : []), ...dataset.aspects, 'findings'];
  const titles: Record<string, string> = { id: 'Item', system: 'System', findings: 'Findings' };
  const varying = varyingAspects(dataset);
  // Worst first: lowest on the first aspect that tells the items apart, ties broken by the next.
  const { column, descending } = sort ?? { column: varying[0] ?? dataset.aspects[0] ?? 'id', descending: false };
  const { table, body, head } = captionedTable(
    'dataset-items',
    `Items${sort ? '' : ', worst first'} — click a column to sort, a row to open its summary and source`,
    [],
  );
  for (const name of [...columns, 'status']) {
    const th = el('th', undefined, titles[name] ?? name);
    if (name !== 'status') {
      th.tabIndex = 0;
      th.classList.add('sortable');
      th.setAttribute('aria-sort', name === column ? (descending ? 'descending' : 'ascending') : 'none');
      if (name === column) th.textContent += descending ? ' ▼' : ' ▲';
      const toggle = () => {
        sort = { column: name, descending: name === column ? !descending : false };
        redraw();
      };
      th.addEventListener('click', toggle);
      th.addEventListener('keydown', (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle()));
    }
    head.append(th);
  }
  const rows = sorted(dataset.items, column, descending, varying);
  for (const item of showAll ? rows : rows.slice(0, FIRST_ROWS)) {
    const tr = el('tr', item.failed ? 'item failed' : 'item');
    actionRow(tr, `Open item ${item.id}`, () => send({ type: 'openItem', key: item.key }));
    tr.append(el('td', 'nowrap', item.id));
    if (systems) tr.append(el('td', undefined, item.system ?? ''));
    for (const aspect of dataset.aspects) tr.append(el('td', 'num', formatScore(item.scores[aspect])));
    tr.append(el('td', 'num', item.findings ? formatCount(item.findings) : ''));
    tr.append(el('td', item.failed ? 'error-text' : 'muted', item.failed ? 'failed' : 'ok'));
    body.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(table);
  if (!showAll && rows.length > FIRST_ROWS) {
    const more = el('button', undefined, `Show all ${formatCount(rows.length)} items`);
    more.addEventListener('click', () => {
      showAll = true;
      redraw();
    });
    wrap.append(more);
  }
  return wrap;
}

export function datasetSection(dataset: PanelDataset, send: (m: FromWebview) => void, redraw: () => void): HTMLElement {
  const section = el('section', 'dataset');
  section.setAttribute('aria-label', 'Dataset run');
  section.append(el('h2', undefined, `Dataset ${dataset.data}`));
  const failed = dataset.items.filter((i) => i.failed).length;
  section.append(
    el(
      'p',
      'muted',
      `${dataset.model} · ${dataset.method} · ${plural(dataset.items.length, 'item')}${failed ? ` · ${failed} failed` : ''} · run file ${dataset.runFile}`,
    ),
  );
  const run = dataset.run;
  if (run) {
    const parts = [`${formatCount(run.written)} evaluated now`];
    if (run.alreadyDone) parts.push(`${formatCount(run.alreadyDone)} already done`);
    if (run.failed) parts.push(`${formatCount(run.failed)} failed (evaluate again to retry them)`);
    if (run.cancelled) parts.push('cancelled: what finished is kept');
    parts.push(`${plural(run.calls, 'call')}, ${formatCount(run.tokens)} tokens`);
    section.append(el('p', run.failed || run.cancelled || run.stopped ? 'warning' : 'muted', parts.join(' · ')));
  }
  const aspects = el('div', 'table-wrap');
  aspects.append(aspectRows(dataset));
  section.append(aspects, itemsTable(dataset, send, redraw));
  return section;
}

/** What the comparison says for one aspect, in words, at the 5% level after Holm's correction. */
function verdict(row: PanelComparison['aspects'][number]): { text: string; tone: string } {
  if (row.pHolm === null || row.difference === null) return { text: 'not enough pairs', tone: 'muted' };
  if (row.pHolm >= 0.05) return { text: 'no significant difference', tone: 'muted' };
  return row.difference > 0 ? { text: 'B better', tone: 'good-text' } : { text: 'B worse', tone: 'error-text' };
}

export function comparisonSection(comparison: PanelComparison): HTMLElement {
  const section = el('section', 'comparison');
  section.setAttribute('aria-label', 'Comparison of two runs');
  section.append(el('h2', undefined, 'Is B better than A?'));
  section.append(
    el('p', 'muted', `A: ${comparison.a.label} (${plural(comparison.a.items, 'item')}) · B: ${comparison.b.label} (${plural(comparison.b.items, 'item')})`),
  );
  const unpaired = (side: string, keys: string[]) =>
    keys.length ? ` · only in ${side}: ${keys.length} (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})` : '';
  section.append(
    el(
      'p',
      comparison.onlyA.length || comparison.onlyB.length ? 'warning' : 'muted',
      `${plural(comparison.paired, 'item')} paired on id${unpaired('A', comparison.onlyA)}${unpaired('B', comparison.onlyB)}`,
    ),
  );
  for (const difference of comparison.differences) section.append(el('div', 'warning', `⚠ made differently: ${difference}`));
  const reach = Math.max(0.5, ...comparison.aspects.flatMap((r) => [Math.abs(r.low ?? 0), Math.abs(r.high ?? 0)]));
  const { table, body } = captionedTable(
    'comparison-table',
    'Per aspect: mean of A and B, B − A with its paired bootstrap 95% interval, paired permutation p-value (and Holm-adjusted across aspects), items where B won / tied / lost',
    ['Aspect', 'A', 'B', 'B − A [95% interval]', '', 'p', 'p (Holm)', 'Wins / ties / losses', ''],
  );
  for (const row of comparison.aspects) {
    const bar = el('td');
    bar.append(intervalBar(row.difference, row.low, row.high, [-reach, reach], `${row.aspect}: B − A ${formatEstimate(row.difference, row.low, row.high)}`, 0));
    const said = verdict(row);
    const tr = el('tr');
    tr.append(
      el('td', undefined, row.aspect),
      el('td', 'num', formatScore(row.meanA)),
      el('td', 'num', formatScore(row.meanB)),
      el('td', 'num', formatEstimate(row.difference, row.low, row.high)),
      bar,
      el('td', 'num', formatPValue(row.pValue)),
      el('td', 'num', formatPValue(row.pHolm)),
      el('td', 'num', `${row.wins} / ${row.ties} / ${row.losses}${row.unscoredPairs ? ` (${row.unscoredPairs} unscored)` : ''}`),
      el('td', said.tone, said.text),
    );
    body.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(table);
  section.append(wrap);
  return section;
}
