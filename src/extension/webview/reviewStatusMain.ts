/**
 * The review status view's script (bundled to media/dist/review-status.js): progress per rater,
 * agreement per aspect with its interval, and the disagreements, each to open and settle with
 * an adjudicated score. Every node is built with textContent, never parsed as HTML.
 */
import { captionedTable, el } from './dom';
import { ui } from './uiText';
import { fromStatusViewSchema, toStatusViewSchema, type FromStatusView, type ReviewStatusModel, type StatusEstimate } from './reviewStatusProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;

function send(message: FromStatusView): void {
  vscode.postMessage(fromStatusViewSchema.parse(message));
}

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const withInterval = (e: StatusEstimate | null) => (e === null || e.value === null ? '—' : `${fixed(e.value)} [${fixed(e.low)}, ${fixed(e.high)}]`);

function row(body: HTMLTableSectionElement, cells: string[]): void {
  const tr = el('tr');
  for (const text of cells) tr.append(el('td', undefined, text));
  body.append(tr);
}

function progressTable(status: ReviewStatusModel): HTMLElement {
  const { table, body } = captionedTable('status-table', ui('Progress'), [ui('rater'), ui('items rated')]);
  for (const r of status.raters) row(body, [r.rater, ui('{0} of {1}', r.done, r.assigned)]);
  return table;
}

function agreementTable(status: ReviewStatusModel): HTMLElement {
  const { table, body } = captionedTable('status-table', ui('Agreement (95% bootstrap intervals, {0} resamples)', status.resamples), [
    'aspect',
    'items rated twice',
    'alpha (interval)',
    'alpha (ordinal)',
    ...(status.judgeRun ? ['judge vs raters’ mean: alpha', 'mean |diff|'] : []),
  ]);
  for (const a of status.agreement)
    row(body, [
      a.aspect,
      String(a.pairedItems),
      withInterval(a.alphaInterval),
      withInterval(a.alphaOrdinal),
      ...(status.judgeRun ? [withInterval(a.judge?.alpha ?? null), withInterval(a.judge?.meanAbsoluteDifference ?? null)] : []),
    ]);
  return table;
}

function byRaterTable(status: ReviewStatusModel): HTMLElement {
  const { table, body } = captionedTable('status-table', ui('Each rater against the mean of the others'), ['aspect', 'rater', 'items', 'alpha (interval)']);
  for (const a of status.agreement) for (const r of a.byRater) row(body, [a.aspect, r.rater, String(r.n), withInterval(r.alpha)]);
  return table;
}

/** A review's pairwise items: each rater's pairs done, then per question the answers, alpha among raters and each two raters' kappa. */
function pairsTables(pairs: NonNullable<ReviewStatusModel['pairs']>, resamples: number): HTMLElement[] {
  const progress = captionedTable('status-table', ui('Pairs: A, B or tie'), [ui('rater'), ui('items rated')]);
  for (const r of pairs.raters) row(progress.body, [r.rater, ui('{0} of {1}', r.done, r.assigned)]);
  const agreement = captionedTable('status-table', ui('Agreement (95% bootstrap intervals, {0} resamples)', resamples), [
    'question',
    'A / B / tie',
    'pairs answered twice',
    'alpha (nominal)',
    'Cohen’s kappa of two raters',
  ]);
  for (const q of pairs.questions)
    row(agreement.body, [
      q.question,
      `${q.counts.A} / ${q.counts.B} / ${q.counts.tie}`,
      String(q.pairedItems),
      withInterval(q.alpha),
      q.kappas.map((k) => `${k.raters}: ${fixed(k.kappa)} (${k.n})`).join('; '),
    ]);
  return [progress.table, agreement.table];
}

function disagreementCard(d: ReviewStatusModel['disagreements'][number]): HTMLElement {
  const card = el('section', 'disagreement');
  card.setAttribute('aria-label', `${d.item}, ${d.aspect}`);
  const head = el('h3', undefined, `${d.item} · ${d.aspect}`);
  const why = d.reasons
    .map((r) => (r === 'raters' ? ui('raters 2 points or more apart') : ui('the judge 1.5 points or more from the raters’ mean')))
    .join('; ');
  const scores = d.scores.map((s) => `${s.rater} ${s.score}${s.comment ? ` (“${s.comment}”)` : ''}`).join(', ');
  card.append(
    head,
    el('p', 'muted', why),
    el('p', undefined, `${scores}; ${ui('mean {0}', d.mean.toFixed(2))}${d.judge === null ? '' : `; ${ui('judge {0}', d.judge.toFixed(2))}`}`),
  );
  if (d.adjudicated)
    card.append(el('p', 'settled', ui('settled: {0} by {1} (an adjudication, beside the raters’ own)', d.adjudicated.score, d.adjudicated.by)));
  const open = el('button', 'secondary', ui('Open the item'));
  open.addEventListener('click', () => send({ type: 'openItem', item: d.item }));
  const scale = Array.from({ length: d.scale.max - d.scale.min + 1 }, (_, i) => d.scale.min + i);
  const labels = {
    group: ui('Settle {0} of {1} with a score', d.aspect, d.item),
    comment: ui('Why this score for {0}, {1} (optional)', d.item, d.aspect),
  };
  const choices = scale.map((score) => ({
    text: String(score),
    pressed: d.adjudicated?.score === score,
    choose: (comment: string) => send({ type: 'adjudicate', item: d.item, aspect: d.aspect, score, comment }),
  }));
  card.append(open, ...settleControls(labels, choices));
  return card;
}

