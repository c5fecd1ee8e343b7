import * as fs from 'node:fs';
import * as z from 'zod';
import { SumLensError } from './errors';

/** Larger inputs are refused before any call: no chat model takes 4 million characters. */
export const maxInputChars = 4_000_000;

const textSchema = z
  .string()
  .refine((text) => text.length > 0, 'is empty')
  .refine((text) => text.trim().length > 0, 'contains only whitespace')
  .refine((text) => !text.includes('\u0000'), 'contains NUL bytes (is it a binary file?)')
  .refine((text) => text.length <= maxInputChars, `is over ${maxInputChars.toLocaleString('en')} characters`);

/** Byte-order marks and the encoding each one announces. */
const boms: Array<{ bytes: number[]; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/**
 * Decodes a document and checks it is usable text: UTF-8 (strict), or UTF-8/UTF-16 announced
 * by a byte-order mark; not empty, not only whitespace, no NUL bytes, not absurdly large.
 * `label` names the input in the message ("--summary summary.txt").
 */
export function decodeText(bytes: Uint8Array, label: string): string {
  const bom = boms.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  const encoding = bom?.encoding ?? 'utf-8';
  if (!bom && looksLikeUtf16(bytes)) {
    throw new SumLensError('bad-input', `${label} looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with a BOM) and try again.`);
  }
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const what = bom ? `valid ${encoding.toUpperCase()} despite its byte-order mark` : 'UTF-8 text';
    throw new SumLensError('bad-input', `${label} is not ${what}; convert it (e.g. iconv -f latin1 -t utf-8) and try again.`);
  }
  const checked = textSchema.safeParse(text);
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

export function readTextFile(file: string, label = file): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? 'unknown error'})`;
    throw new SumLensError('bad-input', `${label} ${reason}.`);
  }
  return decodeText(bytes, label);
}
