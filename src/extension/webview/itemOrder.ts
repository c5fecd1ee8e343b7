/**
 * The order of the dataset table's items for a sort column: computed once as indices (each
 * item's sort keys read once, not at every comparison), so sorting ten thousand rows takes a
 * few milliseconds and moves no DOM node; the virtual list draws the rows in view from it.
 * Pure, so it is checked in Node.
 */

export interface OrderItem {
  id: string;
  system?: string;
  findings: number;
  scores: Record<string, number | null | undefined>;
}

function sortKey(item: OrderItem, column: string): number | string {
  if (column === 'id') return item.id;
  if (column === 'system') return item.system ?? '';
  if (column === 'findings') return item.findings;
  return item.scores[column] ?? Number.NaN;
}

const collator = new Intl.Collator(undefined, { numeric: false });

function compareKeys(a: number | string, b: number | string, descending: boolean): number {
  if (typeof a === 'number' && typeof b === 'number') {
    // An item without this score sorts after every scored one, whichever the direction.
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return descending ? b - a : a - b;
  }
  return descending ? collator.compare(String(b), String(a)) : collator.compare(String(a), String(b));
}

/** Indices of `items` sorted on `column`, ties broken by `tieBreakers` (lowest first), then by position. */
export function itemOrder(items: readonly OrderItem[], column: string, descending: boolean, tieBreakers: readonly string[]): number[] {
  const columns = [column, ...tieBreakers.filter((c) => c !== column)];
  const keys = columns.map((c) => items.map((item) => sortKey(item, c)));
  const order = items.map((_, i) => i);
  return order.sort((x, y) => {
    for (let c = 0; c < columns.length; c++) {
      const result = compareKeys(keys[c][x], keys[c][y], c === 0 && descending);
      if (result !== 0) return result;
    }
    return x - y;
  });
}
