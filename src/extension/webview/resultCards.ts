/**
 * The panel's cards for one result: an aspect's score on its scale, how it was made, its
 * distribution, reason and steps; the fine-grained metrics and the entities, each a row that
 * shows its span in the editor.
 */
import { actionRow, captionedTable, el } from './dom';
import { formatPercent, formatScore } from './numberFormat';
import { fallbacksText, scoredHow } from './provenanceText';
import type { FromWebview } from './protocol';
import type { PanelResult } from './resultSchema';
import { ui } from './uiText';
import { yourScoreRow } from './yourScoreView';

function scaleBar(score: number | null, [low, high]: [number, number], label: string): HTMLElement {
  const bar = el('div', 'scale');
  bar.setAttribute('role', 'meter');
  bar.setAttribute('aria-label', label);
  bar.setAttribute('aria-valuemin', String(low));
  bar.setAttribute('aria-valuemax', String(high));
  if (score !== null) {
    bar.setAttribute('aria-valuenow', formatScore(score));
    const fill = el('div', 'scale-fill');
    fill.style.width = `${(100 * (score - low)) / (high - low || 1)}%`;
    bar.append(fill);
  }
  return bar;
}

function distribution(dist: Record<string, number>, [low, high]: [number, number]): HTMLElement {
  const list = el('div', 'dist');
  list.setAttribute('role', 'list');
  list.setAttribute('aria-label', ui('Probability of each score'));
  // Every value of a small integer scale gets a row, so a zero shows as an empty bar.
  const all = new Set(Object.keys(dist));
  if (Number.isInteger(low) && Number.isInteger(high) && high - low <= 10) {
    for (let v = low; v <= high; v++) all.add(String(v));
  }
  for (const value of [...all].sort((a, b) => Number(a) - Number(b))) {
    const p = dist[value] ?? 0;
    const row = el('div', 'dist-row');
    row.setAttribute('role', 'listitem');
    const bar = el('div', 'dist-bar');
    const fill = el('div', 'dist-fill');
    fill.style.width = `${Math.round(p * 100)}%`;
    bar.append(fill);
    row.append(el('span', 'dist-value', value), bar, el('span', 'dist-p', formatPercent(p)));
    list.append(row);
  }
  return list;
}

/** The score on your people's scale, beside the judge's own above it, and the map it came from. */
function calibratedLine(c: NonNullable<PanelResult['aspects'][number]['calibrated']>): string {
  return `calibrated to your people's scale: ${formatScore(c.score)} · map ${c.map.split(/[\\/]/).slice(-2).join('/')}, sha256 ${c.sha256.slice(0, 12)}…`;
}

/** What an aspect's card shows of the rater: the row to give your own score, when the panel rates. */
export interface CardContext {
  rated: boolean;
  yourScore: number | undefined;
  send(message: FromWebview): void;
}

export function aspectCard(aspect: PanelResult['aspects'][number], context: CardContext): HTMLElement {
  const card = el('section', 'card');
  card.setAttribute('aria-label', ui('Aspect {0}', aspect.name));
  const head = el('div', 'card-head');
  head.append(el('h3', undefined, aspect.name));
  const score = aspect.score === null ? '—' : `${formatScore(aspect.score)} / ${aspect.scale[1]}`;
  head.append(el('span', 'score', score));
  card.append(head, scaleBar(aspect.score, aspect.scale, ui('{0} score', aspect.name)));
  if (aspect.calibrated) card.append(el('div', 'muted how', calibratedLine(aspect.calibrated)));
  card.append(el('div', 'muted how', scoredHow(aspect)));
  // The excerpts the judge saw have their section above the cards (sourceShownView.ts).
  const fallbacks = aspect.provenance ? fallbacksText(aspect.provenance, { shortenedShown: aspect.sourceShown !== undefined }) : '';
  if (fallbacks) card.append(el('div', 'muted how', fallbacks));
  for (const warning of aspect.warnings ?? []) card.append(el('div', 'warning', `⚠ ${warning}`));
  if (aspect.error) card.append(el('div', 'error', aspect.error));
  card.append(distribution(aspect.distribution, aspect.scale));
  if (context.rated && aspect.score !== null) card.append(yourScoreRow(aspect, context.yourScore, context.send));
  if (aspect.reason) {
    card.append(el('h4', undefined, ui('Reason')), el('p', 'reason', aspect.reason));
  }
  if (aspect.steps) {
    const details = el('details');
    details.append(el('summary', undefined, aspect.stepsGenerated ? ui('Evaluation steps (generated)') : ui('Evaluation steps')));
    details.append(el('pre', 'steps', aspect.steps));
    card.append(details);
  }
  return card;
}

/** Colour class of a verdict: Yes is fine; No and Contradict are problems; the rest uncertain. */
function verdictTone(verdict: string): 'good' | 'bad' | 'unsure' {
  if (verdict === 'Yes') return 'good';
  if (verdict === 'No' || verdict === 'Contradict') return 'bad';
  return 'unsure';
}

/** What each fine-grained ratio counts. */
const ratioMeaning = {
  completeness: () => ui('of the key facts are in the summary'),
  correctness: () => ui('of the summary’s facts are correct'),
  alignment: () => ui('of the facts are in the right place'),
  readability: () => ui('of the sentences read without issues'),
} as const;

/** Where an entity stands: the summary ("target" to the engine), the source or the reference. */
const noteNames = { target: () => ui('summary'), source: () => ui('source'), reference: () => ui('reference') } as const;

export function fineSection(fine: NonNullable<PanelResult['fine']>, send: (message: FromWebview) => void): HTMLElement {
  const section = el('section', 'fine');
  section.append(el('h2', undefined, ui('Fine-grained (SumAutoEval)')));
  const metrics = el('div', 'metrics');
  for (const name of ['completeness', 'correctness', 'alignment', 'readability'] as const) {
    const m = fine[name];
    const card = el('div', 'card metric');
    card.append(el('h3', undefined, name));
    card.append(el('span', 'score', m ? `${formatScore(m.score)} / 5` : '—'));
    card.append(scaleBar(m ? m.score : null, [1, 5], ui('{0} score', name)));
    card.append(el('div', 'muted', m ? `${formatPercent(m.ratio)} ${ratioMeaning[name]()}` : ui('not measured')));
    metrics.append(card);
  }
  section.append(metrics);
  for (const error of fine.errors ?? []) section.append(el('div', 'error', error));

  const { table, body } = captionedTable('entities', ui('Entities ({0}) — Enter or click to show in the editor', fine.entities.length), [
    ui('Entity'),
    ui('In'),
    ui('Metric'),
    ui('Verdict'),
    ui('Votes'),
  ]);
  for (const entity of fine.entities) {
    const row = el('tr', `entity verdict-${verdictTone(entity.verdict)}`);
    actionRow(row, ui('{0}: {1}. Show in editor', entity.text, entity.verdict), () => send({ type: 'revealEntity', entityId: entity.id }));
    row.append(
      el('td', undefined, entity.text),
      el('td', undefined, noteNames[entity.note]()),
      el('td', undefined, entity.metric ?? ''),
      el('td', 'verdict', entity.verdict),
      el('td', 'votes', entity.votes.map((v) => v.answer).join(' · ')),
    );
    row.title = entity.votes.map((v) => `${v.prompt}: ${v.answer} — ${v.explanation}`).join('\n');
    body.append(row);
  }
  section.append(table);
  return section;
}
