/**
 * Fine-grained evaluation (SumAutoEval): extract entities from the target and the rubric
 * note (the reference, else the source), judge them by differently-angled prompts, vote,
 * and pin every finding to its span.
 *
 * Calls (independent of the number of entities; more only past the size limits):
 *   extraction 3 per note × 2 notes + completeness 3 + correctness 3 + alignment 2
 *   (1 without a reference) + readability 2 = 16 (15 without a reference).
 * Critical path: 3 extraction steps, then one judging round = 4 calls deep.
 * A source too long to show whole in the correctness and alignment prompts is shown as the
 * passages retrieved for each fact (excerpts.ts); calls then grow with the facts, never
 * past a prompt that cannot fit.
 */
import { alignmentAngles as alignmentAnglesFor, EXTRACTION_STEPS, plannedFineCalls } from './callParts';
import { loopTurn } from '../cooperative';
import { cancelledError, failureOf, isCancellation, type Failure } from '../errors';
import type { LlmSession } from '../llm/types';
import type { FineMetricName, FineResult, NoteName } from '../result';
import { ANGLES } from './angles';
import { createContext, type FineContext, type ProgressEvent } from './context';
import { planSource, showsSource, type ExcerptPlan } from './excerpts';
import { extractEntities, type NoteEntity } from './extract';
import { assembleEntities, runStats } from './assemble';
import { runReadability, READABILITY_PROMPTS } from './readability';
import { describeRules } from './rules';
import { metricScore, verdictMetric } from './scoring';
import { findSections, sectionAt } from './sections';
import { ReferenceRubrics } from './referenceRubric';
import { FUZZY_THRESHOLD } from './spans';
import { runVotedMetric, type VotedMetricResult } from './votedMetric';
import { UNJUDGED_VERDICT, VOTING_RULES, type VotedMetric } from './voting';
import { fineNeedTokens, fitToWindow } from './windowLimits';

export interface FineInput {
  source: string;
  summary: string;
  reference?: string;
  /**
   * Every human reference (SummEval has 11): the rubric is then the entities at least
   * REFERENCE_QUORUM of them carry (paper §4.3), not the entities of `reference`.
   */
  references?: string[];
}

export interface FineOptions {
  session: LlmSession;
  /** See FineContext.splittableSession (evaluate() passes one on which a too-long context is not fatal). */
  splittableSession?: LlmSession;
  promptOverrideDir?: string;
  signal?: AbortSignal;
  onProgress?(p: ProgressEvent): void;
  /**
   * Estimated prompt tokens one judging call may reach before its entity list is split, or a
   * source too long to show whole is shown as retrieved passages (default 100 000; tightened to
   * the session's context window when it knows one).
   */
  maxPromptTokens?: number;
  /** Entities one judging call may hold, bounding the reply length (default 100). */
  maxEntitiesPerCall?: number;
  /** Estimated tokens of a note one extraction chain takes before the note is cut into chunks (default 8 000). */
  maxExtractionTokens?: number;
  /** Similarity a fuzzy quote match must reach (default FUZZY_THRESHOLD = 0.8). */
  fuzzyThreshold?: number;
  /** Rubrics from `input.references`, shared across the items of a run (one call per document). */
  referenceRubrics?: ReferenceRubrics;
  /** The judges' explanations (the findings' messages) in this language (prompts/reasonLanguage.ts); English when absent. */
  reasonLanguage?: string;
}

export const DEFAULT_MAX_PROMPT_TOKENS = 100_000;
export const DEFAULT_MAX_ENTITIES_PER_CALL = 100;
/** About 32 000 characters: its entity list and quotes stay well inside common reply limits. */
export const DEFAULT_MAX_EXTRACTION_TOKENS = 8_000;

const NO_REFERENCE = '(no reference summary was given)';

/** Runs a step; a failure other than cancellation is recorded (in words and as a Failure) and gives null. */
async function guarded<T>(errors: string[], failures: Map<string, Failure>, label: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (error) {
    if (isCancellation(error)) throw error;
    errors.push(`${label}: ${(error as Error).message}`);
    failures.set(label, failureOf(error));
    return null;
  }
}

function entityLines(entities: NoteEntity[], section?: (e: NoteEntity) => string) {
  return entities.map((e) => ({ id: e.id, line: section ? `${e.id} [section: ${section(e)}]: ${e.text}` : `${e.id}: ${e.text}` }));
}

