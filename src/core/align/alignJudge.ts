/**
 * `sumlens align`: for each aspect, candidates to the user's template measured on documents
 * they never saw (crossValidate), a verdict against the original (alignVerdict), and the
 * adopted template written only when its gain is significant (adoptedTemplate).
 */
import { resolveTemplate } from '../prompts/resolveTemplate';
import { SumLensError } from '../errors';
import { adoptedTemplateText, checkAdoptable, writeAdoptedTemplate, type Provenance } from './adoptedTemplate';
import { alignVerdict, type AlignVerdict } from './alignVerdict';
import { crossValidate, originalTemplateText, type AlignItem, type CandidateName } from './crossValidate';
import { groupedFolds } from './folds';
import type { JudgeScoring } from './judgeScores';

export interface AlignOptions {
  task: string;
  aspects: readonly string[];
  folds: number;
  examples: number;
  strategies: readonly CandidateName[];
  promptDir?: string;
  outDir: string;
  force: boolean;
  workDir: string;
  scoring: JudgeScoring;
  resamples: number;
  seed: number;
  provenance: Provenance;
}

export interface AspectAlignment {
  verdict: AlignVerdict;
  /** Per fold, the items shown as examples (none of them in that fold). */
  examplesByFold: string[][];
  /** The adopted template's file, when one was written. */
  written?: string;
}

export function aspectScale(task: string, aspect: string, promptDir?: string): [number, number] {
  const template = resolveTemplate(`${task}/${aspect}`, { overrideDir: promptDir });
  if (template.task === 'fine' || template.task === 'choose') throw new SumLensError('template', `${template.filePath} is not an aspect template`);
  return [template.scale.min, template.scale.max];
}

/** Rated items an alignment can learn from and test on; otherwise a clear error. */
export function checkRatedItems(items: readonly AlignItem[], folds: number, scale: [number, number], aspect: string): void {
  groupedFolds(items.map((item) => item.group), folds); // enough documents for the folds, or its error
  if (items.length < folds * 2) throw new SumLensError('bad-input', `${items.length} rated item(s); ${folds} folds need at least ${folds * 2} (two per fold)`);
  if (new Set(items.map((item) => item.human)).size < 2) throw new SumLensError('bad-input', `every item has the same human score (${items[0].human}): there is nothing to align to`);
  const outside = items.find((item) => item.human < scale[0] || item.human > scale[1]);
  if (outside) throw new SumLensError('bad-input', `item ${outside.key}: human score ${outside.human} is outside the ${aspect} template's scale ${scale[0]}-${scale[1]}; rescale the ratings to it first`);
}

export async function alignJudge(items: readonly AlignItem[], options: AlignOptions): Promise<AspectAlignment[]> {
  for (const aspect of options.aspects) {
    checkRatedItems(items, options.folds, aspectScale(options.task, aspect, options.promptDir), aspect);
    checkAdoptable({ outDir: options.outDir, task: options.task, aspect, force: options.force });
  }
  const results: AspectAlignment[] = [];
  for (const aspect of options.aspects) {
    const scale = aspectScale(options.task, aspect, options.promptDir);
    const cv = await crossValidate(items, { ...options, aspect });
    const verdict = alignVerdict(items, cv, { aspect, scale, resamples: options.resamples, seed: options.seed });
    const adopted = verdict.candidates.find((c) => c.name === verdict.adopted);
    let written: string | undefined;
    if (adopted?.name === 'examples') {
      const scored = items.map((item, i) => ({ key: item.key, human: item.human, judge: cv.original[i], source: item.input.source, summary: item.input.summary }));
      const text = adoptedTemplateText(originalTemplateText(options.task, aspect, options.promptDir), scored, options.examples, adopted, options.provenance);
      written = writeAdoptedTemplate(text, { outDir: options.outDir, task: options.task, aspect, force: options.force });
    }
    results.push({ verdict, examplesByFold: cv.examplesByFold, ...(written ? { written } : {}) });
  }
  return results;
}