type PairDisagreementModel = NonNullable<ReviewStatusModel['pairs']>['disagreements'][number];

/** A pair the raters split on: each rater's answer by the system they chose, and A, tie or B to settle it with. */
function pairDisagreementCard(d: PairDisagreementModel): HTMLElement {
  const card = el('section', 'disagreement');
  card.setAttribute('aria-label', `${d.pair}, ${d.question}`);
  const chose = (p: 'A' | 'B' | 'tie') => (p === 'tie' ? ui('a tie') : p === 'A' ? d.a : d.b);
  const answers = d.answers.map((a) => `${a.rater}: ${chose(a.preference)}${a.comment ? ` (“${a.comment}”)` : ''}`).join(', ');
  card.append(
    el('h3', undefined, `${d.pair} · ${d.question}`),
    el('p', 'muted', ui('one rater preferred {0}, another {1}', d.a, d.b)),
    el('p', undefined, answers),
  );
  if (d.adjudicated)
    card.append(el('p', 'settled', ui('settled: {0} by {1} (an adjudication, beside the raters’ own)', chose(d.adjudicated.preference), d.adjudicated.by)));
  const labels = { group: ui('Settle {0} of {1}', d.question, d.pair), comment: ui('Why this answer for {0}, {1} (optional)', d.pair, d.question) };
  const choices = (['A', 'tie', 'B'] as const).map((preference) => ({
    text: chose(preference),
    pressed: d.adjudicated?.preference === preference,
    choose: (comment: string) => send({ type: 'adjudicatePair', pair: d.pair, question: d.question, preference, comment }),
  }));
  card.append(...settleControls(labels, choices));
  return card;
}

interface SettleChoice {
  text: string;
  /** The adjudication given so far. */
  pressed: boolean;
  choose(comment: string): void;
}

/** An adjudicator's controls: "Settle with:" and a button per answer, then the box for why. */
function settleControls(labels: { group: string; comment: string }, choices: readonly SettleChoice[]): HTMLElement[] {
  const comment = el('input', 'adjudication-comment');
  comment.placeholder = ui('Why (optional)');
  comment.setAttribute('aria-label', labels.comment);
  const settle = el('div', 'settle');
  settle.setAttribute('role', 'group');
  settle.setAttribute('aria-label', labels.group);
  settle.append(el('span', 'muted', ui('Settle with:')));
  for (const choice of choices) {
    const button = el('button', choice.pressed ? 'pressed' : undefined, choice.text);
    button.addEventListener('click', () => choice.choose(comment.value));
    settle.append(button);
  }
  return [settle, comment];
}

function render(status: ReviewStatusModel): void {
  const head = el('div', 'status-head');
  const pick = el('button', 'secondary', status.judgeRun ? ui('Judge: {0} (change…)', status.judgeRun) : ui('Compare with the judge’s run…'));
  pick.addEventListener('click', () => send({ type: 'pickRun' }));
  head.append(
    el('h1', undefined, ui('Review {0}', status.name)),
    el('p', 'muted', ui('{0} items', status.items) + (status.changed ? `, ${ui('{0} changed since it began (left out)', status.changed)}` : '')),
    pick,
  );
  const pairCards = (status.pairs?.disagreements ?? []).map(pairDisagreementCard);
  const list = el('section', 'disagreements');
  list.append(el('h2', undefined, ui('Disagreements ({0})', status.disagreements.length + pairCards.length)));
  if (status.hidden > 0) list.append(el('p', 'muted', ui('{0} more on items you still rate: hidden until you have rated them.', status.hidden)));
  for (const d of status.disagreements) list.append(disagreementCard(d));
  list.append(...pairCards);
  if (status.pairs && status.agreement.length === 0) return root.replaceChildren(head, ...pairsTables(status.pairs, status.resamples), list);
  root.replaceChildren(
    head,
    progressTable(status),
    agreementTable(status),
    byRaterTable(status),
    ...(status.pairs ? pairsTables(status.pairs, status.resamples) : []),
    list,
  );
}

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = toStatusViewSchema.safeParse(event.data);
  if (!parsed.success) return;
  if (parsed.data.type === 'error') root.prepend(el('p', 'error', parsed.data.message));
  else render(parsed.data.status);
});

send({ type: 'ready' });
