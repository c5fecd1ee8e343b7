/**
 * The panel's dataset and comparison views: a dataset run as a table per aspect (mean with
 * its 95% interval, distribution, unscored count) and a sortable table of items × aspects,
 * worst first, each row opening its item; a comparison as B − A per aspect with its paired
 * interval, permutation p-values and wins / ties / losses.
 */
import type { PanelComparison, PanelDataset } from './datasetSchemas';
import type { FromWebview } from './protocol';
import { actionRow, captionedTable, el, intervalBar } from './dom';
import { itemOrder } from './itemOrder';
import { ui } from './uiText';
import { formatCount, formatEstimate, formatPValue, formatScore } from './numberFormat';
import { scrollToShow, visibleRows } from './virtualWindow';

const items = (n: number) => (n === 1 ? ui('1 item') : ui('{0} items', formatCount(n)));
const itemsCaption = (sorted: boolean) =>
  sorted
    ? ui('Items — click a column to sort, a row to open its summary and source (arrow keys move between rows)')
    : ui('Items, worst first — click a column to sort, a row to open its summary and source (arrow keys move between rows)');

/** Rows in the list before "Show all" (the list is virtual either way: only the rows in view are in the DOM). */
const FIRST_ROWS = 200;
/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 8;
/** The list's height before it is in the page (then measured). */
const VIEWPORT_GUESS = 600;
/** A row's height in pixels: the CSS's, then measured once a row is in the page (the theme's font may change it). */
let rowHeight = 27;

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
    bar.title = `${value}: ${items(count)}`;
    bars.append(bar);
  }
  return bars;
}

function aspectRows(dataset: PanelDataset): HTMLElement {
  const systems = dataset.rows.some((r) => r.system !== undefined);
  const axis = axisOf(dataset.rows);
  const { table, body } = captionedTable('dataset-aspects', ui('Per aspect: mean with its 95% bootstrap interval, and how the scores spread'), [
    ui('Aspect'),
    ...(systems ? [ui('System')] : []),
    ui('Mean [95% interval]'),
    '',
    ui('Scored'),
    ui('Unscored'),
    ui('Distribution'),
  ]);
  for (const row of dataset.rows) {
    const tr = el('tr');
    const bar = el('td');
    bar.append(intervalBar({ value: row.mean, low: row.low, high: row.high }, axis, `${row.aspect}: ${formatEstimate(row.mean, row.low, row.high)}`));
    const spread = el('td');
    spread.append(histogram(row.distribution, ui('{0} scores', row.aspect)));
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

/** The aspects on which the items differ: sorting on one where all score alike says nothing. */
function varyingAspects(dataset: PanelDataset): string[] {
  return dataset.aspects.filter((a) => new Set(dataset.items.map((i) => i.scores[a])).size > 1);
}

/** The last order computed, kept while the panel shows the same items (a later update redraws only the rows in view). */
let ordered: { items: Item[]; column: string; descending: boolean; order: number[] } | undefined;
/** Where the table was scrolled (kept across redraws of the panel), and the row that has the focus. */
let scrolled = 0;
let focusedRow: number | undefined;
let shownRun: string | undefined;

function orderOf(items: Item[], column: string, descending: boolean, varying: string[]): number[] {
  if (ordered?.items !== items || ordered.column !== column || ordered.descending !== descending) {
    ordered = { items, column, descending, order: itemOrder(items, column, descending, varying) };
  }
  return ordered.order;
}

function itemRow(item: Item, index: number, columns: { systems: boolean; aspects: string[] }, send: (m: FromWebview) => void): HTMLTableRowElement {
  const tr = el('tr', item.failed ? 'item failed' : 'item');
  actionRow(tr, ui('Open item {0}', item.id), () => send({ type: 'openItem', key: item.key }));
  tr.dataset.row = String(index);
  // The header is row 1 of the whole table, of which only the rows in view are in the DOM.
  tr.setAttribute('aria-rowindex', String(index + 2));
  tr.append(el('td', 'nowrap', item.id));
  if (columns.systems) tr.append(el('td', undefined, item.system ?? ''));
  for (const aspect of columns.aspects) tr.append(el('td', 'num', formatScore(item.scores[aspect])));
  tr.append(el('td', 'num', item.findings ? formatCount(item.findings) : ''));
  tr.append(el('td', item.failed ? 'error-text' : 'muted', item.failed ? ui('failed') : ui('ok')));
  return tr;
}

function spacer(columns: number): { row: HTMLTableRowElement; cell: HTMLTableCellElement } {
  const row = el('tr', 'spacer');
  row.setAttribute('aria-hidden', 'true');
  const cell = el('td');
  cell.colSpan = columns;
  row.append(cell);
  return { row, cell };
}

/** Keys that move the focus between rows: the rows out of view are not in the DOM for Tab to reach. */
const rowKeys: Record<string, (at: number, page: number, count: number) => number> = {
  ArrowDown: (at) => at + 1,
  ArrowUp: (at) => at - 1,
  PageDown: (at, page) => at + page,
  PageUp: (at, page) => at - page,
  Home: () => 0,
  End: (_at, _page, count) => count - 1,
};

/** The table's column heads; each but the status column sorts on a click or Enter/Space. */
function columnHeads(head: HTMLElement, names: string[], titles: Record<string, string>, onSort: (column: string) => void): void {
  for (const name of names) {
    const th = el('th', undefined, titles[name] ?? name);
    if (name !== 'status') {
      th.tabIndex = 0;
      th.classList.add('sortable');
      th.dataset.column = name;
      const toggle = () => onSort(name);
      th.addEventListener('click', toggle);
      th.addEventListener('keydown', (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), toggle()));
    }
    head.append(th);
  }
}

/** Keeps the scroll for the next redraw and draws the rows in view, once a frame. */
function redrawOnScroll(view: HTMLElement, draw: () => void): void {
  let pending = false;
  view.addEventListener('scroll', () => {
    scrolled = view.scrollTop;
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      draw();
    });
  });
}

