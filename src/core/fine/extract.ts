/**
 * Entity extraction in the paper's three steps (§3.1), three calls per note whatever the
 * number of entities (a very long note is cut into chunks, see noteChunks.ts): extraction →
 * self-verification (merge fragments such as an isolated date, split what still holds two
 * concepts) → reference sourcing (verbatim supporting quotes; an
 * entity without any is dropped). Quotes are then located in the note.
 */
import * as z from 'zod';
import { loopTurn } from '../cooperative';
import type { NoteName, Span } from '../result';
import type { FineContext } from './context';
import { callJson, jsonSchemaOf } from './jsonCall';
import { buildMessages } from './messages';
import { chunkNote } from './noteChunks';
import { normalizeQuote } from './normalize';
import { locateQuoteGroup } from './spans';

export interface NoteEntity {
  id: string;
  note: NoteName;
  text: string;
  /** Supporting quotes as the model gave them. */
  quotes: string[];
  /** Where the quotes stand in the note (unlocated quotes have none). */
  spans: Span[];
  located: boolean;
}

export const ID_PREFIX: Record<NoteName, string> = { target: 'T', reference: 'R', source: 'S' };

const entityListSchema = z.object({
  entities: z.array(z.object({ text: z.string() })),
});

function sourcingSchema(ids: [string, ...string[]]) {
  return z.object({
    entities: z.array(z.object({ id: z.enum(ids), quotes: z.array(z.string()) })),
  });
}

function cleanTexts(list: { text: string }[]): string[] {
  return list.map((e) => e.text.trim()).filter((t) => t !== '');
}

/** A numbered list the model refers back to by id. */
export function numberedList(texts: string[], prefix = 'E'): string {
  return texts.map((t, i) => `${prefix}${i + 1}: ${t}`).join('\n');
}

/** One step's request: the template's values, the reply's schema, and what a reply that leaves entities out lacks. */
interface StepRequest<T> {
  vars: Record<string, string>;
  schema: z.ZodType<T>;
  incomplete?: (value: T) => string | null;
}

async function ask<T>(ctx: FineContext, step: string, label: string, { vars, schema, incomplete }: StepRequest<T>): Promise<T> {
  const template = ctx.template(step);
  const jsonSchema = jsonSchemaOf(schema);
  const purpose = `fine:${step}:${label}`;
  const value = await callJson({
    session: ctx.session,
    messages: buildMessages(template, vars, jsonSchema),
    schema,
    name: `fine_${step}`,
    purpose,
    signal: ctx.signal,
    incomplete,
  });
  ctx.callDone(purpose);
  return value;
}

/** The three steps over one piece of a note: entity texts with their supporting quotes. */
async function extractChain(ctx: FineContext, text: string, label: string): Promise<{ text: string; quotes: string[] }[]> {
  const extracted = cleanTexts((await ask(ctx, 'extract', label, { vars: { note: text }, schema: entityListSchema })).entities);
  if (extracted.length === 0) {
    ctx.planCalls(-2); // nothing to verify or source
    return [];
  }
  const verified = cleanTexts(
    (await ask(ctx, 'verify', label, { vars: { note: text, entities: numberedList(extracted) }, schema: entityListSchema })).entities,
  );
  if (verified.length === 0) {
    ctx.planCalls(-1);
    return [];
  }
  const ids = verified.map((_, i) => `E${i + 1}`) as [string, ...string[]];
  // An entity the sourcing reply leaves out has no supporting quote: retried once, then dropped (step 3).
  const sourced = await ask(ctx, 'source', label, {
    vars: { note: text, entities: numberedList(verified) },
    schema: sourcingSchema(ids),
    incomplete: (value) => {
      const given = new Set(value.entities.map((e) => e.id));
      const missing = ids.filter((id) => !given.has(id));
      return missing.length > 0
        ? `no entry for entities ${missing.join(', ')}; list every entity (with an empty quote list when the note does not support it)`
        : null;
    },
  });
  const quotesById = new Map<string, string[]>();
  for (const e of sourced.entities) {
    const quotes = e.quotes.map((q) => q.trim()).filter((q) => q !== '');
    quotesById.set(e.id, [...(quotesById.get(e.id) ?? []), ...quotes]);
  }
  return verified.map((entityText, i) => ({ text: entityText, quotes: quotesById.get(`E${i + 1}`) ?? [] }));
}

/** What makes a fact the same fact found again: the same words (folded), or quotes located at the very same places. */
function factKeys(text: string, spans: Span[]): string[] {
  const words = `words:${normalizeQuote(text)}`;
  return spans.length > 0
    ? [
        words,
        `at:${spans
          .map((s) => `${s.start}-${s.end}`)
          .sort()
          .join(',')}`,
      ]
    : [words];
}

/**
 * Entities of a note, located. A note longer than `ctx.extractionChunkTokens` is
 * extracted chunk by chunk (noteChunks.ts); the caller planned three calls per note. A fact
 * a later chunk finds again (sameFact) is counted once, as the earlier chunk found it.
 */
export async function extractEntities(ctx: FineContext, note: NoteName, text: string): Promise<NoteEntity[]> {
  if (text.trim() === '') {
    ctx.planCalls(-3);
    return [];
  }
  const chunks = chunkNote(text, ctx.extractionChunkTokens);
  ctx.planCalls(3 * (chunks.length - 1));
  const perChunk = await Promise.all(chunks.map((chunk, k) => extractChain(ctx, chunk.text, chunks.length > 1 ? `${note}:${k + 1}/${chunks.length}` : note)));

  const index = await ctx.noteIndex(text);
  const entities: NoteEntity[] = [];
  const seenInEarlierChunks = new Set<string>();
  for (const [k, found] of perChunk.entries()) {
    let readingPosition = chunks[k].start;
    const keysOfThisChunk: string[] = [];
    for (const entity of found) {
      if (entity.quotes.length === 0) continue; // unsupported: removed (paper §3.1, step 3)
      await loopTurn(); // hundreds of facts of a long source, each searched for in all of it
      const hits = locateQuoteGroup(index, entity.quotes, { after: readingPosition, threshold: ctx.fuzzyThreshold });
      const spans = hits.filter((h) => h !== null).map((h) => ({ start: h.start, end: h.end }));
      if (spans.length > 0) readingPosition = Math.min(...spans.map((s) => s.start));
      const keys = factKeys(entity.text, spans);
      if (keys.some((key) => seenInEarlierChunks.has(key))) continue;
      keysOfThisChunk.push(...keys);
      entities.push({
        id: `${ID_PREFIX[note]}${entities.length + 1}`,
        note,
        text: entity.text,
        quotes: entity.quotes,
        spans,
        located: spans.length > 0,
      });
    }
    for (const key of keysOfThisChunk) seenInEarlierChunks.add(key);
  }
  return entities;
}
