/**
 * The column names of a data file, as its first rows hold them (in the order first seen), for
 * a front end to offer as choices (the editor asks which column names the document, which
 * the system). Bad rows are skipped here: reading the items reports them.
 */
import { dataFormat, readRows } from './readRows';

export async function dataColumns(path: string, rowsLooked: number = 50): Promise<string[]> {
  const columns = new Set<string>();
  let seen = 0;
  for await (const row of readRows(path, dataFormat(path))) {
    if ('fields' in row) for (const key of Object.keys(row.fields)) columns.add(key);
    if (++seen >= rowsLooked) break;
  }
  return [...columns];
}
