/**
 * The rubric from several human references (SumAutoEval §4.3, SummEval): entities gathered
 * from all the references, kept when at least REFERENCE_QUORUM of them carry the entity,
 * so completeness is measured against what people agree matters. One call per set of
 * references (prompts/fine/rubric.md); the items of a document share it through
 * ReferenceRubrics, so a bench run pays it once per document.
 */
import * as z from 'zod';
import type { FineContext } from './context';
import type { NoteEntity } from './extract';
import { ID_PREFIX } from './extract';
import { callJson, jsonSchemaOf } from './jsonCall';
import { buildMessages } from './messages';

/** Paper §4.3: "we filtered out any entities that were not present in at least five human summaries". */
export const REFERENCE_QUORUM = 5;

function rubricSchema(references: number) {
  return z.object({
    entities: z.array(z.object({ text: z.string(), references: z.array(z.number().int().min(1).max(references)) })),
  });
}

/** "[1] first reference\n[2] second…", the numbering the reply refers to. */
export function numberedReferences(references: string[]): string {
  return references.map((r, i) => `[${i + 1}] ${r.replace(/\s+/g, ' ').trim()}`).join('\n');
}

/** Entities carried by at least `quorum` distinct references, in the reply's order. */
export function quorumEntities(entities: { text: string; references: number[] }[], quorum: number): string[] {
  return entities.filter((e) => e.text.trim() !== '' && new Set(e.references).size >= quorum).map((e) => e.text.trim());
}

async function buildRubric(ctx: FineContext, references: string[], quorum: number): Promise<string[]> {
  const schema = rubricSchema(references.length);
  const purpose = 'fine:rubric';
  const reply = await callJson({
    session: ctx.session,
    messages: buildMessages(ctx.template('rubric'), { note: numberedReferences(references) }, jsonSchemaOf(schema)),
    schema,
    name: 'fine_rubric',
    purpose,
    signal: ctx.signal,
  });
  ctx.callDone(purpose);
  return quorumEntities(reply.entities, quorum);
}

/** Rubrics by set of references, shared by every item that has the same references. */
export class ReferenceRubrics {
  private readonly byReferences = new Map<string, Promise<string[]>>();

  constructor(readonly quorum = REFERENCE_QUORUM) {}

  /** The rubric's entity texts; the first caller pays the call, the others wait for it. */
  texts(ctx: FineContext, references: string[]): Promise<string[]> {
    const key = JSON.stringify(references);
    const known = this.byReferences.get(key);
    if (known) {
      ctx.planCalls(-1);
      return known;
    }
    const built = buildRubric(ctx, references, this.quorum);
    // A failure is not kept: the next item asks again.
    built.catch(() => this.byReferences.delete(key));
    this.byReferences.set(key, built);
    return built;
  }

  /** The rubric as entities of the reference note (they stand in no single reference, so they have no span). */
  async entities(ctx: FineContext, references: string[]): Promise<NoteEntity[]> {
    const texts = await this.texts(ctx, references);
    return texts.map((text, i) => ({ id: `${ID_PREFIX.reference}${i + 1}`, note: 'reference', text, quotes: [], spans: [], located: false }));
  }
}
