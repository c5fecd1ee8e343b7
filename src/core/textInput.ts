import * as fs from 'node:fs';
import * as z from 'zod';
import { isSumLensError, SumLensError } from './errors';
import { thousands } from './thousands';

/**
 * Every file a command reads comes through here: one set of checks and one wording for what
 * is wrong with it (missing, a folder, unreadable, empty, binary, not UTF-8, too large), all
 * exit 8 (bad input), each message naming the file. Whole files are read by readTextFile,
 * streamed ones (JSONL, CSV, run files) by readTextChunks or runFile/lines.ts on an opened
 * input.
 */

/** Larger inputs are refused before any call: no chat model takes 4 million characters. */
export const maxInputChars = 4_000_000;

/**
 * The most bytes a data file read whole (a dataset, a JSON array of items, a run file for
 * rescore) may have: a JavaScript string holds at most ~512 M characters. JSONL and CSV are
 * streamed, without a limit.
 */
export const maxWholeFileBytes = 500 * 1024 * 1024;

/** A character takes at most 4 bytes in UTF-8 and UTF-16: a document over this is refused before it is read. */
export const maxDocumentBytes = maxInputChars * 4;

const BINARY = 'contains NUL bytes (is it a binary file?)';

function textSchema(maxChars: number) {
  return z
    .string()
    .refine((text) => text.length > 0, 'is empty')
    .refine((text) => text.trim().length > 0, 'contains only whitespace')
    .refine((text) => !text.includes('\u0000'), BINARY)
    .refine((text) => text.length <= maxChars, `is over ${thousands(maxChars)} characters`);
}

/** Byte-order marks and the encoding each one announces. */
const boms: Array<{ bytes: number[]; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** The encoding of a file from its first bytes: a byte-order mark's, else UTF-8; UTF-16 without a mark is refused. */
function encodingOf(head: Uint8Array, label: string): 'utf-8' | 'utf-16le' | 'utf-16be' {
  const bom = boms.find((b) => b.bytes.every((byte, i) => head[i] === byte));
  if (!bom && looksLikeUtf16(head)) {
    throw new SumLensError('bad-input', `${label} looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with a BOM) and try again.`);
  }
  return bom?.encoding ?? 'utf-8';
}

function notText(label: string, encoding: string): SumLensError {
  const what = encoding === 'utf-8' ? 'UTF-8 text' : `valid ${encoding.toUpperCase()} despite its byte-order mark`;
  return new SumLensError('bad-input', `${label} is not ${what}; convert it (e.g. iconv -f latin1 -t utf-8) and try again.`);
}

/**
 * Decodes a document and checks it is usable text: UTF-8 (strict), or UTF-8/UTF-16 announced
 * by a byte-order mark; not empty, not only whitespace, no NUL bytes, not over `maxChars`.
 * `label` names the input in the message ("--summary summary.txt").
 */
export function decodeText(bytes: Uint8Array, label: string, maxChars = maxInputChars): string {
  const encoding = encodingOf(bytes, label);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw notText(label, encoding);
  }
  const checked = textSchema(maxChars).safeParse(text);
  if (!checked.success) throw new SumLensError('bad-input', `${label} ${checked.error.issues[0].message}.`);
  return text;
}

/** Text in UTF-16 has a NUL in most even or most odd bytes (ASCII-range characters); UTF-8 text has none. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs === 0) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenNul++;
    if (bytes[2 * i + 1] === 0) oddNul++;
  }
  const most = Math.max(evenNul, oddNul);
  return most >= 2 && most > pairs * 0.3 && Math.min(evenNul, oddNul) < pairs * 0.05;
}

/** Why a file could not be opened, in words (Node's error codes are not for people). */
function openFailure(label: string, error: unknown): SumLensError {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOENT: 'does not exist',
    ENOTDIR: 'does not exist (a part of its path is not a folder)',
    EISDIR: 'is a folder, not a file',
    EACCES: 'cannot be read (permission denied)',
    EPERM: 'cannot be read (permission denied)',
    ENXIO: 'cannot be read (a socket or a device without a reader, not a file)',
    ELOOP: 'cannot be read (a loop of symbolic links)',
    ENAMETOOLONG: 'cannot be read (the path is too long)',
  };
  return new SumLensError('bad-input', `${label} ${(code && reasons[code]) ?? `cannot be read (${code ?? (error as Error).message})`}.`);
}

const megabytes = (bytes: number) => `${thousands(Math.round(bytes / 1024 / 102.4) / 10)} MB`;

/**
 * Opens an input for reading, refusing what is not a readable file with content: missing, a
 * folder, a socket, unreadable, empty (unless `allowEmpty`), or over `maxBytes`. Pipes and
 * devices (`<(cmd)`, /dev/stdin) have no size to check and are read as they come. Returns the
 * descriptor.
 */
export function openInput(file: string, label: string, { maxBytes, allowEmpty = false }: { maxBytes?: number; allowEmpty?: boolean } = {}): number {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    throw openFailure(label, error);
  }
  if (stats.isDirectory()) throw new SumLensError('bad-input', `${label} is a folder, not a file.`);
  if (stats.isSocket()) throw new SumLensError('bad-input', `${label} is a socket, not a file.`);
  if (stats.isFile() && stats.size === 0 && !allowEmpty) throw new SumLensError('bad-input', `${label} is empty.`);
  if (stats.isFile() && maxBytes !== undefined && stats.size > maxBytes) {
    throw new SumLensError('bad-input', `${label} is too large (${megabytes(stats.size)}; at most ${megabytes(maxBytes)} is read whole).`);
  }
  try {
    return fs.openSync(file, 'r');
  } catch (error) {
    throw openFailure(label, error);
  }
}

/** A document (a source, a summary, a judges file): a whole text file, checked (see openInput and decodeText), of at most maxInputChars. */
export function readTextFile(file: string, label = file): string {
  return readWhole(file, label, maxInputChars, maxDocumentBytes);
}

/** A data file read whole (JSON): as readTextFile, of at most maxWholeFileBytes. */
export function readDataFile(file: string, label = file): string {
  return readWhole(file, label, Infinity, maxWholeFileBytes);
}

function readWhole(file: string, label: string, maxChars: number, maxBytes: number): string {
  const fd = openInput(file, label, { maxBytes });
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(fd);
  } catch (error) {
    throw openFailure(label, error);
  } finally {
    fs.closeSync(fd);
  }
  return decodeText(bytes, label, maxChars);
}

/**
 * A text file streamed as decoded pieces, with readTextFile's checks: what is read is strict
 * UTF-8 (or UTF-16 with a byte-order mark) without NUL bytes, or the stream fails naming the
 * file. Memory does not grow with the file.
 */
export async function* readTextChunks(file: string, label = file): AsyncGenerator<string> {
  const stream = fs.createReadStream('', { fd: openInput(file, label), highWaterMark: 1 << 20 });
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let encoding = 'utf-8';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!decoder) {
        encoding = encodingOf(chunk, label);
        decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
      }
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw notText(label, encoding);
      }
      if (text.includes('\u0000')) throw new SumLensError('bad-input', `${label} ${BINARY}.`);
      yield text;
    }
    try {
      const rest = decoder?.decode() ?? '';
      if (rest) yield rest;
    } catch {
      throw notText(label, encoding);
    }
  } catch (error) {
    if (isSumLensError(error)) throw error;
    throw openFailure(label, error);
  } finally {
    stream.destroy();
  }
}
