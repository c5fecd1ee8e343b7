/**
 * The comparison view's script (bundled to media/dist/comparison.js): per aspect the verdict
 * (A, B or a tie), the probability of each answer, and whether the verdict flipped when the
 * order of the two summaries was swapped; each order's own answer and the judge's words behind
 * a click; or a pairwise run's ranking of many systems (rankingView.ts). Every node is built
 * with textContent: summary text is untrusted.
 */
import { el } from './dom';
import { showRanking, showRankingProgress } from './rankingView';
import { ui } from './uiText';
import { fromComparisonViewSchema, toComparisonViewSchema, type AspectComparisonView, type ComparisonView, type OrderAnswerView } from './comparisonProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const root = document.getElementById('root') as HTMLElement;
const percent = (p: number) => `${Math.round(100 * p)}%`;

function verdictText(verdict: 'A' | 'B' | 'tie', c: ComparisonView): string {
  if (verdict === 'tie') return ui('tie');
  return ui('{0} better ({1})', verdict, verdict === 'A' ? c.a.name : c.b.name);
}

/** P(A), P(tie), P(B) as one bar, each part labelled for screen readers. */
function probabilityBar(p: { pA: number; pB: number; pTie: number }): HTMLElement {
  const bar = el('div', 'comparison-bar');
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', `A ${percent(p.pA)}, tie ${percent(p.pTie)}, B ${percent(p.pB)}`);
  for (const [part, value] of [
    ['a', p.pA],
    ['tie', p.pTie],
    ['b', p.pB],
  ] as const) {
    const segment = el('span', `comparison-bar-${part}`, value >= 0.12 ? `${part === 'tie' ? 'tie' : part.toUpperCase()} ${percent(value)}` : '');
    segment.style.width = `${100 * value}%`;
    bar.append(segment);
  }
  return bar;
}

function orderLine(order: OrderAnswerView, c: ComparisonView): HTMLElement {
  const shown = ui('{0} shown first', order.first === 'A' ? c.a.name : c.b.name);
  const item = el(
    'li',
    undefined,
    ui(
      '{0}: {1}, A {2} · tie {3} · B {4} ({5}: {6})',
      shown,
      verdictText(order.verdict, c),
      percent(order.pA),
      percent(order.pTie),
      percent(order.pB),
      order.route,
      order.why,
    ),
  );
  if (order.answers.length) {
    const answers = el('ol', 'comparison-answers');
    for (const answer of order.answers) answers.append(el('li', undefined, answer));
    item.append(answers);
  }
  return item;
}

function aspectRow(aspect: AspectComparisonView, c: ComparisonView): HTMLElement {
  const row = el('section', `comparison-aspect verdict-${aspect.verdict}`);
  const head = el('div', 'comparison-aspect-head');
  head.append(el('h2', 'comparison-aspect-name', aspect.aspect), el('strong', 'comparison-verdict', verdictText(aspect.verdict, c)));
  if (aspect.inconsistent) head.append(el('span', 'comparison-flip', ui('flipped with the order: counted as a tie')));
  row.append(head, probabilityBar(aspect));
  const details = el('details', 'comparison-orders');
  details.append(el('summary', undefined, ui('Each order’s answer ({0})', aspect.orders.length)));
  const list = el('ul');
  for (const order of aspect.orders) list.append(orderLine(order, c));
  details.append(list);
  row.append(details);
  return row;
}

/** "summary-right.md better on 3 of 4 aspects; ties: 1": the comparison in one line. */
function overall(c: ComparisonView): string {
  const count = (v: 'A' | 'B' | 'tie') => c.aspects.filter((a) => a.verdict === v).length;
  const [a, b, ties] = [count('A'), count('B'), count('tie')];
  const parts = [
    a > 0 ? ui('{0} better on {1} of {2} aspects', c.a.name, a, c.aspects.length) : '',
    b > 0 ? ui('{0} better on {1} of {2} aspects', c.b.name, b, c.aspects.length) : '',
    ties > 0 ? ui('ties: {0}', ties) : '',
  ];
  return parts.filter(Boolean).join('; ');
}

function show(c: ComparisonView): void {
  const head = el('header', 'comparison-head');
  head.append(
    el('h1', undefined, ui('{0} (A) vs {1} (B)', c.a.name, c.b.name)),
    el('p', 'comparison-overall', overall(c)),
    el('p', 'comparison-meta', ui('of {0}, judged by {1} in both orders · {2}', c.source, c.model, c.usage)),
  );
  const aspects = el('div', 'comparison-aspects');
  for (const aspect of c.aspects) aspects.append(aspectRow(aspect, c));
  root.replaceChildren(head, aspects);
}

window.addEventListener('message', (event: MessageEvent) => {
  const parsed = toComparisonViewSchema.safeParse(event.data);
  if (!parsed.success) return; // a message we do not know is dropped, never shown
  const message = parsed.data;
  if (message.type === 'comparison') show(message.comparison);
  else if (message.type === 'ranking') showRanking(root, message.ranking);
  else if (message.type === 'ranking-progress') showRankingProgress(root, message.title, message.done, message.total);
  else if (message.type === 'comparing')
    root.replaceChildren(el('p', 'comparison-meta', ui('Comparing {0} and {1} as summaries of {2}…', message.a, message.b, message.source)));
  else root.replaceChildren(el('p', 'comparison-error', message.message));
});

acquireVsCodeApi().postMessage(fromComparisonViewSchema.parse({ type: 'ready' }));
