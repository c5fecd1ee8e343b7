/**
 * The panel's "Spread over N runs" table (`sumlens.repeat` above 1): per score, each run's
 * score as a dot on the scale with the range between the lowest and highest, the mean ± sd,
 * and with `sumlens.passThreshold` how many runs reached it, flagging scores whose runs fall
 * on both sides (a verdict a single run would have decided by chance).
 */
import type { PanelResult } from './resultSchema';
import { captionedTable, el } from './dom';
import { formatScore } from './numberFormat';
import { ui } from './uiText';

type Repeat = NonNullable<PanelResult['repeat']>;
type Spread = Repeat['spread'][number];

/** The scale a score lives on: an aspect's own, else the fine-grained metrics' 1–5. */
function scaleOf(name: string, result: PanelResult): [number, number] {
  return result.aspects.find((a) => a.name === name)?.scale ?? [1, 5];
}

/** The runs' scores as dots on the scale, the range between them, the threshold as a line. */
function runStrip(spread: Spread, [low, high]: [number, number], threshold: number | undefined): HTMLElement {
  const strip = el('div', 'spread-strip');
  strip.setAttribute('role', 'img');
  const scores = spread.scores.filter((s): s is number => s !== null);
  strip.setAttribute('aria-label', ui('{0} in each run: {1}', spread.name, spread.scores.map(formatScore).join(', ')));
  const at = (x: number) => `${(100 * (Math.min(high, Math.max(low, x)) - low)) / (high - low || 1)}%`;
  if (spread.min !== null && spread.max !== null) {
    const range = el('div', 'spread-range');
    range.style.left = at(spread.min);
    range.style.width = `calc(${at(spread.max)} - ${at(spread.min)})`;
    strip.append(range);
  }
  if (threshold !== undefined) {
    const line = el('div', 'spread-threshold');
    line.style.left = at(threshold);
    line.title = ui('threshold {0}', formatScore(threshold));
    strip.append(line);
  }
  for (const score of scores) {
    const dot = el('div', 'spread-dot');
    dot.style.left = at(score);
    dot.title = formatScore(score);
    strip.append(dot);
  }
  return strip;
}

function passCell(spread: Spread): HTMLElement {
  const t = spread.threshold;
  if (!t) return el('td', 'num', '—');
  const cell = el(
    'td',
    t.straddles ? 'num straddles' : 'num',
    t.straddles ? ui('{0} of {1} ⚠ straddles', t.passed, spread.scored) : ui('{0} of {1}', t.passed, spread.scored),
  );
  if (t.straddles) cell.title = ui('Some runs reach {0} and some do not: one run would have decided this by chance.', formatScore(t.threshold));
  return cell;
}

export function spreadSection(result: PanelResult, repeat: Repeat): HTMLElement {
  const section = el('section', 'spread');
  section.setAttribute('aria-label', ui('Spread over {0} runs', repeat.runs));
  section.append(el('h2', undefined, ui('Spread over {0} runs', repeat.runs)));
  section.append(
    el(
      'p',
      'muted',
      ui('The same summary judged {0} times independently; the cards above show the first run.', repeat.runs) +
        (repeat.threshold !== undefined ? ` ${ui('Pass: a score of at least {0}.', formatScore(repeat.threshold))}` : ''),
    ),
  );
  const titles = [ui('score'), ui('runs'), ui('mean ± sd'), ui('range'), ...(repeat.threshold !== undefined ? [ui('runs passing')] : [])];
  const { table, body } = captionedTable('spread-table', ui('Each score over {0} independent runs', repeat.runs), titles);
  for (const spread of repeat.spread) {
    const row = el('tr');
    const strip = el('td');
    strip.append(runStrip(spread, scaleOf(spread.name, result), repeat.threshold));
    const unscored = repeat.runs - spread.scored;
    row.append(
      el('td', undefined, spread.name),
      strip,
      el('td', 'num', `${formatScore(spread.mean)} ± ${formatScore(spread.sd)}${unscored ? ` ${ui('({0} unscored)', unscored)}` : ''}`),
      el('td', 'num', `${formatScore(spread.min)} – ${formatScore(spread.max)}`),
    );
    if (repeat.threshold !== undefined) row.append(passCell(spread));
    body.append(row);
  }
  section.append(table);
  return section;
}
