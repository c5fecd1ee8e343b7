/**
 * A JSON file a SumLens command printed (`audit --format json`, `meta --cross --json`), read
 * back and validated with zod for `report`. JSON writes NaN as null: it is read back as NaN,
 * so the formatters print their "not defined" mark instead of a zero.
 */
import * as z from 'zod';
import { SumLensError } from './errors';
import { readDataFile } from './textInput';

export interface WrittenBy {
  /** What the file should hold, as the errors name it ("an audit"). */
  what: string;
  /** The command that writes it ("sumlens audit --format json"). */
  command: string;
  /** How to write one, when not `command > FILE`. */
  writeOne?: string;
}

function nullsToNaN(value: unknown): unknown {
  if (value === null) return NaN;
  if (Array.isArray(value)) return value.map(nullsToNaN);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullsToNaN(v)]));
  return value;
}

/** The file's value, its nulls back to NaN; a file that cannot be read or does not match is exit 8. */
export function readWrittenJson(path: string, schema: z.ZodType, writtenBy: WrittenBy & { readAs?: string }): unknown {
  const text = readDataFile(path, path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SumLensError(
      'bad-input',
      `${path}: cannot read ${writtenBy.readAs ?? writtenBy.what} (${(error as Error).message}); write one with ${writtenBy.writeOne ?? `${writtenBy.command} > FILE`}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${path} is not ${writtenBy.what} from ${writtenBy.command}: ${z.prettifyError(parsed.error)}`);
  return nullsToNaN(parsed.data);
}
