/**
 * The rows of a user's dataset, streamed: JSONL (one object per line), CSV or TSV (a header
 * row, then one row per item; csv-parse handles quoted fields holding commas and newlines, a
 * byte-order mark and CRLF), or a JSON array (read whole: use JSONL for very large data).
 * Each row carries where it stands ("line 12", "item 3") for messages; a row that is not an
 * object comes as a bad row, for the caller to report or refuse.
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { SumLensError } from '../../errors';
import { readTextFile } from '../../textInput';

export type DataFormat = 'jsonl' | 'json' | 'csv' | 'tsv';

export type DataRow = { where: string; fields: Record<string, unknown> } | { where: string; error: string };

const FORMATS: Record<string, DataFormat> = { '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.json': 'json', '.csv': 'csv', '.tsv': 'tsv', '.tab': 'tsv' };

export function dataFormat(path: string): DataFormat {
  const format = FORMATS[extname(path).toLowerCase()];
  if (!format) throw new SumLensError('usage', `--data ${path}: unknown format; use .jsonl, .json, .csv or .tsv`);
  return format;
}

function asRow(value: unknown, where: string): DataRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { where, fields: value as Record<string, unknown> }
    : { where, error: 'is not an object' };
}

async function* jsonLines(path: string): AsyncGenerator<DataRow> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const raw of lines) {
    const line = ++lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    try {
      yield asRow(JSON.parse(line), `line ${lineNo}`);
    } catch (error) {
      yield { where: `line ${lineNo}`, error: `is not JSON (${(error as Error).message})` };
    }
  }
}

function* jsonArray(path: string): Generator<DataRow> {
  let json: unknown;
  try {
    json = JSON.parse(readTextFile(path, `--data ${path}`));
  } catch (error) {
    if (error instanceof SumLensError) throw error;
    throw new SumLensError('bad-input', `--data ${path} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw new SumLensError('bad-input', `--data ${path} is not a JSON array of items`);
  for (let i = 0; i < json.length; i++) yield asRow(json[i], `item ${i + 1}`);
}

async function* delimited(path: string, delimiter: ',' | '\t'): AsyncGenerator<DataRow> {
  // Loaded here, not at the top: only CSV and TSV data need it, and `eval` starts faster without.
  const { parse } = await import('csv-parse');
  // TSV has no quoting: a field may start with a quote character and mean it.
  const parser = createReadStream(path).pipe(
    parse({ bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, info: true, ...(delimiter === '\t' ? { quote: false } : {}) }),
  );
  let columns: string[] | undefined;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is where the record ended; it started after the previous one (multi-line quoted fields).
      const where = `line ${lastLine + 1}`;
      lastLine = info.lines;
      if (!columns) {
        columns = record.map((c) => c.trim());
        continue;
      }
      if (record.length !== columns.length) {
        yield { where, error: `has ${record.length} fields where the header has ${columns.length}` };
        continue;
      }
      yield { where, fields: Object.fromEntries(columns.map((c, i) => [c, record[i]])) };
    }
  } catch (error) {
    throw new SumLensError('bad-input', `--data ${path}: ${(error as Error).message}`);
  }
}

export function readRows(path: string, format: DataFormat = dataFormat(path)): AsyncIterable<DataRow> | Iterable<DataRow> {
  if (format === 'jsonl') return jsonLines(path);
  if (format === 'json') return jsonArray(path);
  return delimited(path, format === 'csv' ? ',' : '\t');
}
