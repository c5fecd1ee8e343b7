/**
 * `sumlens align`: for each aspect, candidates to the user's template measured on documents
 * they never saw (crossValidate), a verdict against the original (alignVerdict), and the
 * adopted template, learned again on every rated item, written only when its gain is
 * significant (adoptedTemplate); or the adopted calibration's map (adoptedCalibration).
 */
import { SumLensError } from '../errors';
import { adoptedCalibrationMap, checkCalibrationAdoptable, writeAdoptedCalibration } from './adoptedCalibration';
import { checkAdoptable, withProvenance, writeAdoptedTemplate, type Provenance } from './adoptedTemplate';
import { aspectTemplate, originalTemplatePath, originalTemplateText } from './alignedTemplate';
import { alignVerdict, type AlignVerdict, type CandidateVerdict } from './alignVerdict';
import { criteriaInRounds } from './criteriaRounds';
import type { RewriteOptions } from './criteriaRewrite';
import { crossValidate, withJudgeScores, type AlignItem, type CrossValidation, type Strategy } from './crossValidate';
import { chooseExamples } from './exampleChoice';
import { exampleSourcesLine, templateWithExamples, type ExampleSourcesShown } from './exampleSources';
import { groupedFolds } from './folds';
import type { JudgeScoring } from './judgeScores';

/** One aspect's rated items (from a table, the same items for every aspect; from ratings, each aspect its own). */
export interface AlignSet {
  aspect: string;
  items: readonly AlignItem[];
}

export interface AlignOptions {
  task: string;
  folds: number;
  examples: number;
  strategy: Strategy;
  promptDir?: string;
  outDir: string;
  force: boolean;
  workDir: string;
  scoring: JudgeScoring;
  optimizer: RewriteOptions;
  /** Rounds of criteria rewriting (default 1). */
  rounds?: number;
  resamples: number;
  seed: number;
  provenance: Provenance;
}

export interface AspectAlignment {
  verdict: AlignVerdict;
  dropped: CrossValidation['dropped'];
  /** Per fold, its items, and the items its candidates learned from (none of them in that fold). */
  heldOut: string[][];
  learnedFrom: string[][];
  /** The adopted template's file, or the calibration file the adopted calibration's map was written into. */
  written?: string;
  /** The items written into it as scored examples. */
  adoptedExamples?: string[];
  /** What the examples templates showed of the examples' sources (exampleSources.ts), when there were examples. */
  exampleSources?: string;
}

export function aspectScale(task: string, aspect: string, promptDir?: string): [number, number] {
  const { scale } = aspectTemplate(task, aspect, promptDir);
  return [scale.min, scale.max];
}

/** Rated items an alignment can learn from and test on; otherwise a clear error. */
export function checkRatedItems(items: readonly AlignItem[], folds: number, scale: [number, number], aspect: string): void {
  groupedFolds(
    items.map((item) => item.group),
    folds,
  ); // enough documents for the folds, or its error
  if (items.length < folds * 2) throw new SumLensError('bad-input', `${items.length} rated item(s); ${folds} folds need at least ${folds * 2} (two per fold)`);
  if (new Set(items.map((item) => item.human)).size < 2)
    throw new SumLensError('bad-input', `every item has the same human score (${items[0].human}): there is nothing to align to`);
  const outside = items.find((item) => item.human < scale[0] || item.human > scale[1]);
  if (outside)
    throw new SumLensError(
      'bad-input',
      `item ${outside.key}: human score ${outside.human} is outside the ${aspect} template's scale ${scale[0]}-${scale[1]}; rescale the ratings to it first`,
    );
}

