/**
 * k folds grouped by source document: every summary of one document falls in the same fold,
 * so a held-out fold measures documents the alignment never saw (an example written from one
 * summary of an article would otherwise tell the judge about its sibling summaries). Groups
 * are dealt largest first to the fold with the fewest items; ties broken by a hash of the
 * group, so the folds are the same on every machine and in every run.
 */
import { createHash } from 'node:crypto';
import { SumLensError } from '../errors';

export function groupedFolds(groups: readonly string[], k: number): number[] {
  const sizes = new Map<string, number>();
  for (const group of groups) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  if (sizes.size < k)
    throw new SumLensError(
      'bad-input',
      `${sizes.size} source document(s); ${k} folds grouped by document need at least ${k} (use --folds ${Math.max(2, sizes.size)} or more rated documents)`,
    );
  const hash = (group: string) => createHash('sha256').update(group).digest('hex');
  const order = [...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)! || hash(a).localeCompare(hash(b)));
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const group of order) {
    const fold = load.indexOf(Math.min(...load));
    foldOf.set(group, fold);
    load[fold] += sizes.get(group)!;
  }
  return groups.map((group) => foldOf.get(group)!);
}
