/**
 * A pairwise run's ranking of systems in the comparison view: per aspect, a chart of the
 * Bradley–Terry strengths with their bootstrap intervals (SVG, theme colours; the table beside
 * it is its text alternative), the table (strength, interval, wins, losses, ties), and the
 * judge's position and length bias. Every label is set as text: system names are untrusted.
 */
import { captionedTable, el } from './dom';
import { ui } from './uiText';
import type { RankingView } from './comparisonProtocol';

type AspectRanking = RankingView['aspects'][number];
type RankedSystem = AspectRanking['systems'][number];

const SVG = 'http://www.w3.org/2000/svg';
const ROW = 22;
const LABEL = 150;
const PLOT = 360;
const num = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const percent = (x: number | null) => (x === null ? '—' : `${Math.round(100 * x)}%`);

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Strength and interval on one axis per aspect; an unbounded end is drawn to the edge with an arrow. */
function chart(a: AspectRanking): SVGSVGElement {
  const values = a.systems.flatMap((s) => [s.low, s.high, s.strength]).filter((x): x is number => x !== null);
  const [min, max] = [Math.min(0, ...values), Math.max(0, ...values)];
  const x = (v: number | null, edge: number) => LABEL + (v === null ? edge : ((v - min) / (max - min || 1)) * PLOT);
  const height = ROW * a.systems.length + 24;
  const root = svg('svg', { class: 'ranking-chart', width: LABEL + PLOT + 20, height, role: 'img' });
  root.setAttribute('aria-label', ui('Strengths of {0} systems with their 95% intervals; the table below lists them', a.systems.length));
  root.append(svg('line', { class: 'ranking-zero', x1: x(0, 0), x2: x(0, 0), y1: 0, y2: height - 20 }));
  a.systems.forEach((s: RankedSystem, i) => {
    const y = ROW * i + ROW / 2;
    root.append(
      svg('text', { class: 'ranking-label', x: LABEL - 8, y: y + 4, 'text-anchor': 'end' }, s.system),
      svg('line', { class: 'ranking-interval', x1: x(s.low, 0), x2: x(s.high, PLOT), y1: y, y2: y }),
    );
    if (s.strength !== null) root.append(svg('circle', { class: 'ranking-point', cx: x(s.strength, 0), cy: y, r: 4 }));
  });
  root.append(
    svg('text', { class: 'ranking-axis', x: LABEL, y: height - 4 }, num(min)),
    svg('text', { class: 'ranking-axis', x: LABEL + PLOT, y: height - 4, 'text-anchor': 'end' }, num(max)),
  );
  return root;
}

function table(a: AspectRanking): HTMLTableElement {
  const { table, body } = captionedTable(
    'ranking-table',
    ui('Bradley–Terry strength (log-odds, ties as half wins) with its 95% bootstrap interval over documents'),
    ['#', ui('System'), ui('Strength [95% interval]'), ui('Wins'), ui('Losses'), ui('Ties')],
  );
  a.systems.forEach((s, i) => {
    const row = el('tr');
    for (const cell of [String(i + 1), s.system, `${num(s.strength)} [${num(s.low)}, ${num(s.high)}]`, num(s.wins, 1), num(s.losses, 1), num(s.ties, 0)])
      row.append(el('td', undefined, cell));
    body.append(row);
  });
  return table;
}

function biasLine(a: AspectRanking): string {
  const flip = ui('flip rate {0} [{1}, {2}] of {3} pairs', percent(a.flipRate.value), percent(a.flipRate.low), percent(a.flipRate.high), a.flipRate.of);
  const first = ui(
    'first position wins {0} [{1}, {2}] (p {3})',
    percent(a.firstPositionWinRate.value),
    percent(a.firstPositionWinRate.low),
    percent(a.firstPositionWinRate.high),
    num(a.firstPositionWinRate.p, 3),
  );
  const length = a.lengthControlledWinRate === undefined ? '' : ` · ${ui('length-controlled win rate {0}', percent(a.lengthControlledWinRate))}`;
  return `${flip} · ${first}${length}`;
}

export function rankingSection(r: RankingView): HTMLElement[] {
  const head = el('header', 'comparison-head');
  head.append(
    el('h1', undefined, ui('Ranking of systems: {0}', r.file)),
    el('p', 'comparison-meta', ui('judged by {0}; orders asked: {1}', r.judges, r.orders)),
  );
  const sections = r.aspects.map((a) => {
    const section = el('section', 'comparison-aspect ranking-aspect');
    const head = el('div', 'comparison-aspect-head');
    head.append(el('h2', 'comparison-aspect-name', a.aspect), el('span', 'comparison-meta', ui('{0} pairs', a.pairs)));
    section.append(head, chart(a), el('p', 'comparison-meta', biasLine(a)), table(a));
    return section;
  });
  return [head, ...sections];
}
