/**
 * The panel's aspect-choice section (method choose, after Tanaka's thesis): which aspects the judge chose
 * from the catalogue and how firmly (in how many readings, with the spread of their scores),
 * each beside SumLens's own template's score where it has one; the reasons the scores rest
 * on; and the catalogue's unchosen aspects, folded, with no number.
 */
import { captionedTable, el } from './dom';
import { formatScore } from './numberFormat';
import type { PanelResult } from './resultSchema';
import { ui } from './uiText';

export function choiceSection(result: PanelResult, choice: NonNullable<PanelResult['choice']>): HTMLElement {
  const section = el('section', 'choice');
  section.setAttribute('aria-label', ui('Aspects the judge chose'));
  section.append(el('h2', undefined, ui('The judge chose {0} of {1} aspects', choice.chosen.length, choice.offered.length)));
  const how = choice.reasons
    ? ui('after {0} reasons written from the {1} examples, each scored on its own and pooled', choice.reasons.texts.length, choice.reasons.examples)
    : ui('in one answer, a reason and a score for each');
  const catalogue = el(
    'p',
    'muted',
    `${how} · ${choice.catalogueOrigin === 'override' ? ui('your catalogue, {0}', choice.catalogue) : ui("the built-in catalogue (the 20 aspects of Tanaka's thesis)")}`,
  );
  catalogue.title = choice.catalogue;
  section.append(catalogue);

  const own = new Map((choice.ownTemplate ?? []).map((a) => [a.name, a]));
  const titles = [ui('Aspect'), ui("Judge's choice"), ui('Chosen in'), ui('Spread'), ...(choice.ownTemplate ? [ui('Own template (G-Eval)')] : [])];
  const { table, body } = captionedTable(
    'agreement choice-table',
    ui("Each chosen aspect's score, how many readings chose it, and SumLens's own template's score beside it"),
    titles,
  );
  for (const chosen of choice.chosen) {
    const score = result.aspects.find((a) => a.name === chosen.name)?.score ?? null;
    const tr = el('tr');
    tr.append(
      el('td', undefined, chosen.name),
      el('td', 'num', formatScore(score)),
      el('td', 'num', ui('{0} of {1}', chosen.chosenIn, chosen.of)),
      el('td', 'num', chosen.sd === undefined ? '—' : `${chosen.sd.toFixed(2)} (${formatScore(chosen.min ?? null)}–${formatScore(chosen.max ?? null)})`),
    );
    if (choice.ownTemplate) {
      const template = own.get(chosen.name);
      tr.append(el('td', 'num', template ? (template.error ? ui('failed: {0}', template.error) : formatScore(template.score)) : ui('no template')));
    }
    body.append(tr);
  }
  section.append(table);

  if (choice.reasons?.texts.length) {
    const reasons = el('details', 'choice-reasons');
    reasons.append(el('summary', undefined, ui('Reasons ({0})', choice.reasons.texts.length)));
    const list = el('ol');
    for (const text of choice.reasons.texts) list.append(el('li', 'reason', text));
    reasons.append(list);
    section.append(reasons);
  }
  const unchosen = el('details', 'not-chosen');
  unchosen.append(el('summary', undefined, ui('Not chosen ({0}): no score', choice.notChosen.length)));
  unchosen.append(el('p', 'muted', choice.notChosen.join(', ') || ui('none')));
  section.append(unchosen);
  return section;
}
