/** The review engine's API, for the CLI (`sumlens review`) and the editor's rating view. */
export {
  createReview,
  createPairReview,
  buildReview,
  writeReview,
  reviewAspect,
  pairQuestion,
  textSha256,
  type CreateReviewOptions,
  type CreatePairReviewOptions,
  type ReviewPlan,
} from './createReview';
export { pairsOfTable, pairsOfFiles, shownFirstFor, type PairText, type PairTableOptions } from './pairItems';
export { pairAgreement, pairProgress, type QuestionAgreement, type PairProgress, type RaterPairKappa, type Preference } from './pairAgreement';
export { dealItems, sharedItems, raterOrder, raterSeed } from './dealItems';
export {
  readReview,
  itemsFor,
  pairsFor,
  type ReviewPair,
  isReviewFolder,
  type Review,
  type ReviewItem,
  type RatingRecord,
  type ReviewProblem,
  type ReadReviewOptions,
} from './readReview';
export { appendRating, ratingLine } from './appendRating';
export { latestRatings, scoreTables, adjudications, type LatestRating, type ScoreTable } from './latestRatings';
export { reviewStatus, type ReviewStatus, type RaterProgress } from './reviewStatus';
export { reviewAgreement, type AspectAgreement, type AgreementOptions } from './reviewAgreement';
export { pairDisagreements, type PairDisagreement } from './pairDisagreements';
export { disagreements, RATERS_APART, JUDGE_APART, type Disagreement } from './disagreements';
export { readJudgeRun, type JudgeRun } from './judgeRun';
export { exportLines, preferenceLines, ratedSetsOf, alignItemsOf, type ExportLine } from './exportRatings';
export { importRatings, importedLines } from './importRatings';
export { RatingLineSchema, ReviewFileSchema, type RatingLine, type RatingInput, type ReviewFile, type ReviewAspect } from './reviewSchema';
