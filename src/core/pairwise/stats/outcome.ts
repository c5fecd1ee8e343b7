/**
 * What the pairwise statistics read: one pair of summaries of a document, its verdict after
 * both orders (A, B or tie), and each order's own verdict as asked. "A" and "B" name the
 * pair's two systems as the pair lists them, not the positions they were shown in.
 */
export type Verdict = 'A' | 'B' | 'tie';

/** One order as asked: which system was shown first, and what the judge preferred. */
export interface OrderVerdict {
  first: 'A' | 'B';
  verdict: Verdict;
}

export interface PairOutcome {
  doc: string;
  a: string;
  b: string;
  verdict: Verdict;
  orders: OrderVerdict[];
  /** Words in each summary, for the length statistics. */
  lengthA?: number;
  lengthB?: number;
}

/** The share B took: 1 for a B win, ½ for a tie, 0 for an A win. */
export function scoreOfB(verdict: Verdict): number {
  return verdict === 'B' ? 1 : verdict === 'tie' ? 0.5 : 0;
}

/** The outcomes of each document, in the order documents first appear. */
export function byDocument(outcomes: readonly PairOutcome[]): Map<string, PairOutcome[]> {
  const groups = new Map<string, PairOutcome[]>();
  for (const outcome of outcomes) {
    const group = groups.get(outcome.doc);
    if (group) group.push(outcome);
    else groups.set(outcome.doc, [outcome]);
  }
  return groups;
}