/** Remembers the focused row, and moves the focus by the arrow, page, Home and End keys. */
function moveFocusByKeys(body: HTMLElement, view: HTMLElement, rows: { focusRow(index: number): void; count(): number }): void {
  body.addEventListener('focusin', (e) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row]');
    if (row) focusedRow = Number(row.dataset.row);
  });
  body.addEventListener('keydown', (e) => {
    const move = rowKeys[e.key];
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row]');
    if (!move || !row) return;
    e.preventDefault();
    rows.focusRow(move(Number(row.dataset.row), Math.max(1, Math.floor(view.clientHeight / rowHeight) - 1), rows.count()));
  });
}

function itemsTable(dataset: PanelDataset, send: (m: FromWebview) => void): HTMLElement {
  const systems = dataset.items.some((i) => i.system !== undefined);
  const columns = ['id', ...(systems ? ['system'] : []), ...dataset.aspects, 'findings'];
  const titles: Record<string, string> = { id: ui('Item'), system: ui('System'), findings: ui('Findings') };
  const varying = varyingAspects(dataset);
  if (shownRun !== dataset.runPath) {
    // Another run: its table starts at the top.
    shownRun = dataset.runPath;
    scrolled = 0;
    focusedRow = undefined;
  }
  const { table, body, head } = captionedTable('dataset-items virtual', '', []);
  const caption = table.caption!;
  const wrap = el('div', 'table-wrap');
  const view = el('div', 'virtual-scroll');
  view.append(table);
  wrap.append(view);
  const more = el('button', undefined, ui('Show all {0} items', formatCount(dataset.items.length)));
  const top = spacer(columns.length + 1);
  const bottom = spacer(columns.length + 1);
  let order: number[] = [];
  let drawn = { start: -1, end: -1 };

  const count = () => (showAll ? order.length : Math.min(order.length, FIRST_ROWS));
  /** Draws the rows in view (and a few more); rows already drawn for the same range are left alone. */
  const draw = (force = false) => {
    const range = visibleRows({ scrollTop: view.scrollTop, viewport: view.clientHeight || VIEWPORT_GUESS, rowHeight, count: count(), overscan: OVERSCAN });
    if (!force && range.start === drawn.start && range.end === drawn.end) return;
    drawn = range;
    top.cell.style.height = `${range.before}px`;
    bottom.cell.style.height = `${range.after}px`;
    // A scroll keeps the rows still in view (the same order): only the rows coming into view are built.
    const kept = new Map<number, HTMLElement>();
    if (!force) for (const tr of Array.from(body.querySelectorAll<HTMLElement>('tr[data-row]'))) kept.set(Number(tr.dataset.row), tr);
    const rows: HTMLElement[] = [];
    for (let i = range.start; i < range.end; i++) rows.push(kept.get(i) ?? itemRow(dataset.items[order[i]], i, { systems, aspects: dataset.aspects }, send));
    // The focused row keeps the focus when it stays drawn (moving a node drops it).
    const hadFocus = body.contains(document.activeElement);
    body.replaceChildren(top.row, ...rows, bottom.row);
    if (hadFocus) focusDrawn();
  };
  const focusDrawn = () => body.querySelector<HTMLElement>(`tr[data-row="${focusedRow}"]`)?.focus({ preventScroll: true });
  const focusRow = (index: number) => {
    focusedRow = Math.max(0, Math.min(count() - 1, index));
    view.scrollTop = scrollToShow(focusedRow, view.scrollTop, view.clientHeight, rowHeight);
    draw();
    focusDrawn();
  };
  const sortOn = () => {
    const { column, descending } = sort ?? { column: varying[0] ?? dataset.aspects[0] ?? 'id', descending: false };
    caption.textContent = itemsCaption(sort !== undefined);
    for (const th of Array.from(head.querySelectorAll<HTMLElement>('th.sortable'))) {
      const name = th.dataset.column!;
      th.setAttribute('aria-sort', name === column ? (descending ? 'descending' : 'ascending') : 'none');
      th.textContent = `${titles[name] ?? name}${name === column ? (descending ? ' ▼' : ' ▲') : ''}`;
    }
    order = orderOf(dataset.items, column, descending, varying);
    table.setAttribute('aria-rowcount', String(count() + 1));
  };

  const toggle = (name: string) => {
    const current = sort ?? { column: varying[0] ?? dataset.aspects[0] ?? 'id', descending: false };
    sort = { column: name, descending: name === current.column ? !current.descending : false };
    // Sorted in place: the header and the rows in view, from the top; nothing else is drawn again.
    sortOn();
    focusedRow = undefined;
    view.scrollTop = 0;
    draw(true);
  };
  columnHeads(head, [...columns, 'status'], titles, toggle);
  sortOn();
  redrawOnScroll(view, draw);
  moveFocusByKeys(body, view, { focusRow, count });
  draw(true);
  // Once in the page: the scroll kept from the last redraw, and the row height the theme's font gives.
  requestAnimationFrame(() => {
    const first = body.querySelector<HTMLElement>('tr.item');
    if (first && first.offsetHeight > 0) rowHeight = first.offsetHeight;
    view.scrollTop = Math.min(scrolled, count() * rowHeight);
    draw(true);
  });
  if (!showAll && dataset.items.length > FIRST_ROWS)
    offerShowAll(wrap, more, () => {
      table.setAttribute('aria-rowcount', String(count() + 1));
      draw(true);
    });
  return wrap;
}

