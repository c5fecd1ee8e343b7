/**
 * The rating view's script (bundled to media/dist/rating.js): one item of a review at a time,
 * source and summary side by side, each aspect's scale as buttons, keyboard first. Digits
 * score the focused aspect (and move to the next), Tab or ↑/↓ move between aspects, ←/→ step
 * the score, `s` skips with a reason, Enter submits and goes on (once the extension has the
 * ratings on disk, it sends the next item), Backspace goes back. A pairwise item
 * (ratingPairView.ts) is answered with `a`, `b` or `t` and, for A or B, `1` slightly or `2`
 * clearly. Every node is built with textContent: review text is untrusted and never parsed as HTML.
 */
import { el } from './dom';
import { ui } from './uiText';
import { fromRatingViewSchema, toRatingViewSchema, type FromRatingView, type Given, type RatingAspect, type RatingScreen } from './ratingProtocol';
import { CHOICES, MARGINS, choiceLabel, pairTexts, questionRow } from './ratingPairView';

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;

/** The item on screen, and what the rater has given it so far (sent on Enter). */
let screen: RatingScreen | undefined;
let given: Record<string, Given> = {};
let focused = 0;
/** Between a submit and the next screen: keys wait, so a double Enter cannot skip an item. */
let waiting = false;

function send(message: FromRatingView): void {
  vscode.postMessage(fromRatingViewSchema.parse(message));
}

function say(text: string): void {
  status.textContent = text;
}

function integerScale(aspect: RatingAspect): number[] {
  const values: number[] = [];
  for (let v = aspect.min; v <= aspect.max; v++) values.push(v);
  return values;
}

function progressLine(s: RatingScreen): string {
  const left =
    s.position.minutesLeft === null
      ? ''
      : `, about ${Math.max(1, Math.round(s.position.minutesLeft))} minute${Math.round(s.position.minutesLeft) === 1 ? '' : 's'} left`;
  return `${s.position.index + 1} of ${s.position.total}${left}`;
}

function header(s: RatingScreen): HTMLElement {
  const head = el('header', 'rating-head');
  head.append(el('h1', undefined, `${s.reviewName} · ${s.rater}`));
  const bar = el('div', 'rating-progress');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', String(s.position.total));
  bar.setAttribute('aria-valuenow', String(s.position.done));
  bar.setAttribute('aria-label', ui('{0} of {1} items rated', s.position.done, s.position.total));
  const fill = el('div', 'rating-progress-fill');
  fill.style.width = `${(100 * s.position.done) / Math.max(1, s.position.total)}%`;
  bar.append(fill);
  head.append(el('p', 'rating-where', progressLine(s)), bar);
  if (s.item.changed) head.append(el('p', 'rating-changed', ui('This item changed after the review began: its source or summary is not what was dealt.')));
  return head;
}

function textColumn(title: string, body: string): HTMLElement {
  const column = el('section', 'rating-text');
  column.setAttribute('aria-label', title);
  column.append(el('h2', undefined, title), el('div', 'rating-body', body));
  return column;
}

function aspectRow(aspect: RatingAspect, index: number): HTMLElement {
  const row = el('div', 'rating-aspect');
  row.tabIndex = 0;
  row.dataset.index = String(index);
  row.setAttribute('role', 'radiogroup');
  row.setAttribute('aria-label', ui('{0}, {1} to {2}', aspect.name, aspect.min, aspect.max));
  row.addEventListener('focus', () => setFocus(index, false));
  row.append(el('span', 'rating-aspect-name', aspect.name));
  const buttons = el('span', 'rating-scale');
  for (const value of integerScale(aspect)) {
    const button = el('button', 'rating-score', String(value));
    button.tabIndex = -1;
    button.setAttribute('role', 'radio');
    button.setAttribute('aria-checked', String(given[aspect.name]?.score === value));
    button.addEventListener('click', () => score(index, value, false));
    buttons.append(button);
  }
  const skip = el('button', 'rating-skip', given[aspect.name]?.skipped ? `skipped: ${given[aspect.name].skipped}` : 'skip (s)');
  skip.tabIndex = -1;
  skip.addEventListener('click', () => askSkip(index));
  row.append(buttons, skip);
  return row;
}

/** What the rater answers on this screen: its aspects, or a pair's questions. */
function entries(s: RatingScreen): { name: string; criteria: string }[] {
  return s.pair ? (s.questions ?? []) : s.aspects;
}

