/**
 * One audit item: the original summary and, per probe that applies, its changed copy, each to
 * be scored by the same judge and method. The change is seeded per item and probe (the audit's
 * seed, the item's key and the probe's name), so a rerun makes the same copies and is served
 * from the answer cache.
 */
import { createHash } from 'node:crypto';
import type { Span, Task } from '../result';
import type { RunItem } from '../run/runItems';
import { seededRandom } from '../stats/random';
import type { Probe, ProbeName } from './probes';

export interface AuditSubject {
  key: string;
  source: string;
  summary: string;
  reference?: string;
}

export interface ChangedCopy {
  probe: ProbeName;
  text: string;
  spans: Span[];
  note?: string;
  /** Prompt-level probes (authorship): who the prompt says wrote this copy, and its baseline. */
  author?: string;
  baselineAuthor?: string;
}

export interface PlannedItem {
  subject: AuditSubject;
  copies: ChangedCopy[];
  /** Probes that could not apply to this summary, with why. */
  skipped: { probe: ProbeName; why: string }[];
}

function seedFor(seed: number, key: string, probe: string): number {
  return createHash('sha256').update(`${seed}\u0000${key}\u0000${probe}`).digest().readUInt32LE(0);
}

export function planItem(subject: AuditSubject, probes: readonly Probe[], seed: number): PlannedItem {
  const planned: PlannedItem = { subject, copies: [], skipped: [] };
  for (const probe of probes) {
    const change = probe.apply(subject, seededRandom(seedFor(seed, subject.key, probe.name)));
    if ('skip' in change) planned.skipped.push({ probe: probe.name, why: change.skip });
    else planned.copies.push({ probe: probe.name, ...change });
  }
  return planned;
}

/** Items a probe could not change, per probe and cause: { order: { 'fewer than 3 sentences': 4 } }. */
export type SkipCounts = Partial<Record<ProbeName, Record<string, number>>>;

export function skipCounts(planned: readonly PlannedItem[]): SkipCounts {
  const counts: SkipCounts = {};
  for (const item of planned) {
    for (const { probe, why } of item.skipped) {
      const causes = (counts[probe] ??= {});
      causes[why] = (causes[why] ?? 0) + 1;
    }
  }
  return counts;
}

/** "fewer than 3 sentences (4 items), …", the commonest cause first. */
export function skipReasons(causes: Record<string, number> | undefined): string {
  return Object.entries(causes ?? {})
    .sort((a, b) => b[1] - a[1])
    .map(([why, count]) => `${why} (${count} ${count === 1 ? 'item' : 'items'})`)
    .join(', ');
}

/**
 * The evaluations an audit makes, as run items (for its cost estimate): every original that has
 * a copy, every copy, and the baseline of a prompt-level copy. Its author is not part of the
 * input: the estimate counts calls and tokens, which the author's line barely changes.
 */
export function auditEvaluations(subjects: AuditSubject[], probes: readonly Probe[], seed: number, task: Task): RunItem[] {
  return subjects.flatMap((subject) => {
    const plan = planItem(subject, probes, seed);
    const plain = plan.copies.filter((c) => !c.baselineAuthor);
    const texts = [...(plain.length > 0 ? [subject.summary] : []), ...plan.copies.flatMap((c) => (c.baselineAuthor ? [c.text, c.text] : [c.text]))];
    return texts.map((summary, i) => ({
      key: `${subject.key}#${i}`,
      input: { source: subject.source, summary, reference: subject.reference, task },
      fields: { index: i },
    }));
  });
}
