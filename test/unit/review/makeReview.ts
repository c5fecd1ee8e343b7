/** A review in a temporary folder, made from a JSONL data file of `count` items, for the review tests. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createReview } from '../../../src/core/review/createReview';
import type { ReviewFile } from '../../../src/core/review/reviewSchema';

export function tempDir(prefix = 'sumlens-review-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function writeData(dir: string, count: number, name = 'items.data.jsonl'): string {
  const file = path.join(dir, name);
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `item-${i + 1}`,
    source: `Article ${i + 1}: the council met on Monday and approved budget ${i + 1}.`,
    summary: `The council approved budget ${i + 1}.`,
  }));
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

export async function makeReview(
  count: number,
  raters: string[],
  perItem = 2,
  aspects?: string[],
): Promise<{ root: string; dir: string; data: string; review: ReviewFile }> {
  const root = tempDir();
  const data = writeData(root, count);
  const { dir, review } = await createReview({ data, raters, perItem, name: 'r1', reviewsDir: path.join(root, 'reviews'), task: 'summarization', aspects });
  return { root, dir, data, review };
}
