/**
 * The engine a run needs, bundled apart into dist/engine.js (scripts/build-extension.mjs):
 * the openai client, the fine-grained evaluation and the template parser (yaml, zod) are
 * large, and most windows never run an evaluation, so they are loaded on first use instead
 * of at activation.
 */
export { evaluate } from '../../core/evaluate';
export { evaluateRepeated } from '../../core/repeat';
export { isCancellation } from '../../core/errors';
export { createOpenAiSession } from '../../core/llm/openaiSession';
export { checkTemplateId, listTemplates, loadTemplate, TemplateError } from '../../core/prompts';
// With the engine, so that the errors it throws are the engine's own SumLensError class.
export { selectLanguageModel, useVscode, VscodeLmSession } from './vscodeLmSession';
// For the template preview: the exact prompts of an aspect, and how an input fills them.
export { scorePrompt, stepsPrompt } from '../../core/geval/aspectPrompt';
export { templateVars } from '../../core/geval/inputVariables';
export { renderTemplate, isAspectTemplate } from '../../core/prompts';
// For "Measure against people": aspect scores, the human-scored sets and the comparison.
export { evaluateAspects } from '../../core/geval/evaluateAspects';
export { parseDataset, readDataset } from '../../core/datasets/dataset';
export { readDataFile } from '../../core/textInput';
export { datasetFolders, findDatasetFile, getCommand } from '../../core/datasets/locate';
export { comparePairedCorrelations } from '../../core/stats/pairedCorrelation';
// "SumLens: Check Judge" and the learned-quirks commands.
export { probeEndpoint } from '../../core/probe/probeEndpoint';
export { defaultModel } from '../../core/llm/openaiSession';
export { endpointOf } from '../../core/runSpec/buildSpec';
export { describeQuirk, listCapabilities, resetCapabilities } from '../../core/llm/capabilityStore';
// "Evaluate Dataset" and "Compare Runs": the dataset-run engine the CLI's eval --data uses.
export { dataItems } from '../../core/run/data/dataItems';
export { estimateRun } from '../../core/run/dryRun';
export { estimateCost, formatCost } from '../../core/llm/pricing';
export { SpendLimit } from '../../core/llm/spendLimit';
export { buildSpec } from '../../core/runSpec/buildSpec';
export { estimateSpec } from '../../core/run/specRun';
export { runDataset } from '../../core/operations/runDataset';
export { RunSettingsChangedError } from '../../core/runFile/runOutput';
export { parseRunLine } from '../../core/runFile/runRecord';
export { loopTurn } from '../../core/cooperative';
export { runItemDetail, runOverview } from '../../core/run/runOverview';
export { loadRun } from '../../core/run/loadRun';
export { compareRuns, compareSides, judgeDifferences, sidesBySystem } from '../../core/run/compareRuns';
export { systemsOf } from '../../core/run/aspectTable';
// "Audit Judge": the probes, their run and statistics.
export { DEFAULT_PROBES, PROBES } from '../../core/audit/probes';
export { auditEstimate, auditJudge } from '../../core/operations/auditJudge';
export { levelNote, resamplingNote } from '../../core/audit/auditStats';
export { planLines } from '../../core/audit/auditPlan';
// A jury of sumlens.judges.
export { evaluateJury } from '../../core/jury/evaluateJury';
export { juryAsResult } from '../../core/jury/juryAsResult';
// "Align Judge to My Scores": the alignment `sumlens align` runs.
export { alignToPeople } from '../../core/operations/alignToPeople';
export { readAlignItems } from '../../core/align/alignItems';
export { readRatingsItems } from '../../core/align/ratingsItems';
export { alignEstimate } from '../../core/align/alignEstimate';
export { CANDIDATE_LABELS } from '../../core/align/candidateLabels';
export { originalTemplatePath } from '../../core/align/alignedTemplate';
export { sha256File } from '../../core/align/alignItems';
// An adopted calibration: "Use this calibration" puts it in the prompt folder, whose evaluations apply it.
export { adoptCalibrationFile } from '../../core/align/adoptedCalibration';
export { calibrateResult, promptsCalibration } from '../../core/agreement/appliedCalibration';
// "Start a Review" and the rating view: a review's files, as `sumlens review` writes and reads them.
export { createReview, readReview, itemsFor, ratingLine, reviewStatus, disagreements, readJudgeRun } from '../../core/review';
export { createPairReview, pairsOfTable, pairsOfFiles, pairsFor, shownFirstFor } from '../../core/review';
export { appendLines } from '../../core/review/appendRating';
export { ratingsFile } from '../../core/review/reviewSchema';
// "Compare Two Summaries": the pairwise judge, both orders.
export { comparePair } from '../../core/pairwise/comparePair';
// "Rank Systems (Pairwise)": the pairs of a dataset's systems, asked and ranked as `sumlens pairwise --data` does.
export { pairwiseInputs } from '../../core/pairwise/pairwiseInputs';
export { askPairwise, pairwiseFigures } from '../../core/pairwise/pairwiseStudy';
export { readPairwiseRun } from '../../core/pairwise/pairwiseRunFile';
export { dataColumns } from '../../core/run/data/dataColumns';
// Review Status's figures, on a worker thread of their own (review/statusOffThread.ts).
export { runStatusWorker } from '../review/statusWorker';
// The engine's tools, offered to agents in the editor as `sumlens mcp` serves them (agentTools/engineAgentTool.ts).
export { sumlensTools } from '../../core/tools/toolList';
export { failureText } from '../../core/tools/failureText';