export async function alignJudge(sets: readonly AlignSet[], options: AlignOptions): Promise<AspectAlignment[]> {
  // Everything that can be refused is refused before the first request.
  for (const { aspect, items } of sets) {
    checkRatedItems(items, options.folds, aspectScale(options.task, aspect, options.promptDir), aspect);
    checkAdoptable({ outDir: options.outDir, task: options.task, aspect, force: options.force });
    checkCalibrationAdoptable({ outDir: options.outDir, task: options.task, aspect, force: options.force, judge: judgeOf(options) });
  }
  const results: AspectAlignment[] = [];
  for (const { aspect, items } of sets) {
    const cv = await crossValidate(items, { ...options, aspect });
    const verdict = alignVerdict(items, cv, {
      aspect,
      scale: aspectScale(options.task, aspect, options.promptDir),
      resamples: options.resamples,
      seed: options.seed,
    });
    const adopted = verdict.candidates.find((c) => c.name === verdict.adopted);
    const written =
      adopted?.name === 'calibration'
        ? { written: writeCalibration(items, cv, { verdict, adopted }, options) }
        : adopted
          ? await writeAdopted(items, cv, { aspect, adopted }, options)
          : undefined;
    const shown = written && 'shown' in written ? written.shown : undefined;
    const exampleSources = exampleSourcesLine([...cv.exampleSources, ...(shown ? [shown] : [])]);
    results.push({
      verdict,
      dropped: cv.dropped,
      heldOut: cv.heldOut,
      learnedFrom: cv.learnedFrom,
      ...(written ? { written: written.written, ...('adoptedExamples' in written ? { adoptedExamples: written.adoptedExamples } : {}) } : {}),
      ...(exampleSources ? { exampleSources } : {}),
    });
  }
  return results;
}

/** Calibration maps are per judge: eval applies a map to the scores of the model it was fitted on. */
function judgeOf(options: AlignOptions): string {
  return options.scoring.options.session.model;
}

/** The map fitted on every rated item's score under the original template, and written. */
function writeCalibration(
  items: readonly AlignItem[],
  cv: CrossValidation,
  { verdict, adopted }: { verdict: AlignVerdict; adopted: CandidateVerdict },
  options: AlignOptions,
): string {
  const template = originalTemplatePath(options.task, verdict.aspect, options.promptDir);
  const map = adoptedCalibrationMap({ items, scores: cv.original, verdict, adopted, template }, judgeOf(options), options.provenance);
  return writeAdoptedCalibration(map, options.seed, {
    outDir: options.outDir,
    task: options.task,
    aspect: verdict.aspect,
    force: options.force,
    judge: judgeOf(options),
  });
}

/** The adopted recipe applied to every rated item, and written. */
async function writeAdopted(
  items: readonly AlignItem[],
  cv: CrossValidation,
  { aspect, adopted }: { aspect: string; adopted: CandidateVerdict },
  options: AlignOptions,
): Promise<{ written: string; adoptedExamples: string[]; shown?: ExampleSourcesShown }> {
  const scored = withJudgeScores(items, cv.original);
  let text = originalTemplateText(options.task, aspect, options.promptDir);
  if (adopted.name.startsWith('criteria')) {
    const rewrite = await criteriaInRounds(scored, { ...options, aspect });
    if ('dropped' in rewrite)
      throw new SumLensError('invalid-reply', `${aspect}: the criteria rewrite on all rated items failed: ${rewrite.dropped}; nothing was written`);
    text = rewrite.text;
  }
  const examples = adopted.name.endsWith('examples') ? chooseExamples(scored, options.examples) : [];
  // Its examples' sources fitted beside the longest rated item: the template's later items are not known yet.
  const built =
    examples.length > 0
      ? await templateWithExamples(text, examples, items, { session: options.scoring.options.session, signal: options.scoring.signal })
      : undefined;
  const sourcesLine = built && exampleSourcesLine([built.shown]);
  const written = writeAdoptedTemplate(
    withProvenance(built?.text ?? text, { candidate: adopted, rated: items.length, provenance: options.provenance, exampleSources: sourcesLine }),
    {
      outDir: options.outDir,
      task: options.task,
      aspect,
      force: options.force,
    },
  );
  return { written, adoptedExamples: examples.map((e) => e.key), shown: built?.shown };
}
