/**
 * The comparison view's script (bundled to media/dist/comparison.js): per aspect the verdict
 * (A, B or a tie), the probability of each answer, and whether the verdict flipped when the
 * order of the two summaries was swapped; each order's own answer and the judge's words behind
 * a click. Every node is built with textContent: summary text is untrusted.
 */
import { el } from './dom';
import { toComparisonViewSchema, type AspectComparisonView, type ComparisonView, type OrderAnswerView } from './comparisonProtocol';

const root = document.getElementById('root') as HTMLElement;
const percent = (p: number) => `${Math.round(100 * p)}%`;

function verdictText(verdict: 'A' | 'B' | 'tie', c: ComparisonView): string {
  if (verdict === 'tie') return 'tie';
  return `${verdict} better (${verdict === 'A' ? c.a.name : c.b.name})`;
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
  const shown = order.first === 'A' ? `${c.a.name} shown first` : `${c.b.name} shown first`;
  const item = el(
    'li',
    undefined,
    `${shown}: ${verdictText(order.verdict, c)}, A ${percent(order.pA)} · tie ${percent(order.pTie)} · B ${percent(order.pB)} (${order.route}: ${order.why})`,
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
  if (aspect.inconsistent) head.append(el('span', 'comparison-flip', 'flipped with the order: counted as a tie'));
  row.append(head, probabilityBar(aspect));
  const details = el('details', 'comparison-orders');
  details.append(el('summary', undefined, `Each order's answer (${aspect.orders.length})`));
  const list = el('ul');
  for (const order of aspect.orders) list.append(orderLine(order, c));
  details.append(list);
  row.append(details);
  return row;
}

/** "summary-right.md better on 3 of 4 aspects; 1 tie": the comparison in one line. */
function overall(c: ComparisonView): string {
  const count = (v: 'A' | 'B' | 'tie') => c.aspects.filter((a) => a.verdict === v).length;
  const [a, b, ties] = [count('A'), count('B'), count('tie')];
  const of = `of ${c.aspects.length} aspect${c.aspects.length === 1 ? '' : 's'}`;
  const parts = [
    a > 0 ? `${c.a.name} better on ${a} ${of}` : '',
    b > 0 ? `${c.b.name} better on ${b} ${of}` : '',
    ties > 0 ? `${ties} tie${ties === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

function show(c: ComparisonView): void {
  const head = el('header', 'comparison-head');
  head.append(
    el('h1', undefined, `${c.a.name} (A) vs ${c.b.name} (B)`),
    el('p', 'comparison-overall', overall(c)),
    el('p', 'comparison-meta', `of ${c.source}, judged by ${c.model} in both orders · ${c.usage}`),
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
  else if (message.type === 'comparing')
    root.replaceChildren(el('p', 'comparison-meta', `Comparing ${message.a} and ${message.b} as summaries of ${message.source}…`));
  else root.replaceChildren(el('p', 'comparison-error', message.message));
});
