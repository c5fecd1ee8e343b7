/**
 * The rating view's pairwise items (ratingMain.ts drives them): the source and the two
 * summaries side by side, labelled A and B in the order shown, and per question its answers as
 * buttons: A better (key a), B better (b), tie (t), then how clearly, slightly (1) or clearly
 * (2), and a skip. The view never knows which system wrote which summary.
 */
import { el } from './dom';
import { ui } from './uiText';
import type { Given, RatingScreen } from './ratingProtocol';
import type { UiString } from './uiStrings';

type Choice = NonNullable<Given['choice']>;

export const CHOICES: { choice: Choice; key: string; label: UiString }[] = [
  { choice: 'first', key: 'a', label: 'A better' },
  { choice: 'second', key: 'b', label: 'B better' },
  { choice: 'tie', key: 't', label: 'tie' },
];
export const MARGINS: { margin: 1 | 2; key: string; label: UiString }[] = [
  { margin: 1, key: '1', label: 'slightly' },
  { margin: 2, key: '2', label: 'clearly' },
];

export const choiceLabel = (choice: Choice): string => ui(CHOICES.find((c) => c.choice === choice)!.label);

function textColumn(title: string, body: string): HTMLElement {
  const column = el('section', 'rating-text');
  column.setAttribute('aria-label', title);
  column.append(el('h2', undefined, title), el('div', 'rating-body', body));
  return column;
}

export function pairTexts(s: RatingScreen): HTMLElement {
  const texts = el('div', 'rating-texts rating-pair');
  texts.append(textColumn(ui('Source'), s.item.source), textColumn(ui('Summary A'), s.pair!.first), textColumn(ui('Summary B'), s.pair!.second));
  return texts;
}

export interface QuestionActions {
  focus(index: number): void;
  choose(index: number, choice: Choice): void;
  margin(index: number, margin: 1 | 2): void;
  skip(index: number): void;
}

function radio(label: string, checked: boolean, onClick: () => void, className: string): HTMLButtonElement {
  const button = el('button', className, label);
  button.tabIndex = -1;
  button.setAttribute('role', 'radio');
  button.setAttribute('aria-checked', String(checked));
  button.addEventListener('click', onClick);
  return button;
}

/** One question's row: a radio group of the three answers, one of the two margins (with A or B), and a skip. */
export function questionRow(name: string, index: number, given: Given | undefined, actions: QuestionActions): HTMLElement {
  const row = el('div', 'rating-aspect');
  row.tabIndex = 0;
  row.dataset.index = String(index);
  row.setAttribute('role', 'radiogroup');
  row.setAttribute('aria-label', ui('{0}: A better (a), B better (b) or tie (t); then slightly (1) or clearly (2)', name));
  row.addEventListener('focus', () => actions.focus(index));
  row.append(el('span', 'rating-aspect-name', name));
  const answers = el('span', 'rating-scale');
  for (const c of CHOICES)
    answers.append(radio(`${ui(c.label)} (${c.key})`, given?.choice === c.choice, () => actions.choose(index, c.choice), 'rating-choice'));
  const margins = el('span', 'rating-scale rating-margins');
  margins.setAttribute('aria-label', ui('how clearly'));
  const sided = given?.choice === 'first' || given?.choice === 'second';
  for (const m of MARGINS) {
    const button = radio(`${ui(m.label)} (${m.key})`, sided && given?.margin === m.margin, () => actions.margin(index, m.margin), 'rating-margin');
    button.disabled = !sided;
    margins.append(button);
  }
  const skip = el('button', 'rating-skip', given?.skipped ? `skipped: ${given.skipped}` : 'skip (s)');
  skip.tabIndex = -1;
  skip.addEventListener('click', () => actions.skip(index));
  answers.append(margins);
  row.append(answers, skip);
  return row;
}
