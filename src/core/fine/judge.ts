/**
 * One prompt angle over a whole entity list: every entity is judged in the same call, so
 * the number of calls does not grow with the number of entities. The list is split only
 * when the estimated prompt would exceed the context limit or the reply would be too
 * long (tokens.ts), or when the server says the context is too long after all (the group
 * is halved); the parts are judged concurrently. On a source too long to show whole, each
 * group is shown the passages retrieved for its entities (excerpts.ts) in place of the source.
 */
import * as z from 'zod';
import type { NoteName } from '../result';
import type { TemplateVars } from '../prompts';
import { SumLensError } from '../errors';
import type { Angle } from './angles';
import type { FineContext } from './context';
import { answerSchema } from './answerSchema';
import { callJson, jsonSchemaOf } from './jsonCall';
import type { ExcerptPlan } from './excerpts';
import { buildMessages } from './messages';
import { splitForContext } from './tokens';

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

/** One angle's prompt: its answers, its template's values, and the passages shown in place of a source too long to show whole. */
export interface AnglePromptParts {
  angle: Angle;
  answers: string[];
  vars: TemplateVars;
  excerpts?: ExcerptPlan;
}

/** The prompt of one angle for any group of its entities, and its size in tokens. */
export function anglePrompt(ctx: FineContext, { angle, answers, vars, excerpts }: AnglePromptParts) {
  const template = ctx.template(angle.name);
  const schemaFor = (ids: string[]) =>
    judgementSchema(ids as [string, ...string[]], answers as [string, ...string[]], angle.evidence as [NoteName, ...NoteName[]]);
  const messagesFor = (group: JudgedItem[]) => {
    const schema = jsonSchemaOf(schemaFor(group.map((i) => i.id)));
    const source = excerpts ? { source: excerpts.excerptFor(group.map((i) => i.id)) } : {};
    return buildMessages(template, { ...vars, ...source, entities: group.map((i) => i.line).join('\n') }, schema, ctx.reasonNotes);
  };
  const size = (messages: { content: string }[]) => ctx.countTokens(messages.map((m) => m.content).join('\n'));
  /** The prompt without entities; the id enum of the schema grows with the entities, counted per line by itemTokens. */
  const fixedTokens = () => size(messagesFor([{ id: 'X', line: '' }]));
  const itemTokens = (item: JudgedItem) => ctx.countTokens(item.line) + ctx.countTokens(JSON.stringify(item.id)) + 1 + (excerpts?.tokensOf(item.id) ?? 0);
  return { schemaFor, messagesFor, fixedTokens, itemTokens };
}

/**
 * All judgements of one angle. Entities a reply still leaves out after its retry get no
 * vote from this angle; `onGap` reports them.
 */
export async function judgeAngle(
  ctx: FineContext,
  prompt: AnglePromptParts & { items: JudgedItem[]; onGap?: (problem: string) => void },
): Promise<Judgement[]> {
  const { angle, items, onGap = () => undefined } = prompt;
  if (items.length === 0) {
    ctx.planCalls(-1);
    return [];
  }
  const { schemaFor, messagesFor, fixedTokens, itemTokens } = anglePrompt(ctx, prompt);
  // With excerpts an entity's passages count with its line: the excerpt of a group is at most their sum.
  const groups = splitForContext(items.map(itemTokens), fixedTokens(), ctx.limits).map((g) => g.map((index) => items[index]));

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
        incomplete: (value) =>
          missingResults(
            group.map((i) => i.id),
            value.results,
          ),
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