/** The run's limits (fitted to the session's context window when it knows one) and its context. */
async function fineSetup(input: FineInput, opts: FineOptions) {
  const window = await opts.session.contextWindow?.(opts.signal, fineNeedTokens(input));
  const { limits, extractionChunkTokens } = fitToWindow(
    {
      limits: {
        maxPromptTokens: opts.maxPromptTokens ?? DEFAULT_MAX_PROMPT_TOKENS,
        maxEntitiesPerCall: opts.maxEntitiesPerCall ?? DEFAULT_MAX_ENTITIES_PER_CALL,
      },
      extractionChunkTokens: opts.maxExtractionTokens ?? DEFAULT_MAX_EXTRACTION_TOKENS,
    },
    window,
  );
  const fuzzyThreshold = opts.fuzzyThreshold ?? FUZZY_THRESHOLD;
  const ctx = createContext({
    session: opts.session,
    splittableSession: opts.splittableSession,
    signal: opts.signal,
    promptOverrideDir: opts.promptOverrideDir,
    limits,
    extractionChunkTokens,
    fuzzyThreshold,
    reasonLanguage: opts.reasonLanguage,
    onProgress: opts.onProgress,
  });
  return { window, limits, extractionChunkTokens, fuzzyThreshold, ctx };
}

/** Which note the rubric comes from (the references, the reference, else the source), and the alignment angles that apply. */
function rubricPlan(input: FineInput, opts: FineOptions) {
  const reference = input.reference?.trim() ? input.reference : undefined;
  const fromReferences = input.references !== undefined && input.references.length > 0 ? input.references : undefined;
  const rubrics = opts.referenceRubrics ?? new ReferenceRubrics();
  const rubricNote: NoteName = reference !== undefined || fromReferences ? 'reference' : 'source';
  const rubricText = reference ?? input.source;
  const alignmentAngles = alignmentAnglesFor(reference !== undefined);
  const rubricLabel = fromReferences ? `rubric from ${fromReferences.length} references` : `entity extraction (${rubricNote})`;
  return { reference, fromReferences, rubrics, rubricNote, rubricText, alignmentAngles, rubricLabel };
}

type RubricPlan = ReturnType<typeof rubricPlan>;

/** Loads every template first: a broken override fails the run before any call is paid for. */
async function loadTemplates(ctx: FineContext, plan: RubricPlan): Promise<void> {
  const templateNames = [
    'extract',
    'verify',
    'source',
    ...(plan.fromReferences ? ['rubric'] : []),
    ...ANGLES.completeness,
    ...ANGLES.correctness,
    ...plan.alignmentAngles,
    ...READABILITY_PROMPTS,
  ].map((t) => (typeof t === 'string' ? t : t.name));
  for (const name of templateNames) {
    await loopTurn(); // the first run parses a dozen templates
    ctx.template(name);
  }
  ctx.planCalls(plannedFineCalls(plan.reference !== undefined));
}

/** Starts every part of the evaluation (extraction, then judging; readability alongside); `shown.excerpts` is set once the source is planned. */
function startParts(ctx: FineContext, input: FineInput, plan: RubricPlan, failed: { errors: string[]; extractionFailures: Map<string, Failure> }) {
  const { reference, fromReferences, rubrics, rubricNote, rubricText, alignmentAngles, rubricLabel } = plan;
  const { errors, extractionFailures } = failed;
  const targetEntities = guarded(errors, extractionFailures, 'entity extraction (target)', () => extractEntities(ctx, 'target', input.summary));
  const rubricEntities = fromReferences
    ? guarded(errors, extractionFailures, rubricLabel, () => {
        ctx.planCalls(1 - EXTRACTION_STEPS); // one rubric call instead of the extraction steps
        return rubrics.entities(ctx, fromReferences);
      })
    : guarded(errors, extractionFailures, rubricLabel, () => extractEntities(ctx, rubricNote, rubricText));
  const sections = findSections(input.summary);
  const sectionOf = (e: NoteEntity) => sectionAt(sections, e.spans[0]?.start)?.name ?? 'unknown (entity not located)';

  const correctnessVars = { source: input.source, reference: reference ?? NO_REFERENCE };
  const alignmentVars = { ...correctnessVars, section: sections.map((s) => `"${s.name}"`).join(', ') };
  // Whole, or as the passages retrieved for each fact when too long (a too-small context stops the run here).
  const shown: { excerpts?: ExcerptPlan } = {};
  const judgedTarget = targetEntities.then(async (target) => {
    if (!target) return null;
    const lines = { correctness: entityLines(target), alignment: entityLines(target, sectionOf) };
    const prompts = [
      ...ANGLES.correctness.map((angle) => ({ angle, answers: VOTING_RULES.correctness.answers, vars: correctnessVars, items: lines.correctness })),
      ...alignmentAngles.map((angle) => ({ angle, answers: VOTING_RULES.alignment.answers, vars: alignmentVars, items: lines.alignment })),
    ].filter((p) => showsSource(ctx, p.angle));
    const facts = target.map((e, i) => ({ id: e.id, lines: [lines.correctness[i], lines.alignment[i]], query: [e.text, ...e.quotes].join(' ') }));
    shown.excerpts = await planSource(ctx, input.source, prompts, facts);
    return lines;
  });

  const completeness = rubricEntities.then((rubric) =>
    rubric
      ? runVotedMetric(ctx, { metric: 'completeness', angles: ANGLES.completeness, items: entityLines(rubric), vars: { target: input.summary } })
      : skip(ctx, ANGLES.completeness.length),
  );
  const correctness = judgedTarget.then((lines) =>
    lines
      ? runVotedMetric(ctx, { metric: 'correctness', angles: ANGLES.correctness, items: lines.correctness, vars: correctnessVars, excerpts: shown.excerpts })
      : skip(ctx, ANGLES.correctness.length),
  );
  const alignment = judgedTarget.then((lines) =>
    lines
      ? runVotedMetric(ctx, { metric: 'alignment', angles: alignmentAngles, items: lines.alignment, vars: alignmentVars, excerpts: shown.excerpts })
      : skip(ctx, alignmentAngles.length),
  );
  const readability = runReadability(ctx, input.summary);
  return { targetEntities, rubricEntities, completeness, correctness, alignment, readability, sectionOf, shown };
}