/** The button past the first rows that shows every item; `shown` draws them. */
function offerShowAll(wrap: HTMLElement, more: HTMLElement, shown: () => void): void {
  more.addEventListener('click', () => {
    showAll = true;
    more.remove();
    shown();
  });
  wrap.append(more);
}

export function datasetSection(dataset: PanelDataset, send: (m: FromWebview) => void): HTMLElement {
  const section = el('section', 'dataset');
  section.setAttribute('aria-label', ui('Dataset run'));
  section.append(el('h2', undefined, ui('Dataset {0}', dataset.data)));
  const failed = dataset.items.filter((i) => i.failed).length;
  section.append(
    el(
      'p',
      'muted',
      `${dataset.model} · ${dataset.method} · ${items(dataset.items.length)}${failed ? ` · ${ui('{0} failed', failed)}` : ''} · ${ui('run file {0}', dataset.runFile)}`,
    ),
  );
  const run = dataset.run;
  if (run) {
    const parts = [ui('{0} evaluated now', formatCount(run.written))];
    if (run.alreadyDone) parts.push(ui('{0} already done', formatCount(run.alreadyDone)));
    if (run.failed) parts.push(ui('{0} failed (evaluate again to retry them)', formatCount(run.failed)));
    if (run.cancelled) parts.push(ui('cancelled: what finished is kept'));
    parts.push(ui('{0}, {1}', run.calls === 1 ? ui('1 call') : ui('{0} calls', formatCount(run.calls)), ui('{0} tokens', formatCount(run.tokens))));
    section.append(el('p', run.failed || run.cancelled || run.stopped ? 'warning' : 'muted', parts.join(' · ')));
  }
  const aspects = el('div', 'table-wrap');
  aspects.append(aspectRows(dataset));
  section.append(aspects, itemsTable(dataset, send));
  return section;
}

