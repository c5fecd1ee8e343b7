/**
 * The rated items of an alignment from the editor's "Your score" file (.sumlens/ratings.jsonl).
 * Its lines hold hashes of the source and the summary, never their text, so the texts are
 * looked for among the files of a folder (the workspace): a file whose bytes hash to the
 * rating's source or summary is that text. A rating whose texts are not found is named and
 * left out. The latest score a person gave an aspect of a summary counts, as in the editor.
 */
import { createHash } from 'node:crypto';
import { closeSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { HashedRatingSchema } from '../ratingsFile';
import type { Task } from '../result';
import { forEachLine } from '../runFile/lines';
import { openInput } from '../textInput';
import type { AlignItem } from './crossValidate';

/** Files larger than this are not anybody's summary or source. */
const MAX_TEXT_BYTES = 5 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.sumlens', 'out', 'dist']);

export interface RatingsItems {
  byAspect: Map<string, AlignItem[]>;
  /** Ratings left out, each with why. */
  skipped: string[];
}

export async function readRatingsItems(ratingsPath: string, textsDir: string, task: Task): Promise<RatingsItems> {
  closeSync(openInput(ratingsPath, ratingsPath)); // missing, a folder, empty…: said of the file first
  const latest = new Map<string, { line: number; rating: z.infer<typeof HashedRatingSchema> }>();
  await forEachLine(ratingsPath, (line, lineNo) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new SumLensError('bad-input', `${ratingsPath}:${lineNo}: not JSON`);
    }
    const parsed = HashedRatingSchema.safeParse(json);
    if (!parsed.success)
      throw new SumLensError(
        'bad-input',
        `${ratingsPath}:${lineNo}: not a rating from the editor's Your score (aspect, person, sourceSha256, summarySha256): ${z.prettifyError(parsed.error).split('\n')[0]}`,
      );
    const r = parsed.data;
    latest.set(`${r.aspect}|${r.sourceSha256}|${r.summarySha256}`, { line: lineNo, rating: r });
  });
  const texts = textsByHash(textsDir);
  const byAspect = new Map<string, AlignItem[]>();
  const skipped: string[] = [];
  for (const { line, rating } of latest.values()) {
    const source = texts.get(rating.sourceSha256);
    const summary = texts.get(rating.summarySha256);
    if (source === undefined || summary === undefined) {
      const missing = [source === undefined ? 'source' : '', summary === undefined ? 'summary' : ''].filter(Boolean).join(' and ');
      skipped.push(`${ratingsPath}:${line} (${rating.aspect}): its ${missing} is not a file under ${textsDir} (a selection, or a file since changed)`);
      continue;
    }
    const items = byAspect.get(rating.aspect) ?? [];
    items.push({ key: `${rating.summarySha256.slice(0, 12)}`, group: rating.sourceSha256, human: rating.person, input: { source, summary, task } });
    byAspect.set(rating.aspect, items);
  }
  return { byAspect, skipped };
}

/** Every text file under `dir` (build and tool folders left out), by the sha256 of its bytes. */
function textsByHash(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full);
      } else if (entry.isFile() && statSync(full).size <= MAX_TEXT_BYTES) {
        const bytes = readFileSync(full);
        found.set(createHash('sha256').update(bytes).digest('hex'), bytes.toString('utf8'));
      }
    }
  };
  walk(dir);
  return found;
}