type FineParts = ReturnType<typeof startParts>;

/** Awaits every part; a cancelled run still reports the parts that had finished, the others are left unscored. */
async function settleParts(parts: FineParts, rubricNote: NoteName, notes: string[]) {
  const cancelled: string[] = [];
  const kept = <T>(label: string, part: Promise<T>): Promise<T | null> =>
    part.catch((error: unknown) => {
      if (!isCancellation(error)) throw error;
      cancelled.push(label);
      return null;
    });
  const settling = [
    kept('entity extraction (target)', parts.targetEntities),
    kept(`entity extraction (${rubricNote})`, parts.rubricEntities),
    kept('completeness', parts.completeness),
    kept('correctness', parts.correctness),
    kept('alignment', parts.alignment),
    kept('readability', parts.readability),
  ] as const;
  const [target, rubric, completeness, correctness, alignment, readability] = await Promise.all(settling);
  if (cancelled.length === settling.length) throw cancelledError();
  if (cancelled.length > 0) notes.push(`Cancelled before ${cancelled.join(', ')} finished: not scored.`);
  return { target, rubric, completeness, correctness, alignment, readability };
}

type SettledParts = Awaited<ReturnType<typeof settleParts>>;

/** The notes on what could not be measured, and on where the rubric came from. */
function noteGaps(notes: string[], settled: SettledParts, plan: RubricPlan): void {
  const { target, rubric, readability } = settled;
  const { fromReferences, rubricNote } = plan;
  if (target?.length === 0) notes.push('The summary yielded no entities: correctness and alignment are not scored.');
  if (fromReferences && rubric) {
    notes.push(`Rubric: ${rubric.length} entities carried by at least ${plan.rubrics.quorum} of the ${fromReferences.length} references (SumAutoEval §4.3).`);
  }
  if (rubric?.length === 0) notes.push(`The ${fromReferences ? 'references share' : `${rubricNote} yielded`} no entities: completeness is not scored.`);
  if (readability?.sentences === 0) notes.push('The summary has no sentences: readability is not scored.');
  if (plan.reference === undefined)
    notes.push('No reference was given: completeness is measured against entities of the source, and alignment by section definition only.');
}

/** The four metric scores, with a warning per voted metric that left entities unjudged and one for halved entity lists. */
function scoreMetrics(ctx: FineContext, settled: SettledParts, warnings: string[]) {
  const scored = (metric: VotedMetric, result: VotedMetricResult | null, list: NoteEntity[] | null) => {
    if (!result || !list) return null;
    const verdicts = list.map((e) => ({ id: e.id, verdict: result.byId.get(e.id)?.verdict ?? UNJUDGED_VERDICT }));
    const warning = unjudgedWarning(metric, verdicts);
    if (warning) warnings.push(warning);
    return verdictMetric(
      VOTING_RULES[metric],
      verdicts.map((v) => v.verdict),
    );
  };
  const completeness = scored('completeness', settled.completeness, settled.rubric);
  const correctness = scored('correctness', settled.correctness, settled.target);
  const alignment = scored('alignment', settled.alignment, settled.target);
  if (ctx.fallbacks.length > 0) {
    warnings.push(`The model's context was too long for some entity lists: they were halved and judged in parts (${ctx.fallbacks.length} time(s)).`);
  }
  return { completeness, correctness, alignment, readability: metricScore(settled.readability?.ratio ?? null, settled.readability?.sentences) };
}