const pairActions = {
  focus: (index: number) => setFocus(index, false),
  choose: (index: number, choice: NonNullable<Given['choice']>) => answer(index, { choice }),
  margin: (index: number, margin: 1 | 2) => answer(index, { margin }),
  skip: (index: number) => askSkip(index),
};

function render(): void {
  if (!screen) return;
  const s = screen;
  const texts = s.pair ? pairTexts(s) : el('div', 'rating-texts');
  if (!s.pair) texts.append(textColumn(ui('Source'), s.item.source), textColumn(ui('Summary'), s.item.summary));
  const aspects = el('section', 'rating-aspects');
  aspects.setAttribute('aria-label', s.pair ? ui('Questions') : ui('Aspects'));
  if (s.pair) (s.questions ?? []).forEach((q, i) => aspects.append(questionRow(q.name, i, given[q.name], pairActions)));
  else s.aspects.forEach((aspect, i) => aspects.append(aspectRow(aspect, i)));
  const criteria = el('section', 'rating-criteria');
  criteria.setAttribute('aria-live', 'polite');
  const comment = el('textarea', 'rating-comment');
  comment.id = 'comment';
  comment.placeholder = ui('Comment (optional)');
  comment.setAttribute('aria-label', ui('Comment (optional)'));
  comment.value = s.comment;
  const help = el(
    'p',
    'rating-help',
    s.pair
      ? ui('a, b or t: A better, B better, tie · 1 slightly, 2 clearly · Tab or ↑↓ next question · s skip · Enter next pair · Backspace back')
      : ui('Digits score · Tab or ↑↓ next aspect · ←→ change · s skip · Enter next item · Backspace back'),
  );
  root.replaceChildren(header(s), texts, aspects, criteria, comment, help);
  if (s.revealed) root.append(revealedSection(s));
  setFocus(Math.min(focused, entries(s).length - 1), true);
}

function revealedSection(s: RatingScreen): HTMLElement {
  const section = el('section', 'rating-revealed');
  section.append(el('h2', undefined, ui('After your rating')));
  const line = (who: string, scores: Record<string, number>) =>
    el(
      'p',
      undefined,
      `${who}: ${s.aspects.map((a) => `${a.name} ${scores[a.name] === undefined ? '–' : String(Math.round(scores[a.name] * 100) / 100)}`).join(', ')}`,
    );
  if (s.revealed?.judge) section.append(line('the judge', s.revealed.judge));
  for (const other of s.revealed?.others ?? []) section.append(line(other.rater, other.scores));
  return section;
}

function rows(): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.rating-aspect'));
}

function setFocus(index: number, moveFocus: boolean): void {
  if (!screen) return;
  focused = Math.max(0, Math.min(entries(screen).length - 1, index));
  rows().forEach((row, i) => row.classList.toggle('current', i === focused));
  const aspect = entries(screen)[focused];
  const criteria = root.querySelector('.rating-criteria');
  if (criteria) criteria.replaceChildren(el('h2', undefined, ui('{0}: criteria', aspect.name)), el('p', undefined, aspect.criteria));
  if (moveFocus) rows()[focused]?.focus();
}

function score(index: number, value: number, advance: boolean): void {
  if (!screen) return;
  const aspect = screen.aspects[index];
  if (value < aspect.min || value > aspect.max) return say(`${aspect.name} is scored ${aspect.min} to ${aspect.max}`);
  given = { ...given, [aspect.name]: { score: value } };
  const buttons = rows()[index]?.querySelectorAll('.rating-score') ?? [];
  buttons.forEach((b) => b.setAttribute('aria-checked', String(Number(b.textContent) === value)));
  const skip = rows()[index]?.querySelector('.rating-skip');
  if (skip) skip.textContent = 'skip (s)';
  say(`${aspect.name} ${value}`);
  setFocus(advance && index < screen.aspects.length - 1 ? index + 1 : index, true);
}

