/**
 * A user's dataset rows as items to evaluate: fields `id`, `source`, `summary`, optional
 * `reference` and `system` (renamed from other column names with --map), each checked with
 * zod. A value that is a relative path to an existing file (one word, no spaces) is read from
 * that file, relative to the data file's folder. Bad rows are passed to `onBadRow` with where
 * they stand, never dropped silently; the caller reports them or refuses the data (--strict).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../../errors';
import type { Task } from '../../result';
import { readTextFile } from '../../textInput';
import type { RunItem } from '../runItems';
import { dataFormat, readRows } from './readRows';

export const DATA_FIELDS = ['id', 'source', 'summary', 'reference', 'system'] as const;
export type DataField = (typeof DATA_FIELDS)[number];

const Id = z.union([z.string().trim().min(1, 'is empty'), z.number()]);
const Text = z.string().refine((t) => t.trim() !== '', 'is empty');
/** An empty CSV cell means "not given" for optional fields. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const RowSchema = z.object({
  id: Id,
  source: Text,
  summary: Text,
  reference: optional(Text),
  system: optional(Id),
});

/** "summary=output,source=article" → { summary: 'output', source: 'article' }. */
export function parseFieldMap(text: string): Partial<Record<DataField, string>> {
  const map: Partial<Record<DataField, string>> = {};
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [ours, theirs] = pair.split('=').map((s) => s.trim());
    if (!(DATA_FIELDS as readonly string[]).includes(ours) || !theirs) {
      throw new SumLensError('usage', `--map wants FIELD=COLUMN pairs with FIELD one of ${DATA_FIELDS.join(', ')} (got "${pair}")`);
    }
    map[ours as DataField] = theirs;
  }
  return map;
}

export interface DataItemsOptions {
  path: string;
  task: Task;
  map?: Partial<Record<DataField, string>>;
  /** Other columns copied as they are into the item's `fields.columns` (a human score, for `align`). */
  columns?: readonly string[];
  onBadRow?(where: string, problem: string): void;
}

/** The file a value names next to the data (one word, no spaces, an existing file), if it names one. */
function fileNamed(value: string, dataDir: string): string | undefined {
  if (/\s/.test(value) || value.length > 4096) return undefined;
  const file = resolve(dataDir, value);
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** The dataset's good rows as run items, streamed; keys are `system|id`, or `id` without systems. */
export async function* dataItems(options: DataItemsOptions): AsyncGenerator<RunItem> {
  const dataDir = dirname(resolve(options.path));
  const format = dataFormat(options.path);
  const seen = new Set<string>();
  let index = 0;
  for await (const row of readRows(options.path, format)) {
    const where = `${options.path}: ${row.where}`;
    if ('error' in row) {
      options.onBadRow?.(where, row.error);
      continue;
    }
    const picked = Object.fromEntries(DATA_FIELDS.map((f) => [f, row.fields[options.map?.[f] ?? f]]));
    const parsed = RowSchema.safeParse(picked);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      const column = options.map?.[field as DataField] ?? field;
      options.onBadRow?.(where, `${column}${column !== field ? ` (${field})` : ''} ${picked[field] === undefined ? 'is missing' : issue.message}`);
      continue;
    }
    const { id, system } = parsed.data;
    const key = system !== undefined ? `${system}|${id}` : String(id);
    if (seen.has(key)) {
      options.onBadRow?.(where, `repeats id ${id}${system !== undefined ? ` of system ${system}` : ''}`);
      continue;
    }
    seen.add(key);
    const texts: Partial<Record<'source' | 'summary' | 'reference', string>> = {};
    const files: Partial<Record<'source' | 'summary' | 'reference', string>> = {};
    try {
      for (const field of ['source', 'summary', 'reference'] as const) {
        const value = parsed.data[field];
        if (value === undefined) continue;
        const file = fileNamed(value, dataDir);
        if (file) files[field] = file;
        texts[field] = file ? readTextFile(file, `${where} ${field} (${value})`) : value;
      }
    } catch (error) {
      options.onBadRow?.(where, (error as Error).message);
      continue;
    }
    const input = {
      source: texts.source as string,
      summary: texts.summary as string,
      ...(texts.reference !== undefined ? { reference: texts.reference } : {}),
    };
    yield {
      key,
      input: { ...input, task: options.task },
      // The texts go into the record so a report can show each item with its findings.
      fields: {
        index: index++,
        id,
        ...(system !== undefined ? { system } : {}),
        where: row.where,
        text: input,
        ...(Object.keys(files).length ? { files } : {}),
        ...(options.columns ? { columns: Object.fromEntries(options.columns.map((c) => [c, row.fields[c]])) } : {}),
      },
    };
  }
}
