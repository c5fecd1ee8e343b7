/**
 * The rows of a user's dataset, streamed: JSONL (one object per line), CSV or TSV (a header
 * row, then one row per item; csv-parse handles quoted fields holding commas and newlines, a
 * byte-order mark and CRLF), or a JSON array (read whole: use JSONL for very large data).
 * Each row carries where it stands ("line 12", "item 3") for messages; a row that is not an
 * object comes as a bad row, for the caller to report or refuse.
 */
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSumLensError, SumLensError } from '../../errors';
import { readDataFile, readTextChunks } from '../../textInput';

export type DataFormat = 'jsonl' | 'json' | 'csv' | 'tsv';

export type DataRow = { where: string; fields: Record<string, unknown> } | { where: string; error: string };

const FORMATS: Record<string, DataFormat> = { '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.json': 'json', '.csv': 'csv', '.tsv': 'tsv', '.tab': 'tsv' };

/** `label` names the file in messages ("--data items.csv"). */
export function dataFormat(path: string, label = `--data ${path}`): DataFormat {
  const format = FORMATS[extname(path).toLowerCase()];
  if (!format) throw new SumLensError('usage', `${label}: unknown format; use .jsonl, .json, .csv or .tsv`);
  return format;
}

function asRow(value: unknown, where: string): DataRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { where, fields: value as Record<string, unknown> }
    : { where, error: 'is not an object' };
}

async function* jsonLines(path: string, label: string): AsyncGenerator<DataRow> {
  // The decoder drops a byte-order mark.
  const lines = createInterface({ input: Readable.from(readTextChunks(path, label)), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      yield asRow(JSON.parse(line), `line ${lineNo}`);
    } catch (error) {
      yield { where: `line ${lineNo}`, error: `is not JSON (${(error as Error).message})` };
    }
  }
}

function* jsonArray(path: string, label: string): Generator<DataRow> {
  const text = readDataFile(path, label);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SumLensError('bad-input', `${label} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw new SumLensError('bad-input', `${label} is not a JSON array of items`);
  for (let i = 0; i < json.length; i++) yield asRow(json[i], `item ${i + 1}`);
}

async function* delimited(path: string, label: string, delimiter: ',' | '\t'): AsyncGenerator<DataRow> {
  // Loaded here, not at the top: only CSV and TSV data need it, and `eval` starts faster without.
  const { parse } = await import('csv-parse');
  // TSV has no quoting: a field may start with a quote character and mean it.
  const parser = parse({ bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, info: true, ...(delimiter === '\t' ? { quote: false } : {}) });
  // A file that fails its checks (see readTextChunks) ends the parse with that error.
  const feeding = pipeline(Readable.from(readTextChunks(path, label)), parser);
  feeding.catch(() => undefined); // the same error reaches the loop below
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
    if (isSumLensError(error)) throw error;
    throw new SumLensError('bad-input', `${label}: ${(error as Error).message}`);
  }
}

/** `label` names the file in messages (default "--data PATH"). */
export function readRows(path: string, format?: DataFormat, label = `--data ${path}`): AsyncIterable<DataRow> | Iterable<DataRow> {
  const chosen = format ?? dataFormat(path, label);
  if (chosen === 'jsonl') return jsonLines(path, label);
  if (chosen === 'json') return jsonArray(path, label);
  return delimited(path, label, chosen === 'csv' ? ',' : '\t');
}
