/**
 * Which dataset a file holds, by content rather than by name or shape: a hash over every
 * item's key, system output and human scores, in key order. UniEval's result files and
 * G-Eval's results format carry the same items as the plain dataset and so the same
 * fingerprint; a subset, a superset or an edited copy does not.
 */
import { createHash } from 'node:crypto';
import type { Dataset } from './dataset';

export function datasetFingerprint(dataset: Dataset): string {
  const hash = createHash('sha256');
  const items = [...dataset.items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const item of items) {
    const scores = Object.keys(item.scores)
      .sort()
      .map((aspect) => `${aspect}=${item.scores[aspect]}`)
      .join(',');
    hash.update(`${item.key}\u0000${item.system_output}\u0000${scores}\u0001`);
  }
  return hash.digest('hex').slice(0, 16);
}
