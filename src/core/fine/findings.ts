/**
 * Findings: what a reviewer should look at, each pinned to a span of its note.
 * - target entities: correctness No → incorrect, Partially → partial, Unknown → unsupported;
 *   alignment No → misplaced;
 * - rubric entities (in the reference, or the source): completeness No → missing,
 *   Partially → partial, Contradict → incorrect (the target contradicts it);
 * - readability issues.
 * Evidence quotes from the judges are located in their notes; unlocated evidence is left out.
 * A quote from a long source shown as excerpts is placed, of its occurrences, in the passages
 * its entity was shown first, then in any passage shown, then as in a whole note.
 * An unlocated entity or issue gives a finding with located: false and start = end = 0.
 */
import type { Finding, FindingKind, NoteName, Span } from '../result';
import type { NoteEntity } from './extract';
import type { ReadabilityIssue } from './readability';
import { chooseOccurrence, findOccurrences, type Located, type NoteIndex } from './spans';
import type { EntityVerdict } from './votedMetric';

const KIND: Record<string, Record<string, FindingKind>> = {
  correctness: { No: 'incorrect', Partially: 'partial', Unknown: 'unsupported' },
  alignment: { No: 'misplaced' },
  completeness: { No: 'missing', Partially: 'partial', Contradict: 'incorrect' },
};

const LABEL: Record<string, Record<string, string>> = {
  correctness: { No: 'Incorrect', Partially: 'Partly incorrect', Unknown: 'Not supported by the source' },
  alignment: { No: 'Misplaced or extraneous' },
  completeness: { No: 'Missing from the summary', Partially: 'Only partly in the summary', Contradict: 'Contradicted by the summary' },
};

function firstSpan(spans: Span[]): Span | null {
  return spans.length === 0 ? null : spans.reduce((a, b) => (b.start < a.start ? b : a));
}

function position(span: Span | null): Pick<Finding, 'start' | 'end' | 'located'> {
  return span ? { start: span.start, end: span.end, located: true } : { start: 0, end: 0, located: false };
}

export interface FindingSources {
  /** Prepared notes, for locating evidence quotes. */
  indexes: Partial<Record<NoteName, NoteIndex>>;
  fuzzyThreshold: number;
  /** The source passages shown for an entity, in order of preference, when the source was shown as excerpts. */
  shownFor?(entityId: string): Span[][];
}

function inside(spans: Span[]): (hit: Located) => boolean {
  return (hit) => spans.some((s) => hit.start >= s.start && hit.end <= s.end);
}

function locateEvidence(sources: FindingSources, entityId: string, evidence: EntityVerdict['evidence']): NonNullable<Finding['evidence']> {
  const located: NonNullable<Finding['evidence']> = [];
  const preferred = sources.shownFor?.(entityId) ?? [];
  for (const e of evidence) {
    const index = sources.indexes[e.note];
    const found = index ? findOccurrences(index, e.quote, sources.fuzzyThreshold) : [];
    const shown = e.note === 'source' ? preferred.map((spans) => found.find(inside(spans))).find((hit) => hit !== undefined) : undefined;
    const hit = shown ?? chooseOccurrence(found);
    if (hit && !located.some((l) => l.note === e.note && l.start === hit.start && l.end === hit.end)) {
      located.push({ note: e.note, start: hit.start, end: hit.end });
    }
  }
  return located;
}

/** One metric's verdict on one entity; `extra` follows the verdict's label in the message (where in the note). */
export interface JudgedEntity {
  metric: 'correctness' | 'alignment' | 'completeness';
  entity: NoteEntity;
  result: EntityVerdict;
  extra?: string;
}

export function entityFinding(sources: FindingSources, { metric, entity, result, extra = '' }: JudgedEntity): Finding | null {
  const kind = KIND[metric][result.verdict];
  if (!kind) return null;
  const reason = result.votes.find((v) => v.answer === result.verdict)?.explanation ?? result.votes[0]?.explanation ?? '';
  const evidence = locateEvidence(sources, entity.id, result.evidence);
  return {
    kind,
    note: entity.note,
    ...position(firstSpan(entity.spans)),
    message: `${LABEL[metric][result.verdict]}${extra}: ${entity.text}${reason ? ` — ${reason}` : ''}`,
    entityId: entity.id,
    category: result.verdict,
    quote: entity.text,
    ...(evidence.length > 0 ? { evidence } : {}),
  };
}

export function readabilityFinding(issue: ReadabilityIssue): Finding {
  return {
    kind: 'readability',
    note: 'target',
    ...position(issue.span),
    message: `${issue.category}: ${issue.explanation}`,
    category: issue.category,
    quote: issue.quote,
  };
}

/** Findings in reading order per note (target first), unlocated ones last. */
export function sortFindings(findings: Finding[]): Finding[] {
  const noteOrder: Record<NoteName, number> = { target: 0, reference: 1, source: 2 };
  return [...findings].sort(
    (a, b) => noteOrder[a.note] - noteOrder[b.note] || Number(a.located === false) - Number(b.located === false) || a.start - b.start || a.end - b.end,
  );
}
