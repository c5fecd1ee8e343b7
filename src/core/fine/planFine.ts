/**
 * The fine-grained method's plan for one item, before any call: its calls, tokens and largest call,
 * counted by the parts evaluateFine plans its calls by (callParts.ts; used by the dry run).
 */
import { EXTRACTION_STEPS, fineCallParts } from './callParts';
import { DEFAULT_MAX_ENTITIES_PER_CALL, DEFAULT_MAX_EXTRACTION_TOKENS, DEFAULT_MAX_PROMPT_TOKENS } from './evaluateFine';
import { loadFineTemplate } from './messages';
import { chunkNote } from './noteChunks';
import { DEFAULT_SHAPE } from './retrieval';
import { fitToWindow, REPLY_TOKENS_PER_ENTITY } from './windowLimits';
import { splitSourceSentences } from '../longSource';
import type { ContextWindow } from '../llm/types';
import { estimateTokens } from '../llm/tokenCount';

/** About what the JSON schema appended to a fine-grained prompt takes. */
const SCHEMA_TOKENS = 250;

/**
 * The fine-grained calls for one item, a rough prompt-token count, the completion room of
 * their replies, and the largest call (its prompt and the room its reply needs). A reply
 * lists facts: the entities or quotes of an extraction step, the judgements of an angle, the
 * issues of a readability prompt (at most one a sentence is assumed), each given
 * REPLY_TOKENS_PER_ENTITY, the room a run fits its limits by. Limits fitted to the judge's
 * window when it is given, as a run fits them.
 */
export function planFine(
  input: { source: string; summary: string; reference?: string },
  countTokens: (text: string) => number = estimateTokens,
  window?: ContextWindow,
): { calls: number; promptTokens: number; completionTokens: number; largestCall: number; retrieved: boolean } {
  const { limits, extractionChunkTokens } = fitToWindow(
    {
      limits: { maxPromptTokens: DEFAULT_MAX_PROMPT_TOKENS, maxEntitiesPerCall: DEFAULT_MAX_ENTITIES_PER_CALL },
      extractionChunkTokens: DEFAULT_MAX_EXTRACTION_TOKENS,
    },
    window,
  );
  const rubric = input.reference ?? input.source;
  const sentences = (text: string) => Math.max(1, splitSourceSentences(text).length);
  const perCall = (entities: number) => Math.ceil(entities / limits.maxEntitiesPerCall);
  const instructions = countTokens(loadFineTemplate('correctness-supported').body) + SCHEMA_TOKENS;
  const [summary, source, reference] = [input.summary, input.source, input.reference ?? ''].map((t) => countTokens(t));

  // Extraction: 3 steps a chunk; a step's prompt holds the chunk and, from the second, its entities; each reply lists them
  // (the largest call: the chunk, its entities and the reply, about as long each, windowLimits.ts).
  const chunks = [input.summary, rubric].flatMap((text) =>
    chunkNote(text, extractionChunkTokens).map((c) => ({ tokens: countTokens(c.text), facts: sentences(c.text) })),
  );
  const extraction = {
    calls: EXTRACTION_STEPS * chunks.length,
    tokens: chunks.reduce((sum, c) => sum + EXTRACTION_STEPS * instructions + 5 * c.tokens, 0),
    completion: chunks.reduce((sum, c) => sum + EXTRACTION_STEPS * c.facts * REPLY_TOKENS_PER_ENTITY, 0),
    largest: instructions + 3 * Math.max(...chunks.map((c) => c.tokens)),
  };
  const parts = fineCallParts(input.reference !== undefined);
  // Completeness: the rubric's entities against the summary; readability and alignment by the reference: one call each.
  const rubricFacts = sentences(rubric);
  const completeness = parts.completeness * perCall(rubricFacts);
  const plain = parts.readability + parts.alignmentWithReference;
  // Correctness and alignment by definition carry the source: whole when it fits, else each fact's passages.
  const facts = sentences(input.summary);
  const whole = instructions + source + reference + summary;
  const sourceAngles = parts.correctness + parts.alignmentWithSource;
  let sourceCalls = sourceAngles * perCall(facts);
  let sourcePrompt = whole;
  if (whole > limits.maxPromptTokens) {
    const passages = (DEFAULT_SHAPE.perFact * (2 * DEFAULT_SHAPE.neighbours + 1) * source) / sentences(input.source);
    const room = Math.max(1, limits.maxPromptTokens - instructions - reference);
    sourceCalls = sourceAngles * Math.max(perCall(facts), Math.ceil((facts * passages) / room));
    sourcePrompt = Math.min(limits.maxPromptTokens, instructions + reference + Math.ceil((facts * passages * sourceAngles) / sourceCalls));
  }
  const judgingPrompt = instructions + summary + reference;
  const reply = (entities: number) => Math.min(entities, limits.maxEntitiesPerCall) * REPLY_TOKENS_PER_ENTITY;
  // Each angle judges every fact once, however its calls are cut; alignment to the reference and readability read the summary.
  const judged = parts.completeness * rubricFacts + (sourceAngles + plain) * facts;
  return {
    calls: extraction.calls + completeness + plain + sourceCalls,
    promptTokens: extraction.tokens + (completeness + plain) * judgingPrompt + sourceCalls * sourcePrompt,
    completionTokens: extraction.completion + judged * REPLY_TOKENS_PER_ENTITY,
    largestCall: Math.max(extraction.largest, judgingPrompt + reply(rubricFacts), sourcePrompt + reply(facts)),
    retrieved: whole > limits.maxPromptTokens,
  };
}
