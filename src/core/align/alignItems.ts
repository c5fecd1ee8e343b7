/**
 * The rated items of an alignment: a data table as `eval --data` reads it, with the people's
 * score in one column. A row without a score is left out and counted; a score that is not a
 * number is an error naming its cell; a column no row has is an error naming the columns.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decimalCell } from '../agreement/decimalCell';
import { SumLensError } from '../errors';
import type { Task } from '../result';
import { dataItems, type DataField } from '../run/data/dataItems';
import type { AlignItem } from './crossValidate';

export interface AlignData {
  items: AlignItem[];
  /** Rows with an empty score cell. */
  unrated: number;
  badRows: string[];
}

/** The data file's hash, for the adopted template's provenance. */
export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export async function readAlignItems(path: string, human: string, task: Task, map?: Partial<Record<DataField, string>>): Promise<AlignData> {
  const items: AlignItem[] = [];
  const badRows: string[] = [];
  let unrated = 0;
  let columnSeen = false;
  for await (const item of dataItems({ path, task, map, columns: [human], onBadRow: (where, problem) => badRows.push(`${where}: ${problem}`) })) {
    const cell = (item.fields.columns as Record<string, unknown>)[human];
    if (cell !== undefined) columnSeen = true;
    const score = decimalCell(cell, `${path}: ${String(item.fields.where)}, column ${human}`);
    if (Number.isNaN(score)) {
      unrated++;
      continue;
    }
    items.push({ key: item.key, input: item.input, group: createHash('sha256').update(item.input.source).digest('hex'), human: score });
  }
  if (!columnSeen && (items.length > 0 || unrated > 0))
    throw new SumLensError('bad-input', `${path}: no row has a column '${human}' (--human names the column of the people's scores)`);
  return { items, unrated, badRows };
}
