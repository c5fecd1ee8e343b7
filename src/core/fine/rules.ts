/** The rules of a fine-grained run as plain data, printed with the result (FineResult.rules). */
import type { ContextWindow } from '../llm/types';
import { ANGLES, type Angle } from './angles';
import { GAP_MARK } from '../longSource';
import { SHAPES } from './retrieval';
import { READABILITY_PROMPTS } from './readability';
import { SUMMEVAL_MAPPING } from './summevalAspects';
import { ELISION_MAX_GAP, FUZZY_MIN_LENGTH } from './spans';
import type { SplitLimits } from './tokens';
import { VOTING_RULES } from './voting';

export function describeRules(opts: {
  limits: SplitLimits;
  extractionChunkTokens: number;
  fuzzyThreshold: number;
  alignmentAngles: Angle[];
  /** Set when the rubric came from several references. */
  referenceQuorum?: number;
  /** The judge's context window, when the session knew it (the limits are fitted to it). */
  contextWindow?: ContextWindow;
  /** False when the source was shown as retrieved passages. */
  sourceShownWhole: boolean;
}): Record<string, unknown> {
  return {
    ...(opts.referenceQuorum !== undefined
      ? {
          rubric: {
            from: 'every human reference (one call: prompts/fine/rubric.md), SumAutoEval §4.3',
            quorum: opts.referenceQuorum,
            rule: 'an entity belongs to the rubric when at least `quorum` references carry it',
            summevalAspects: SUMMEVAL_MAPPING,
          },
        }
      : {}),
    voting: {
      order: 'an exception matching the votes decides; else an answer given by more than half of the votes; else the noAgreement verdict',
      failedPrompts:
        'a prompt whose reply failed is not a vote (never read as No or Unknown): the verdict stands only when every answer the ' +
        'failed prompts could have given leads to it; otherwise the entity is "Unjudged", reported, and left out of its metric',
      ...VOTING_RULES,
    },
    metrics: {
      completeness: 'Σ points(verdict) ÷ rubric entities',
      correctness: '1 − Σ penalty(verdict) ÷ target entities; Unknown (nothing supports the entity, or the prompts disagree) weighs as an unsupported claim',
      alignment: 'target entities voted Yes (correctly placed, not extraneous) ÷ target entities',
      readability: '1 − sentences with at least one issue ÷ sentences (an unlocated issue counts as one sentence)',
      scale: 'score = 1 + 4 × ratio',
      empty: 'a metric with no entities (or no sentences) to count is null, not a vacuous 1',
      counted: 'each metric reports `counted` (judged entities, or sentences) and `unjudged` (entities left out)',
    },
    prompts: {
      extraction: ['extract', 'verify', 'source'],
      completeness: ANGLES.completeness.map(({ name, question }) => ({ name, question })),
      correctness: ANGLES.correctness.map(({ name, question }) => ({ name, question })),
      alignment: opts.alignmentAngles.map(({ name, question }) => ({ name, question })),
      readability: READABILITY_PROMPTS.map(({ name, categories }) => ({ name, categories: [...categories] })),
    },
    spans: spanRules(opts.fuzzyThreshold),
    split: {
      ...opts.limits,
      rule: 'all entities of one prompt angle in one call, split evenly only beyond these limits',
      maxExtractionTokens: opts.extractionChunkTokens,
      extraction:
        'a note longer than maxExtractionTokens (estimated) is extracted in evenly sized chunks cut at paragraph, line or sentence breaks; ' +
        'an entity found in two chunks (the same words, or the same located spans) is counted once',
      ...(opts.contextWindow
        ? {
            contextWindow: {
              ...opts.contextWindow,
              fitted:
                'reply room 100 tokens per entity, at most a quarter of the window (bounds the entities per call); the prompt the rest; extraction chunks at most a fifth',
            },
          }
        : {}),
    },
    longSource: longSourceRules(opts.sourceShownWhole),
  };
}

/** How a quote is placed in its note. */
function spanRules(fuzzyThreshold: number): Record<string, unknown> {
  return {
    tiers: ['exact', 'normalised (whitespace, case, quotes, dashes, compatibility forms, accents)', 'elided ("..." between parts found in order)', 'fuzzy'],
    elisionMaxGap: ELISION_MAX_GAP,
    fuzzyThreshold,
    fuzzySimilarity: '1 − edit distance ÷ quote length, over the normalised text',
    fuzzyMinLength: FUZZY_MIN_LENGTH,
    repeated: "nearest to the entity's quotes found exactly once, else the first at or after the previous entity",
    unitsOfOffsets: 'UTF-16 code units (JS string indices)',
  };
}

/** How a source too long to show whole is shown. */
function longSourceRules(shownWhole: boolean): Record<string, unknown> {
  return {
    shownWhole,
    when: 'a prompt that carries the source (correctness, alignment by definition) cannot hold it whole with its longest entity',
    rule:
      'each target entity is judged against its retrieved passages (LongEval, Krishna et al. 2023): the best-ranked source sentences ' +
      'by BM25 against the entity and its quotes, with neighbours; the passages of the entities sharing a call are merged in ' +
      `document order, ${GAP_MARK} where text is left out; entities are grouped so that every prompt fits`,
    shapes: SHAPES,
    shapeRule: 'each entity gets the first shape whose passages fit a prompt with it alone; none fits: the run stops (context-too-long)',
    evidence: 'quotes are placed in the whole source, preferring the passages shown for the entity, then any passage shown',
  };
}
