/**
 * The ranking of a pairwise run in the comparison view ("SumLens: Rank Systems (Pairwise)", or
 * a pairwise run file opened): per aspect a chart of each system's Bradley–Terry strength with
 * its 95% interval (SVG drawn here, colours from the theme's CSS variables), the same figures
 * as a table (the chart's text alternative), and the position and length bias. Two systems:
 * B's win rate over A instead. Every text node is set with textContent.
 */
import { captionedTable, el } from './dom';
import { ui } from './uiText';
import type { RankedSystemView, RankingAspectView, RankingView } from './comparisonProtocol';

const SVG = 'http://www.w3.org/2000/svg';
const fixed = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));
const percent = (x: number | null) => (x === null ? '–' : `${Math.round(100 * x)}%`);
const range = ([lo, hi]: [number | null, number | null], f = fixed) => `[${f(lo)}, ${f(hi)}]`;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** About five round ticks covering [min, max]. */
function ticks(min: number, max: number): number[] {
  const raw = (max - min) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + 1e-9; t += step) out.push(Math.round(t / step) * step);
  return out;
}

const LABEL = 150;
const WIDTH = 600;
const ROW = 26;
const TOP = 30;

/** Each system a row: its interval as a bar with caps, its strength a dot, the zero line dashed. */
function strengthChart(systems: readonly RankedSystemView[], label: string): SVGSVGElement {
  const values = systems.flatMap((s) => [s.strength, ...s.interval]).filter((x): x is number => x !== null);
  const [lo, hi] = [Math.min(0, ...values), Math.max(0, ...values)];
  const pad = (hi - lo || 1) * 0.05;
  const [min, max] = [lo - pad, hi + pad];
  const x = (v: number) => LABEL + ((v - min) / (max - min)) * (WIDTH - LABEL - 16);
  const height = TOP + systems.length * ROW + 8;
  const chart = svg('svg', { class: 'ranking-chart', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': label });
  chart.append(svg('title', {}, label));
  for (const t of ticks(min, max)) {
    chart.append(svg('line', { class: 'ranking-grid', x1: x(t), x2: x(t), y1: TOP - 6, y2: height - 8 }));
    chart.append(svg('text', { class: 'ranking-tick', x: x(t), y: TOP - 12, 'text-anchor': 'middle' }, fixed(t, Math.abs(t) < 1 && t !== 0 ? 1 : 0)));
  }
  chart.append(svg('text', { class: 'ranking-tick', x: LABEL - 8, y: TOP - 12, 'text-anchor': 'end' }, ui('strength (log-odds)')));
  chart.append(svg('line', { class: 'ranking-zero', x1: x(0), x2: x(0), y1: TOP - 6, y2: height - 8 }));
  systems.forEach((s, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const name = s.system.length > 20 ? `${s.system.slice(0, 19)}…` : s.system;
    chart.append(svg('text', { class: 'ranking-label', x: LABEL - 8, y: y + 4, 'text-anchor': 'end' }, name));
    const [a, b] = s.interval;
    if (a !== null && b !== null) {
      chart.append(svg('line', { class: 'ranking-interval', x1: x(a), x2: x(b), y1: y, y2: y }));
      for (const end of [a, b]) chart.append(svg('line', { class: 'ranking-interval', x1: x(end), x2: x(end), y1: y - 5, y2: y + 5 }));
    }
    if (s.strength !== null) chart.append(svg('circle', { class: 'ranking-point', cx: x(s.strength), cy: y, r: 5 }));
  });
  return chart;
}

function rankingTable(systems: readonly RankedSystemView[], aspect: string): HTMLTableElement {
  const titles = [ui('Rank'), ui('System'), ui('Strength'), ui('95% interval'), ui('Wins'), ui('Losses'), ui('Ties')];
  const { table, body } = captionedTable('ranking-table', ui('Bradley–Terry strengths on {0}, strongest first', aspect), titles);
  systems.forEach((s, i) => {
    const row = el('tr');
    for (const cell of [String(i + 1), s.system, fixed(s.strength), range(s.interval), String(s.wins), String(s.losses), String(s.ties)])
      row.append(el('td', undefined, cell));
    body.append(row);
  });
  return table;
}

/** Flip rate, first-position win rate, the length bias and people's agreement, one line each. */
function biasList(a: RankingAspectView): HTMLElement {
  const list = el('ul', 'ranking-bias');
  const line = (text: string) => list.append(el('li', undefined, text));
  line(ui('Flip rate (verdict changed with the order): {0} {1} of {2} pairs', percent(a.flipRate.value), range(a.flipRate.interval, percent), a.flipRate.of));
  const first = a.firstPositionWinRate;
  line(
    ui(
      'First-position win rate: {0} {1} of {2} verdicts, binomial test against 50%: p = {3}',
      percent(first.value),
      range(first.interval, percent),
      first.of,
      fixed(first.p, 3),
    ),
  );
  if (a.longerWinRate) line(ui('Longer summary’s win rate: {0} of {1} pairs of unequal length', percent(a.longerWinRate.value), a.longerWinRate.of));
  line(
    a.lengthControlledWinRate
      ? ui('Length-controlled win rate of B: {0}', percent(a.lengthControlledWinRate.value))
      : ui('Length-controlled win rate: for two systems only'),
  );
  if (a.humanTau) line(ui('Kendall’s tau against people’s ranking: {0} {1}', fixed(a.humanTau.value), range(a.humanTau.interval)));
  return list;
}

function aspectSection(a: RankingAspectView, ties: string): HTMLElement {
  const section = el('section', 'ranking-aspect');
  section.append(
    el('h2', 'ranking-aspect-name', a.aspect),
    el('p', 'comparison-meta', ui('{0} pairs; {1} flipped with the order (ties) · {2}', a.pairs, a.inconsistent, ties)),
  );
  if (a.ranking) {
    section.append(
      strengthChart(a.ranking, ui('Strengths on {0} with 95% intervals; the table below holds the figures', a.aspect)),
      rankingTable(a.ranking, a.aspect),
    );
  } else if (a.winRate) {
    const w = a.winRate;
    section.append(
      el(
        'p',
        'comparison-overall',
        ui(
          '{0} over {1}: win rate {2} {3} ({4} wins, {5} losses, {6} ties)',
          w.of,
          w.over,
          percent(w.value),
          range(w.interval, percent),
          w.wins,
          w.losses,
          w.ties,
        ),
      ),
    );
  }
  section.append(biasList(a));
  return section;
}

export function showRanking(root: HTMLElement, r: RankingView): void {
  const head = el('header', 'comparison-head');
  head.append(el('h1', undefined, ui('Pairwise ranking: {0}', r.title)), el('p', 'comparison-meta', ui('judged by {0} · {1}', r.model, r.note)));
  if (r.partial) head.append(el('p', 'comparison-flip', r.partial));
  const aspects = el('div', 'ranking-aspects');
  for (const a of r.aspects) aspects.append(aspectSection(a, r.ties));
  root.replaceChildren(head, aspects);
}

export function showRankingProgress(root: HTMLElement, title: string, done: number, total: number): void {
  root.replaceChildren(el('p', 'comparison-meta', ui('Ranking {0}: {1} of {2} pairs asked…', title, done, total)));
}
