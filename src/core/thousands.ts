/**
 * Whole numbers with comma thousands separators ("4,000,000"), without Intl: the first
 * `toLocaleString` of a process loads ICU's number data, 20–40 ms that the CLI's start-up
 * would pay for a message it usually never shows.
 */
export function thousands(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
