/** From extraction and judging outcomes to the public entities, findings and counts. */
import { loopTurn } from '../cooperative';
import type { FineEntity, Finding, NoteName, Span } from '../result';
import type { NoteEntity } from './extract';
import { entityFinding, readabilityFinding, sortFindings } from './findings';
import type { ReadabilityIssue, ReadabilityResult } from './readability';
import { WHOLE_NOTE } from './sections';
import type { NoteIndex } from './spans';
import type { VotedMetricResult } from './votedMetric';
import { UNJUDGED_VERDICT } from './voting';

export interface Outcomes {
  texts: Record<NoteName, string | undefined>;
  /** The run's note indexes (FineContext.noteIndex), for locating the judges' evidence. */
  noteIndex(text: string): Promise<NoteIndex>;
  fuzzyThreshold: number;
  rubric: NoteEntity[] | null;
  target: NoteEntity[] | null;
  completeness: VotedMetricResult | null;
  correctness: VotedMetricResult | null;
  alignment: VotedMetricResult | null;
  readabilityIssues: ReadabilityIssue[];
  sectionOf(e: NoteEntity): string;
  /** See FindingSources.shownFor. */
  shownFor?(entityId: string): Span[][];
}

/** Rubric entities (completeness) first, then target entities (correctness and alignment); findings in reading order. */
export async function assembleEntities(o: Outcomes): Promise<{ entities: FineEntity[]; findings: Finding[] }> {
  const indexes: Partial<Record<NoteName, NoteIndex>> = {};
  for (const note of ['target', 'reference', 'source'] as const) {
    const text = o.texts[note];
    if (text !== undefined) indexes[note] = await o.noteIndex(text);
  }
  const sources = { indexes, fuzzyThreshold: o.fuzzyThreshold, shownFor: o.shownFor };
  const findings: Finding[] = [];
  const entities: FineEntity[] = [];

  // Hundreds of facts of a long source, each with evidence searched for in all of it: a turn of the event loop between them when due.
  for (const e of o.rubric ?? []) {
    await loopTurn();
    const judged = o.completeness?.byId.get(e.id);
    const finding = judged && entityFinding(sources, { metric: 'completeness', entity: e, result: judged });
    if (finding) findings.push(finding);
    entities.push(toFineEntity(e, 'completeness', { verdict: judged?.verdict, votes: judged?.votes ?? [] }, { completeness: judged?.verdict }));
  }
  for (const e of o.target ?? []) {
    await loopTurn();
    const correct = o.correctness?.byId.get(e.id);
    const aligned = o.alignment?.byId.get(e.id);
    const section = o.sectionOf(e);
    for (const [metric, judged] of [
      ['correctness', correct],
      ['alignment', aligned],
    ] as const) {
      const where = metric === 'alignment' && section !== WHOLE_NOTE ? ` (in "${section}")` : '';
      const finding = judged && entityFinding(sources, { metric, entity: e, result: judged, extra: where });
      if (finding) findings.push(finding);
    }
    const votes = [...(correct?.votes ?? []), ...(aligned?.votes ?? [])];
    entities.push({
      ...toFineEntity(e, 'correctness', { verdict: correct?.verdict, votes }, { correctness: correct?.verdict, alignment: aligned?.verdict }),
      section,
    });
  }
  findings.push(...o.readabilityIssues.map(readabilityFinding));
  return { entities, findings: sortFindings(findings) };
}

function toFineEntity(
  e: NoteEntity,
  metric: string,
  { verdict, votes }: { verdict: string | undefined; votes: FineEntity['votes'] },
  verdicts: Record<string, string | undefined>,
): FineEntity {
  const known = Object.fromEntries(Object.entries(verdicts).filter((kv): kv is [string, string] => kv[1] !== undefined));
  return {
    id: e.id,
    note: e.note,
    text: e.text,
    spans: e.spans,
    verdict: verdict ?? UNJUDGED_VERDICT,
    votes,
    metric,
    located: e.located,
    quotes: e.quotes,
    verdicts: known,
  };
}

export function runStats(target: NoteEntity[] | null, rubric: NoteEntity[] | null, readability: ReadabilityResult | null): Record<string, number> {
  return {
    targetEntities: target?.length ?? 0,
    rubricEntities: rubric?.length ?? 0,
    unlocatedEntities: [...(target ?? []), ...(rubric ?? [])].filter((e) => !e.located).length,
    sentences: readability?.sentences ?? 0,
    sentencesWithIssues: readability?.sentencesWithIssues ?? 0,
    sentencesWithFlowIssues: readability?.sentencesWithFlowIssues ?? 0,
    sentencesWithGrammarOrSpelling: readability?.sentencesWithGrammarOrSpelling ?? 0,
    readabilityIssues: readability?.issues.length ?? 0,
  };
}
