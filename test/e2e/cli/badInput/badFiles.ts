/**
 * The kinds of bad file a user can hand a command, each made on disk under a given name (the
 * name keeps the extension a command may need to tell the format), with the words its one
 * stderr line must use. Every kind is exit 8 (bad input).
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import { maxDocumentBytes, maxWholeFileBytes } from '../../../../src/core/textInput';

export type BadKind = 'missing' | 'folder' | 'unreadable' | 'empty' | 'binary' | 'not UTF-8' | 'too large';

/**
 * How a command reads the file: whole as a document (4 M characters at most), whole as data
 * (500 MB), streamed (no limit), or as bytes checked by their SHA-256 (a dataset copy: any
 * content that is not the one expected is a checksum mismatch, whatever it is).
 */
export type Reading = 'document' | 'whole' | 'streamed' | 'checksummed';

export const BAD_KINDS: readonly BadKind[] = ['missing', 'folder', 'unreadable', 'empty', 'binary', 'not UTF-8', 'too large'];

/** What the stderr line says for each kind. */
export const REASONS: Record<BadKind, RegExp> = {
  missing: /does not exist/,
  folder: /is a folder, not a file/,
  unreadable: /is a socket, not a file|permission denied/,
  empty: /is empty/,
  binary: /NUL bytes \(is it a binary file\?\)|is not UTF-8 text/,
  'not UTF-8': /is not UTF-8 text/,
  'too large': /is too large/,
};

/** The kinds that apply to a file read in `reading`: streamed files have no size limit, a checksummed copy no text to check. */
export function kindsFor(reading: Reading): BadKind[] {
  if (reading === 'checksummed') return ['missing', 'folder', 'unreadable', 'empty'];
  return BAD_KINDS.filter((kind) => kind !== 'too large' || reading !== 'streamed');
}

/** 2 KB of bytes from a fixed seed, NUL bytes among them, as a binary file has. */
function binaryBytes(): Buffer {
  const bytes = Buffer.alloc(2048);
  let state = 20261126;
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = i % 97 === 5 ? 0 : state >> 16;
  }
  return bytes;
}

/**
 * Makes a bad file of `kind` at `file`; returns a function that removes what needs removing
 * (the socket's server). Root reads any file whatever its mode, so there an unreadable file
 * is a socket (opening one fails as an unreadable file does).
 */
export async function makeBadFile(file: string, kind: BadKind, reading: Reading): Promise<() => Promise<void>> {
  const nothing = async () => undefined;
  switch (kind) {
    case 'missing':
      return nothing;
    case 'folder':
      fs.mkdirSync(file);
      return nothing;
    case 'unreadable': {
      if (process.getuid?.() !== 0) {
        fs.writeFileSync(file, 'secret\n', { mode: 0o000 });
        return nothing;
      }
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(file, resolve));
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    }
    case 'empty':
      fs.writeFileSync(file, '');
      return nothing;
    case 'binary':
      fs.writeFileSync(file, binaryBytes());
      return nothing;
    case 'not UTF-8':
      // Latin-1: "café", one byte 0xE9 that UTF-8 never has alone.
      fs.writeFileSync(file, Buffer.from('{"text": "caf\xe9"}\n', 'latin1'));
      return nothing;
    case 'too large': {
      // A sparse file: its size is over the limit, its blocks are never written.
      const limit = reading === 'document' ? maxDocumentBytes : maxWholeFileBytes;
      fs.writeFileSync(file, '');
      fs.truncateSync(file, limit + 1);
      return nothing;
    }
  }
}
