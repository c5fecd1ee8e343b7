/**
 * The panel's jury section (sumlens.judges): per aspect each judge's score, the jury's mean
 * and the spread between the judges; a judge that failed is named with its reason.
 */
import { captionedTable, el } from './dom';
import { formatScore } from './numberFormat';
import { ui } from './uiText';
import type { PanelResult } from './resultSchema';

export function jurySection(jury: NonNullable<PanelResult['jury']>): HTMLElement {
  const section = el('section', 'jury');
  section.append(el('h2', undefined, ui('Jury of {0}', jury.judges.length)));
  section.append(el('p', 'muted', jury.judges.map((j) => ui('{0}: {1} at {2}', j.name, j.model, j.endpoint)).join(' · ')));
  const { table, body } = captionedTable('agreement', ui("Each judge's score, the jury's mean, and the judges' spread (standard deviation, lowest–highest)"), [
    ui('Aspect'),
    ...jury.judges.map((j) => j.name),
    ui('Jury'),
    ui('Spread'),
  ]);
  for (const aspect of jury.aspects) {
    const tr = el('tr');
    tr.append(el('td', undefined, aspect.name));
    for (const j of jury.judges) tr.append(el('td', 'num', formatScore(j.scores[aspect.name])));
    tr.append(el('td', 'num', formatScore(aspect.score)), el('td', 'num', `${aspect.sd.toFixed(2)} (${formatScore(aspect.min)}–${formatScore(aspect.max)})`));
    body.append(tr);
  }
  section.append(table);
  for (const j of jury.judges) if (j.error) section.append(el('div', 'error', ui('{0} failed and is left out: {1}', j.name, j.error)));
  return section;
}
