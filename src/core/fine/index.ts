/** Fine-grained evaluation (SumAutoEval): the entry point and the pieces other features reuse. */
export {
  evaluateFine,
  DEFAULT_MAX_ENTITIES_PER_CALL,
  DEFAULT_MAX_EXTRACTION_TOKENS,
  DEFAULT_MAX_PROMPT_TOKENS,
  type FineInput,
  type FineOptions,
} from './evaluateFine';
export type { ProgressEvent } from './context';
export { VOTING_RULES, aggregateVotes, UNJUDGED_VERDICT, type VotingRule } from './voting';
export { ratioToScore } from './scoring';
export { indexNote, locateQuote, findOccurrences, FUZZY_THRESHOLD, FUZZY_MIN_LENGTH, type Located } from './spans';
