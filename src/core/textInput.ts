import * as fs from 'node:fs';
import { z } from 'zod';
import { SumLensError } from './errors';

/** Larger inputs are refused before any call: no chat model takes 4 million characters. */
export const maxInputChars = 4_000_000;

const textSchema = z
  .string()
  .refine((text) => text.trim().length > 0, 'is empty')
  .refine((text) => text.length <= maxInputChars, `is over ${maxInputChars.toLocaleString('en')} characters`);

/**
 * Decodes a document as strict UTF-8 (a byte-order mark is dropped) and checks it is usable:
 * non-empty and not absurdly large. `label` names the input in the message ("--summary summary.txt").
 */
export function decodeText(bytes: Uint8Array, label: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SumLensError('bad-input', `${label} is not UTF-8 text; convert it (e.g. iconv -f latin1 -t utf-8) and try again.`);
  }
  const checked = textSchema.safeParse(text);
  if (!checked.success) throw new SumLensError('bad-input', `${label} ${checked.error.issues[0].message}.`);
  return text;
}

export function readTextFile(file: string, label = file): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    throw new SumLensError('bad-input', `${label} ${reason}.`);
  }
  return decodeText(bytes, label);
}
