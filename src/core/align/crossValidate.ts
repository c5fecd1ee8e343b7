/**
 * Each candidate judged on items the alignment never saw: k folds grouped by source document;
 * for each fold, the candidate is learned from the other folds (the examples chosen among
 * their items, the calibration map fitted on their scores) and judged on this fold. Every item
 * so gets one held-out score per candidate, comparable item by item with the original
 * template's. The original template's scores come first: the examples are chosen from them.
 */
import { readFileSync } from 'node:fs';
import { applyIsotonic, isotonicFit } from '../stats/isotonic';
import { resolveTemplate } from '../prompts/resolveTemplate';
import { SumLensError } from '../errors';
import { chooseExamples } from './exampleChoice';
import { withExamples } from './fewShotTemplate';
import { groupedFolds } from './folds';
import { judgeScores, type JudgedItem, type JudgeScoring } from './judgeScores';
import { writeCandidateFolder } from './candidateFolder';

export interface AlignItem extends JudgedItem {
  /** The source document: items of one document share a fold. */
  group: string;
  human: number;
}

export type CandidateName = 'examples' | 'calibration';

export interface HeldOutScores {
  name: CandidateName;
  /** scores[i]: item i's score by the candidate learned without item i's fold. */
  scores: number[];
}

export interface CrossValidation {
  folds: number[];
  original: number[];
  candidates: HeldOutScores[];
  /** Per fold, the keys of the items written into its template as examples (never its own items). */
  examplesByFold: string[][];
}

export interface CrossValidateOptions {
  aspect: string;
  task: string;
  folds: number;
  examples: number;
  strategies: readonly CandidateName[];
  /** The user's template folder (--prompts), whose copy of the aspect's template is the original. */
  promptDir?: string;
  /** Where the candidates' template folders are written (content-named, so a rerun reuses them). */
  workDir: string;
  scoring: JudgeScoring;
}

export function originalTemplateText(task: string, aspect: string, promptDir?: string): string {
  const template = resolveTemplate(`${task}/${aspect}`, { overrideDir: promptDir });
  if (template.task === 'fine' || template.task === 'choose') throw new SumLensError('template', `${template.filePath} is not an aspect template`);
  return readFileSync(template.filePath, 'utf8');
}

export async function crossValidate(items: readonly AlignItem[], options: CrossValidateOptions): Promise<CrossValidation> {
  const { aspect, task, scoring } = options;
  const folds = groupedFolds(items.map((item) => item.group), options.folds);
  const original = await judgeScores(items, aspect, options.promptDir, scoring);
  const scored = items.map((item, i) => ({ ...item, judge: original[i], source: item.input.source, summary: item.input.summary }));
  const templateText = originalTemplateText(task, aspect, options.promptDir);
  const candidates: HeldOutScores[] = [];
  const examplesByFold: string[][] = [];

  if (options.strategies.includes('examples')) {
    const scores = new Array<number>(items.length);
    for (let fold = 0; fold < options.folds; fold++) {
      const held = indicesWhere(folds, (f) => f === fold);
      const chosen = chooseExamples(scored.filter((_, i) => folds[i] !== fold), options.examples);
      examplesByFold.push(chosen.map((c) => c.key));
      const dir = writeCandidateFolder(options.workDir, task, aspect, withExamples(templateText, chosen));
      const heldScores = await judgeScores(held.map((i) => items[i]), aspect, dir, scoring);
      held.forEach((i, j) => (scores[i] = heldScores[j]));
    }
    candidates.push({ name: 'examples', scores });
  }
  if (options.strategies.includes('calibration')) {
    const scores = original.map((score, i) => {
      const train = indicesWhere(folds, (f) => f !== folds[i]);
      return applyIsotonic(isotonicFit(train.map((k) => original[k]), train.map((k) => items[k].human)), score);
    });
    candidates.push({ name: 'calibration', scores });
  }
  return { folds, original, candidates, examplesByFold };
}

function indicesWhere(values: readonly number[], keep: (value: number) => boolean): number[] {
  return values.flatMap((value, i) => (keep(value) ? [i] : []));
}