/** What the comparison says for one aspect, in words, at the 5% level after Holm's correction. */
function verdict(row: PanelComparison['aspects'][number]): { text: string; tone: string } {
  if (row.pHolm === null || row.difference === null) return { text: ui('not enough pairs'), tone: 'muted' };
  if (row.pHolm >= 0.05) return { text: ui('no significant difference'), tone: 'muted' };
  return row.difference > 0 ? { text: ui('B better'), tone: 'good-text' } : { text: ui('B worse'), tone: 'error-text' };
}

export function comparisonSection(comparison: PanelComparison): HTMLElement {
  const section = el('section', 'comparison');
  section.setAttribute('aria-label', ui('Comparison of two runs'));
  section.append(el('h2', undefined, ui('Is B better than A?')));
  section.append(el('p', 'muted', `A: ${comparison.a.label} (${items(comparison.a.items)}) · B: ${comparison.b.label} (${items(comparison.b.items)})`));
  const unpaired = (side: string, keys: string[]) =>
    keys.length ? ` · ${ui('only in {0}: {1}', side, `${keys.length} (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})`)}` : '';
  section.append(
    el(
      'p',
      comparison.onlyA.length || comparison.onlyB.length ? 'warning' : 'muted',
      `${ui('{0} paired on id', items(comparison.paired))}${unpaired('A', comparison.onlyA)}${unpaired('B', comparison.onlyB)}`,
    ),
  );
  for (const difference of comparison.differences) section.append(el('div', 'warning', `⚠ ${ui('made differently: {0}', difference)}`));
  const reach = Math.max(0.5, ...comparison.aspects.flatMap((r) => [Math.abs(r.low ?? 0), Math.abs(r.high ?? 0)]));
  const { table, body } = captionedTable(
    'comparison-table',
    ui(
      'Per aspect: mean of A and B, B − A with its paired bootstrap 95% interval, paired permutation p-value (and Holm-adjusted across aspects), items where B won / tied / lost',
    ),
    [ui('Aspect'), 'A', 'B', ui('B − A [95% interval]'), '', 'p', ui('p (Holm)'), ui('Wins / ties / losses'), ''],
  );
  for (const row of comparison.aspects) {
    const bar = el('td');
    bar.append(
      intervalBar(
        { value: row.difference, low: row.low, high: row.high },
        [-reach, reach],
        `${row.aspect}: B − A ${formatEstimate(row.difference, row.low, row.high)}`,
        0,
      ),
    );
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
      el('td', 'num', `${row.wins} / ${row.ties} / ${row.losses}${row.unscoredPairs ? ` ${ui('({0} unscored)', row.unscoredPairs)}` : ''}`),
      el('td', said.tone, said.text),
    );
    body.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(table);
  section.append(wrap);
  return section;
}