export async function evaluateFine(input: FineInput, opts: FineOptions): Promise<FineResult> {
  const { window, limits, extractionChunkTokens, fuzzyThreshold, ctx } = await fineSetup(input, opts);
  const plan = rubricPlan(input, opts);
  await loadTemplates(ctx, plan);

  const errors: string[] = [];
  const notes: string[] = [];
  const extractionFailures = new Map<string, Failure>();
  const parts = startParts(ctx, input, plan, { errors, extractionFailures });
  const settled = await settleParts(parts, plan.rubricNote, notes);
  for (const r of [settled.completeness, settled.correctness, settled.alignment, settled.readability]) errors.push(...(r?.errors ?? []));
  noteGaps(notes, settled, plan);

  const { target, rubric } = settled;
  const excerpts = parts.shown.excerpts;
  const { entities, findings } = await assembleEntities({
    texts: { target: input.summary, source: input.source, reference: plan.reference },
    noteIndex: (text) => ctx.noteIndex(text),
    fuzzyThreshold,
    rubric,
    target,
    completeness: settled.completeness,
    correctness: settled.correctness,
    alignment: settled.alignment,
    readabilityIssues: settled.readability?.issues ?? [],
    sectionOf: parts.sectionOf,
    shownFor: excerpts && ((id) => [excerpts.spansOf(id), excerpts.shown.ranges]),
  });
  const warnings: string[] = [];
  const scores = scoreMetrics(ctx, settled, warnings);
  // A metric is failed (not merely empty) when it is null and a call on its path failed.
  const targetFailure = extractionFailures.get('entity extraction (target)');
  const failures = metricFailures(scores, {
    completeness: extractionFailures.get(plan.rubricLabel) ?? settled.completeness?.failures[0],
    correctness: targetFailure ?? settled.correctness?.failures[0],
    alignment: targetFailure ?? settled.alignment?.failures[0],
    readability: settled.readability?.failures[0],
  });

  return {
    ...scores,
    entities,
    findings,
    rubricSource: plan.rubricNote,
    rules: describeRules({
      limits,
      extractionChunkTokens,
      fuzzyThreshold,
      alignmentAngles: plan.alignmentAngles,
      ...(window ? { contextWindow: window } : {}),
      sourceShownWhole: excerpts === undefined,
      ...(plan.fromReferences ? { referenceQuorum: plan.rubrics.quorum } : {}),
    }),
    ...(errors.length > 0 ? { errors } : {}),
    ...(failures ? { failures } : {}),
    stats: runStats(target, rubric, settled.readability),
    ...(notes.length > 0 ? { notes } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(excerpts ? { sourceShown: excerpts.shown } : {}),
    ...(ctx.fallbacks.length > 0 || excerpts ? { fallbacks: [...(excerpts ? [excerpts.describe()] : []), ...ctx.fallbacks] } : {}),
  };
}

/** "correctness: 2 of 5 entities unjudged (T2, T4) …", or null when every entity was judged. */
export function unjudgedWarning(metric: VotedMetric, verdicts: { id: string; verdict: string }[]): string | null {
  const unjudged = verdicts.filter((v) => v.verdict === UNJUDGED_VERDICT).map((v) => v.id);
  if (unjudged.length === 0) return null;
  const rests = verdicts.length - unjudged.length;
  return (
    `${metric}: ${unjudged.length} of ${verdicts.length} entities unjudged (${unjudged.join(', ')}): too few of their prompts answered; ` +
    (rests > 0 ? `the score rests on the other ${rests}` : 'not scored')
  );
}

function metricFailures(scores: Record<FineMetricName, unknown>, firstFailure: Record<FineMetricName, Failure | undefined>): FineResult['failures'] {
  const failed = (Object.keys(scores) as FineMetricName[]).filter((m) => scores[m] === null && firstFailure[m]);
  return failed.length > 0 ? Object.fromEntries(failed.map((m) => [m, firstFailure[m]])) : undefined;
}

/** Judging that cannot happen (its extraction failed): the planned calls are withdrawn. */
function skip(ctx: FineContext, plannedCalls: number): null {
  ctx.planCalls(-plannedCalls);
  return null;
}
