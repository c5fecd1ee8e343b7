/**
 * The split by document of Tanaka's thesis: every summary of one article (or every response to one
 * dialogue) falls on the same side, so validation measures articles the model never saw.
 * The thesis reports 1,196 / 239 items for SummEval and 266 / 53 for Topical-Chat and does not say
 * which documents; we keep its share of validation items and choose the documents by a hash
 * of their ids, the same on every machine.
 */
import { createHash } from 'node:crypto';
import type { DatasetItem, DatasetKind } from '../datasets/dataset';

/** The thesis's validation share: 239 of 1,435 (SummEval), 53 of 319 (Topical-Chat). */
export const VALIDATION_SHARE: Partial<Record<DatasetKind, number>> = { summeval: 239 / 1435, topical_chat: 53 / 319 };
const DEFAULT_SHARE = 1 / 6;

export type Split = 'train' | 'validation';

export function documentSplit(items: readonly DatasetItem[], kind: DatasetKind): Map<string, Split> {
  const groups = [...new Set(items.map((i) => i.group))];
  const hashed = groups.map((group) => ({ group, hash: createHash('sha256').update(group).digest('hex') })).sort((a, b) => a.hash.localeCompare(b.hash));
  const wanted = Math.round(items.length * (VALIDATION_SHARE[kind] ?? DEFAULT_SHARE));
  const sizes = new Map<string, number>();
  for (const item of items) sizes.set(item.group, (sizes.get(item.group) ?? 0) + 1);
  const split = new Map<string, Split>();
  let validation = 0;
  for (const { group } of hashed) {
    const size = sizes.get(group) ?? 0;
    // Whole documents, each taken while at least half of it fits in the share.
    const take = validation + size / 2 <= wanted;
    split.set(group, take ? 'validation' : 'train');
    if (take) validation += size;
  }
  return split;
}
