/**
 * A score in a table cell, as written: a plain decimal number (optionally signed, with a
 * decimal point or an exponent), or nothing (a blank cell: a missing value). JavaScript's
 * Number() would also read 0x10 as 16, 0b11 as 3, "Infinity" and " 1_0"; such a cell is an
 * error naming where it is, never a silently different score.
 */
import { SumLensError } from '../errors';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The cell's number; NaN for a missing value (absent, null, blank); bad input for anything else. `where`: "scores.csv: line 3, column expert". */
export function decimalCell(value: unknown, where: string): number {
  if (value === undefined || value === null) return NaN;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return NaN;
    if (DECIMAL.test(text) && Number.isFinite(Number(text))) return Number(text);
  }
  throw new SumLensError(
    'bad-input',
    `${where}: ${JSON.stringify(value)} is not a decimal number (write scores as 4, 3.5, -1 or 2e-1; leave the cell blank for a missing score)`,
  );
}
