/**
 * A JSON-lines file read whole and each line validated with zod: the long-document sets
 * (LongEval, LongSciVerify) are a few MB, so reading them at once is simpler than streaming.
 * A line that is not JSON or does not match is reported with its line number.
 */
import * as z from 'zod';
import { SumLensError } from '../errors';

export function parseJsonLines<T extends z.ZodType>(text: string, path: string, schema: T, what: string): z.infer<T>[] {
  const rows: z.infer<T>[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new SumLensError('bad-input', `${path}: line ${i + 1} is not JSON: ${(error as Error).message}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SumLensError('bad-input', `${path}: line ${i + 1} is not a ${what} line: ${z.prettifyError(parsed.error)}`);
    rows.push(parsed.data);
  }
  if (rows.length === 0) throw new SumLensError('bad-input', `${path}: no ${what} lines`);
  return rows;
}
