/**
 * Readability (paper §3.2.4, §4.3): one prompt for awkward flow (relations among
 * sentences), one for grammar, spelling and inappropriate language; each issue quotes the
 * note and is located. Ratio = 1 − sentences with at least one issue ÷ sentences. An issue
 * that cannot be located still counts, as one more sentence with an issue (we cannot tell
 * which). When either prompt fails the ratio is null (half the checks would overrate the
 * note); the issues the other prompt found are still reported.
 *
 * The templates speak of English notes (capitalisation, agreement, spelling). A note in a
 * language written without spaces (Japanese, Chinese: told by its script) is split into
 * sentences by its own rules, and the judge is told to hold it to that language's grammar and
 * orthography, not to English's (CJK_READABILITY_NOTE).
 */
import * as z from 'zod';
import type { Span } from '../result';
import { failureOf, isCancellation, type Failure } from '../errors';
import type { FineContext } from './context';
import { answerSchema } from './answerSchema';
import { callJson, jsonSchemaOf } from './jsonCall';
import { buildMessages } from './messages';
import { sentenceRatio } from './scoring';
import { splitSentences } from './sentences';
import { locateQuote } from './spans';
import { isCjkText } from '../longSource/cjk';

export const CJK_READABILITY_NOTE = [
  'Language: the note is written in Japanese or Chinese. Judge it by the grammar and orthography of its own language',
  '(particles, okurigana, the choice of kanji and kana, a consistent style such as です/ます or だ/である), not by English rules:',
  'capitalisation, articles, plural forms and spaces between words do not apply, and the absence of spaces is not an error.',
].join(' ');

export const READABILITY_PROMPTS = [
  { name: 'readability-flow', categories: ['awkward flow'] },
  { name: 'readability-language', categories: ['grammar', 'spelling', 'inappropriate language'] },
] as const;

export interface ReadabilityIssue {
  prompt: string;
  category: string;
  quote: string;
  explanation: string;
  span: Span | null;
}

/** Issue categories read as SummEval's aspects (paper §4.3): coherence ← awkward flow; fluency ← grammar and spelling. */
export const FLOW_CATEGORIES = ['awkward flow'];
export const GRAMMAR_CATEGORIES = ['grammar', 'spelling'];

export interface ReadabilityResult {
  ratio: number | null;
  sentences: number;
  sentencesWithIssues: number;
  /** Sentences with an awkward-flow issue, and with a grammar or spelling issue. */
  sentencesWithFlowIssues: number;
  sentencesWithGrammarOrSpelling: number;
  issues: ReadabilityIssue[];
  errors: string[];
  /** One per prompt that failed. */
  failures: Failure[];
}

function issuesSchema(categories: readonly string[]) {
  return z.object({
    issues: z.array(z.object({ quote: z.string(), category: answerSchema(categories as [string, ...string[]]), explanation: z.string() })),
  });
}

/** Sentences at least one issue overlaps; an issue that could not be located counts as one more sentence. */
function sentencesHit(sentences: Span[], issues: ReadabilityIssue[]): number {
  const hit = new Set<number>();
  let unlocated = 0;
  for (const issue of issues) {
    if (!issue.span) {
      unlocated++;
      continue;
    }
    const { start, end } = issue.span;
    sentences.forEach((s, k) => {
      if (start < s.end && end > s.start) hit.add(k);
    });
  }
  return Math.min(sentences.length, hit.size + unlocated);
}

export async function runReadability(ctx: FineContext, target: string): Promise<ReadabilityResult> {
  const sentences = splitSentences(target);
  if (sentences.length === 0) {
    ctx.planCalls(-READABILITY_PROMPTS.length);
    return {
      ratio: null,
      sentences: 0,
      sentencesWithIssues: 0,
      sentencesWithFlowIssues: 0,
      sentencesWithGrammarOrSpelling: 0,
      issues: [],
      errors: [],
      failures: [],
    };
  }
  const index = await ctx.noteIndex(target);
  const notes = [...(isCjkText(target) ? [CJK_READABILITY_NOTE] : []), ...ctx.reasonNotes];
  const errors: string[] = [];
  const failures: Failure[] = [];
  const perPrompt = await Promise.all(
    READABILITY_PROMPTS.map(async (prompt) => {
      const schema = issuesSchema(prompt.categories);
      const purpose = `fine:${prompt.name}`;
      try {
        const reply = await callJson({
          session: ctx.session,
          messages: buildMessages(ctx.template(prompt.name), { target }, jsonSchemaOf(schema), notes),
          schema,
          name: `fine_${prompt.name.replace(/-/g, '_')}`,
          purpose,
          signal: ctx.signal,
        });
        ctx.callDone(purpose);
        let readingPosition = 0;
        return reply.issues
          .filter((i) => i.quote.trim() !== '')
          .map((i): ReadabilityIssue => {
            const hit = locateQuote(index, i.quote, { after: readingPosition, threshold: ctx.fuzzyThreshold });
            if (hit) readingPosition = hit.start;
            return { prompt: prompt.name, category: i.category, quote: i.quote, explanation: i.explanation, span: hit && { start: hit.start, end: hit.end } };
          });
      } catch (error) {
        if (isCancellation(error)) throw error;
        errors.push(`readability (${prompt.name}): ${(error as Error).message}`);
        failures.push(failureOf(error));
        return null;
      }
    }),
  );
  const issues = perPrompt.flatMap((p) => p ?? []);
  const sentencesWithIssues = sentencesHit(sentences, issues);
  const ofCategories = (categories: string[]) =>
    sentencesHit(
      sentences,
      issues.filter((i) => categories.includes(i.category)),
    );
  return {
    ratio: perPrompt.includes(null) ? null : sentenceRatio(sentences.length, sentencesWithIssues),
    sentences: sentences.length,
    sentencesWithIssues,
    sentencesWithFlowIssues: ofCategories(FLOW_CATEGORIES),
    sentencesWithGrammarOrSpelling: ofCategories(GRAMMAR_CATEGORIES),
    issues,
    errors,
    failures,
  };
}
