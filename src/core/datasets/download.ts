/**
 * Downloads a registered set's files into a datasets folder: each file is streamed into
 * `<file>.part` (a broken download resumes from there with an HTTP Range request), its
 * SHA-256 checked against the registry, and only then renamed into place, so a half or
 * wrong file is never where a reader looks. A mismatch deletes the part file. A file that no
 * address publishes as it is (the long-document sets) comes from a mirror or from a copy the
 * user names (`from`), checked the same way.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SumLensError } from '../errors';
import { openInput } from '../textInput';
import { thousands } from '../thousands';
import { readDatasetFile } from './dataset';
import type { RegistryEntry, RegistryFile } from './registry';

export interface DownloadProgress {
  file: string;
  received: number;
  total: number;
}

export interface DownloadOptions {
  /** A base address serving the same file paths (a company mirror). */
  mirror?: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** A copy of the entry's one file the user already has, checked and put in place instead of a download. */
  from?: string;
}

export interface FileOutcome {
  path: string;
  /** `present`: already there with the right checksum; `resumed`: continued a part file; `copied`: from the user's copy. */
  status: 'downloaded' | 'resumed' | 'present' | 'copied';
}

export function fileAddress(file: RegistryFile, mirror?: string): string {
  if (mirror) return `${mirror.replace(/\/+$/, '')}/${file.path}`;
  if (file.url) return file.url;
  throw new SumLensError(
    'usage',
    `${file.path} is published nowhere as one file (it is built from ${(file.builtFrom ?? []).join(', ')}): ` +
      `give your copy with --from FILE (its SHA-256 must be ${file.sha256}), fetch it from a mirror with --mirror URL, ` +
      `or set SUMLENS_DATASETS to a folder holding ${file.path}`,
  );
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file of the entry into `folder`, one after the other, each then read as a dataset. */
export async function downloadEntry(entry: RegistryEntry, folder: string, options: DownloadOptions = {}): Promise<FileOutcome[]> {
  if (options.from !== undefined && entry.files.length !== 1) {
    throw new SumLensError('usage', `--from gives one file; ${entry.name} has ${entry.files.length}`);
  }
  const outcomes: FileOutcome[] = [];
  for (const file of entry.files) {
    outcomes.push(options.from !== undefined ? await copyFile(file, options.from, folder) : await downloadFile(file, folder, options));
    // The published files are already in the format `meta` reads: reading one validates it.
    readDatasetFile(path.join(folder, file.path));
  }
  return outcomes;
}

/** The user's copy of a file, put in place only when its SHA-256 is the registry's. */
async function copyFile(file: RegistryFile, from: string, folder: string): Promise<FileOutcome> {
  // Missing, a folder, unreadable, empty: said as for every input; what it holds is checked by its SHA-256.
  closeSync(openInput(from, `--from ${from}`));
  const actual = await sha256Of(from);
  if (actual !== file.sha256) {
    throw new SumLensError('bad-input', `--from ${from}: checksum mismatch: expected SHA-256 ${file.sha256} (${file.path}), got ${actual}; nothing was copied`);
  }
  const target = path.join(folder, file.path);
  if (path.resolve(from) === path.resolve(target)) return { path: target, status: 'present' };
  mkdirSync(path.dirname(target), { recursive: true });
  const part = `${target}.part`;
  await pipeline(createReadStream(from), createWriteStream(part));
  renameSync(part, target);
  return { path: target, status: 'copied' };
}

async function downloadFile(file: RegistryFile, folder: string, options: DownloadOptions): Promise<FileOutcome> {
  const target = path.join(folder, file.path);
  if (existsSync(target) && (await sha256Of(target)) === file.sha256) return { path: target, status: 'present' };
  mkdirSync(path.dirname(target), { recursive: true });
  const part = `${target}.part`;
  const start = existsSync(part) ? Math.min(statSync(part).size, file.bytes) : 0;
  if (start < file.bytes) await fetchInto(file, part, start, options);
  const actual = await sha256Of(part);
  if (actual !== file.sha256) {
    rmSync(part, { force: true });
    throw new SumLensError('bad-input', `${file.path}: checksum mismatch: expected SHA-256 ${file.sha256}, got ${actual}; the download was deleted`);
  }
  renameSync(part, target);
  return { path: target, status: start > 0 ? 'resumed' : 'downloaded' };
}

async function fetchInto(file: RegistryFile, part: string, start: number, options: DownloadOptions): Promise<void> {
  const address = fileAddress(file, options.mirror);
  let response: Response;
  try {
    response = await fetch(address, { headers: start > 0 ? { Range: `bytes=${start}-` } : {}, signal: options.signal });
  } catch (error) {
    throw new SumLensError('unreachable', `cannot reach ${address}: ${causeOf(error)}`);
  }
  if (!response.ok || !response.body) {
    throw new SumLensError('server-error', `${address} answered ${response.status} ${response.statusText}`.trim());
  }
  // 206 continues the part file; a server that ignores Range sends the whole file (200).
  const resumed = response.status === 206;
  let received = resumed ? start : 0;
  const counted = Readable.fromWeb(response.body).on('data', (chunk: Buffer) => {
    received += chunk.length;
    options.onProgress?.({ file: file.path, received, total: file.bytes });
  });
  const sink = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  try {
    await pipeline(counted, sink);
  } catch (error) {
    // The part file as the next get will find it: the writes in flight finish before the failure is told.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    throw new SumLensError(
      'unreachable',
      `${file.path}: the download broke off at ${thousands(received)} of ${thousands(file.bytes)} bytes (${causeOf(error)}); run the same command again to resume`,
    );
  }
  if (received < file.bytes) {
    throw new SumLensError(
      'unreachable',
      `${file.path}: the server sent ${thousands(received)} of ${thousands(file.bytes)} bytes; run the same command again to resume`,
    );
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