/** A pair's answer to question `index`: a choice (keeping a margin only with A or B), or a margin for the choice made. */
function answer(index: number, change: Given): void {
  if (!screen) return;
  const question = entries(screen)[index];
  const now = given[question.name] ?? {};
  if (change.margin !== undefined && now.choice !== 'first' && now.choice !== 'second') return say(ui('Choose A or B first: a tie has no margin'));
  const next: Given =
    change.choice !== undefined ? { choice: change.choice, ...(change.choice !== 'tie' && now.margin ? { margin: now.margin } : {}) } : { ...now, ...change };
  given = { ...given, [question.name]: next };
  render();
  say(`${question.name}: ${choiceLabel(next.choice!)}${next.margin ? `, ${ui(MARGINS[next.margin - 1].label)}` : ''}`);
  setFocus(change.choice === 'tie' && index < entries(screen).length - 1 ? index + 1 : index, true);
}

function askSkip(index: number): void {
  if (!screen) return;
  const aspect = entries(screen)[index];
  const input = el('input', 'rating-skip-reason');
  input.setAttribute('aria-label', ui('Why skip {0}? Enter to skip, Escape to cancel', aspect.name));
  input.placeholder = ui('Why skip {0}? (Enter)', aspect.name);
  input.addEventListener('keydown', (e) => {
    e.stopPropagation();
    if (e.key === 'Escape') return render();
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const reason = input.value.trim();
    if (!reason) return say('A skip needs a reason');
    given = { ...given, [aspect.name]: { skipped: reason } };
    say(`${aspect.name} skipped`);
    render();
    setFocus(index < entries(screen!).length - 1 ? index + 1 : index, true);
  });
  rows()[index]?.append(input);
  input.focus();
}

function submit(): void {
  if (!screen || waiting) return;
  const list = entries(screen);
  const missing = list.findIndex((a) => given[a.name]?.score === undefined && given[a.name]?.choice === undefined && !given[a.name]?.skipped);
  if (missing >= 0) {
    say(`${list[missing].name} is not ${screen.pair ? 'answered yet: a, b or t' : 'rated yet: a score'}, or s to skip`);
    return setFocus(missing, true);
  }
  waiting = true;
  const comment = (document.getElementById('comment') as HTMLTextAreaElement | null)?.value ?? '';
  send({ type: 'submit', item: screen.item.id, given, comment });
}

document.addEventListener('keydown', (e) => {
  if (!screen) return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT') {
    if (e.key === 'Escape') setFocus(focused, true);
    return;
  }
  const aspect = screen.aspects[focused];
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (screen.pair && plain) {
    const choice = CHOICES.find((c) => c.key === e.key.toLowerCase());
    const margin = MARGINS.find((m) => m.key === e.key);
    if (choice) return (e.preventDefault(), answer(focused, { choice: choice.choice }));
    if (margin) return (e.preventDefault(), answer(focused, { margin: margin.margin }));
  }
  if (/^[0-9]$/.test(e.key) && plain && !screen.pair) {
    e.preventDefault();
    return score(focused, Number(e.key), true);
  }
  if (e.key === 'ArrowDown') return (e.preventDefault(), setFocus(focused + 1, true));
  if (e.key === 'ArrowUp') return (e.preventDefault(), setFocus(focused - 1, true));
  if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && !screen.pair) {
    e.preventDefault();
    const now = given[aspect.name]?.score ?? (e.key === 'ArrowRight' ? aspect.min - 1 : aspect.max + 1);
    return score(focused, Math.max(aspect.min, Math.min(aspect.max, now + (e.key === 'ArrowRight' ? 1 : -1))), false);
  }
  if (e.key === 's') return (e.preventDefault(), askSkip(focused));
  if (e.key === 'Enter') return (e.preventDefault(), submit());
  if (e.key === 'Backspace' && !waiting) return (e.preventDefault(), send({ type: 'back' }));
});

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = toRatingViewSchema.safeParse(event.data);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'keys') {
    for (const key of message.keys)
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return;
  }
  waiting = false;
  if (message.type === 'error') return say(message.message);
  if (message.type === 'finished') {
    screen = undefined;
    root.replaceChildren(
      el('h1', undefined, `${message.reviewName} · ${message.rater}`),
      el('p', 'rating-finished', ui('All {0} items rated. Thank you. Backspace goes back to change one.', message.total)),
    );
    say(ui('All items rated'));
    document.addEventListener('keydown', (e) => e.key === 'Backspace' && !screen && send({ type: 'back' }), { once: true });
    return;
  }
  const first = !screen || screen.item.id !== message.screen.item.id;
  screen = message.screen;
  given = { ...message.screen.given };
  if (first) focused = 0;
  render();
  say(`Item ${progressLine(message.screen)}`);
});

send({ type: 'ready' });
