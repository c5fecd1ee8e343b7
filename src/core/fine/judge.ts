/**
 * One prompt angle over a whole entity list: every entity is judged in the same call, so
 * the number of calls does not grow with the number of entities. The list is split only
 * when the estimated prompt would exceed the context limit or the reply would be too
 * long (tokens.ts), or when the server says the context is too long after all (the group
 * is halved); the parts are judged concurrently.
 */
import * as z from 'zod';
import type { NoteName } from '../result';
import type { TemplateVars } from '../prompts';
import { SumLensError } from '../errors';
import type { Angle } from './angles';
import type { FineContext } from './context';
import { answerSchema } from './answerSchema';
import { callJson, jsonSchemaOf } from './jsonCall';
import { buildMessages } from './messages';
import { estimateTokens, splitForContext } from './tokens';

export interface JudgedItem {
  id: string;
  /** How the entity is shown to the judge, e.g. "R3: the patient takes metformin". */
  line: string;
}

export interface Judgement {
  id: string;
  answer: string;
  explanation: string;
  evidence: { note: NoteName; quote: string }[];
}

function judgementSchema(ids: [string, ...string[]], answers: [string, ...string[]], evidenceNotes: [NoteName, ...NoteName[]]) {
  return z
    .object({
      results: z.array(
        z.object({
          id: z.enum(ids),
          // Explanation before answer: the chain of thought comes first.
          explanation: z.string(),
          evidence: z.array(z.object({ note: z.enum(evidenceNotes), quote: z.string() })),
          answer: answerSchema(answers),
        }),
      ),
    })
    .superRefine((value, ctx) => {
      const seen = new Set<string>();
      for (const r of value.results) {
        if (seen.has(r.id)) ctx.addIssue({ code: 'custom', message: `entity ${r.id} is judged twice`, path: ['results'] });
        seen.add(r.id);
      }
    });
}

/** Entities a reply left without a result. */
function missingResults(ids: string[], results: { id: string }[]): string | null {
  const answered = new Set(results.map((r) => r.id));
  const missing = ids.filter((id) => !answered.has(id));
  return missing.length > 0 ? `no result for entities ${missing.join(', ')}; give one result for every entity` : null;
}

/**
 * All judgements of one angle. Entities a reply still leaves out after its retry get no
 * vote from this angle; `onGap` reports them.
 */
export async function judgeAngle(
  ctx: FineContext,
  angle: Angle,
  answers: string[],
  items: JudgedItem[],
  vars: TemplateVars,
  onGap: (problem: string) => void = () => undefined,
): Promise<Judgement[]> {
  if (items.length === 0) {
    ctx.planCalls(-1);
    return [];
  }
  const template = ctx.template(angle.name);
  const schemaFor = (ids: string[]) =>
    judgementSchema(ids as [string, ...string[]], answers as [string, ...string[]], angle.evidence as [NoteName, ...NoteName[]]);
  const messagesFor = (group: JudgedItem[]) => {
    const schema = jsonSchemaOf(schemaFor(group.map((i) => i.id)));
    return buildMessages(template, { ...vars, entities: group.map((i) => i.line).join('\n') }, schema);
  };
  const size = (messages: { content: string }[]) => estimateTokens(messages.map((m) => m.content).join('\n'));
  // The prompt without entities; the id enum of the schema grows with the entities, counted per line below.
  const fixed = size(messagesFor([{ id: 'X', line: '' }]));
  const groups = splitForContext(
    items.map((i) => estimateTokens(i.line) + estimateTokens(JSON.stringify(i.id)) + 1),
    fixed,
    ctx.limits,
  ).map((g) => g.map((index) => items[index]));

  ctx.planCalls(groups.length - 1); // one call per angle was planned up front
  const name = `fine_${angle.name.replace(/-/g, '_')}`;
  const judgeGroup = async (group: JudgedItem[], label: string): Promise<Judgement[]> => {
    const purpose = `fine:${angle.name}${label}`;
    try {
      const reply = await callJson({
        session: group.length >= 2 ? ctx.splittableSession : ctx.session,
        messages: messagesFor(group),
        schema: schemaFor(group.map((i) => i.id)),
        name,
        purpose,
        signal: ctx.signal,
        incomplete: (value) => missingResults(group.map((i) => i.id), value.results),
        onIncomplete: (problem) => onGap(`${purpose}: ${problem}`),
      });
      ctx.callDone(purpose);
      return reply.results;
    } catch (error) {
      // Our token estimate was too optimistic for this model: halve the group and try again.
      if (!(error instanceof SumLensError && error.code === 'context-too-long') || group.length < 2) throw error;
      ctx.planCalls(1);
      const half = Math.ceil(group.length / 2);
      ctx.fallback(`context halved: ${purpose} (${group.length} entities were too long for the model; judged as ${half} + ${group.length - half})`);
      const parts = await Promise.all([judgeGroup(group.slice(0, half), `${label}a`), judgeGroup(group.slice(half), `${label}b`)]);
      return parts.flat();
    }
  };
  const replies = await Promise.all(groups.map((group, part) => judgeGroup(group, groups.length > 1 ? `:${part + 1}/${groups.length}` : '')));
  return replies.flat();
}
