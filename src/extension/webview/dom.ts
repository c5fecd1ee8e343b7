/** DOM helpers of the panel's script: every node built with textContent, never parsed as HTML. */

/** Creates an element with optional class and text (always as text, never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A table with its caption and header row; rows go into the returned body. */
export function captionedTable(
  className: string,
  caption: string,
  titles: string[],
): { table: HTMLTableElement; body: HTMLTableSectionElement; head: HTMLTableRowElement } {
  const table = el('table', className);
  table.append(el('caption', undefined, caption));
  const head = el('tr');
  for (const title of titles) head.append(el('th', undefined, title));
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  table.append(thead, body);
  return { table, body, head };
}

/** Makes a row act as a button: click, Enter or Space. */
export function actionRow(row: HTMLElement, label: string, action: () => void): void {
  row.tabIndex = 0;
  row.setAttribute('role', 'button');
  row.setAttribute('aria-label', label);
  row.addEventListener('click', action);
  row.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  });
}

/** A horizontal interval [low, high] with a tick at `value`, on the axis [min, max]. */
export function intervalBar(
  { value, low, high }: { value: number | null; low: number | null; high: number | null },
  [min, max]: [number, number],
  label: string,
  zero?: number,
): HTMLElement {
  const range = el('div', 'interval');
  range.setAttribute('role', 'img');
  range.setAttribute('aria-label', label);
  const at = (x: number) => `${(100 * (Math.min(max, Math.max(min, x)) - min)) / (max - min || 1)}%`;
  if (zero !== undefined) {
    const axis = el('div', 'interval-zero');
    axis.style.left = at(zero);
    range.append(axis);
  }
  if (low !== null && high !== null) {
    const span = el('div', 'interval-span');
    span.style.left = at(low);
    span.style.width = `calc(${at(high)} - ${at(low)})`;
    range.append(span);
  }
  if (value !== null) {
    const tick = el('div', 'interval-tick');
    tick.style.left = at(value);
    range.append(tick);
  }
  return range;
}
