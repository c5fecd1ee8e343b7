/**
 * Each candidate judged on items the alignment never saw: k folds grouped by source document;
 * for each fold, the candidates are learned from the other folds (the examples chosen among
 * their items, the criteria rewritten from their disagreements, in --rounds judged on those
 * items only (criteriaRounds.ts), the calibration map fitted on
 * their scores) and judged on this fold. Every item so gets one held-out score per candidate,
 * comparable item by item with the original template's. The original template's scores come
 * first: the examples and the disagreements are chosen from them.
 */
import { applyIsotonic, isotonicFit } from '../stats/isotonic';
import { originalTemplateText } from './alignedTemplate';
import { writeCandidateFolder } from './candidateFolder';
import { criteriaInRounds } from './criteriaRounds';
import type { RewriteOptions } from './criteriaRewrite';
import { chooseExamples } from './exampleChoice';
import { templateWithExamples, type ExampleSourcesShown } from './exampleSources';
import type { TemplateExample } from './fewShotTemplate';
import { groupedFolds } from './folds';
import { judgeScores, type JudgedItem, type JudgeScoring } from './judgeScores';

export interface AlignItem extends JudgedItem {
  /** The source document: items of one document share a fold. */
  group: string;
  human: number;
}

/** What `--strategy` asks for; calibration is always measured (it costs no call). */
export type Strategy = 'examples' | 'criteria' | 'both';
export type CandidateName = 'examples' | 'criteria' | 'criteria+examples' | 'calibration';

export function candidatesOf(strategy: Strategy): CandidateName[] {
  if (strategy === 'examples') return ['examples', 'calibration'];
  if (strategy === 'criteria') return ['criteria', 'calibration'];
  return ['examples', 'criteria', 'criteria+examples', 'calibration'];
}

export interface HeldOutScores {
  name: CandidateName;
  /** scores[i]: item i's score by the candidate learned without item i's fold. */
  scores: number[];
}

export interface CrossValidation {
  folds: number[];
  original: number[];
  candidates: HeldOutScores[];
  /** Candidates that could not be made, and why. */
  dropped: { name: CandidateName; reason: string }[];
  /** Per fold, the keys of its items, and of the items its candidates learned from (examples, disagreements): never the same. */
  heldOut: string[][];
  learnedFrom: string[][];
  /** What each fold's examples templates showed of the examples' sources. */
  exampleSources: ExampleSourcesShown[];
}

export interface CrossValidateOptions {
  aspect: string;
  task: string;
  folds: number;
  examples: number;
  strategy: Strategy;
  /** The user's template folder (--prompts), whose copy of the aspect's template is the original. */
  promptDir?: string;
  /** Where the candidates' template folders are written (content-named, so a rerun reuses them). */
  workDir: string;
  scoring: JudgeScoring;
  optimizer: RewriteOptions;
  /** Rounds of criteria rewriting (criteriaRounds.ts; default 1). */
  rounds?: number;
}

/** Rated items with the judge's score of each, in the shape examples and disagreements are chosen from. */
export function withJudgeScores(items: readonly AlignItem[], judge: readonly number[]): (AlignItem & TemplateExample)[] {
  return items.map((item, i) => ({ ...item, judge: judge[i], source: item.input.source, summary: item.input.summary }));
}

export async function crossValidate(items: readonly AlignItem[], options: CrossValidateOptions): Promise<CrossValidation> {
  const { aspect, task, scoring } = options;
  const names = candidatesOf(options.strategy);
  const folds = groupedFolds(
    items.map((item) => item.group),
    options.folds,
  );
  const original = await judgeScores(items, aspect, options.promptDir, scoring);
  const scored = withJudgeScores(items, original);
  const templateText = originalTemplateText(task, aspect, options.promptDir);
  const held = new Map<CandidateName, number[]>(names.filter((n) => n !== 'calibration').map((n) => [n, new Array<number>(items.length)]));
  const dropped: CrossValidation['dropped'] = [];
  const learnedFrom: string[][] = [];
  const heldOut: string[][] = [];
  const exampleSources: ExampleSourcesShown[] = [];
  // The examples' sources are fitted to the judge's context with the fold's own items beside them.
  const examplesTemplate = async (text: string, examples: readonly TemplateExample[], judged: readonly AlignItem[]) => {
    const built = await templateWithExamples(text, examples, judged, { session: scoring.options.session, signal: scoring.signal });
    exampleSources.push(built.shown);
    return built.text;
  };

  for (let fold = 0; fold < options.folds; fold++) {
    const test = indicesWhere(folds, (f) => f === fold);
    const train = scored.filter((_, i) => folds[i] !== fold);
    const examples = chooseExamples(train, options.examples);
    const judged = test.map((i) => items[i]);
    const texts = new Map<CandidateName, string>();
    if (held.has('examples')) texts.set('examples', await examplesTemplate(templateText, examples, judged));
    if (held.has('criteria')) {
      const rewrite = await criteriaInRounds(train, options);
      if ('dropped' in rewrite) {
        for (const name of ['criteria', 'criteria+examples'] as const)
          if (held.delete(name)) dropped.push({ name, reason: `fold ${fold + 1}: ${rewrite.dropped}` });
      } else {
        texts.set('criteria', rewrite.text);
        if (held.has('criteria+examples')) texts.set('criteria+examples', await examplesTemplate(rewrite.text, examples, judged));
      }
    }
    heldOut.push(test.map((i) => items[i].key));
    learnedFrom.push([...new Set([...examples.map((e) => e.key), ...(held.has('criteria') ? train.map((t) => t.key) : [])])]);
    for (const [name, text] of texts) {
      const scores = held.get(name);
      if (!scores) continue;
      const dir = writeCandidateFolder(options.workDir, task, aspect, text);
      const foldScores = await judgeScores(judged, aspect, dir, scoring);
      test.forEach((i, j) => (scores[i] = foldScores[j]));
    }
  }
  const candidates: HeldOutScores[] = [...held].map(([name, scores]) => ({ name, scores }));
  if (names.includes('calibration')) candidates.push({ name: 'calibration', scores: calibratedHeldOut(items, folds, original) });
  return { folds, original, candidates, dropped, heldOut, learnedFrom, exampleSources };
}

/** Each item's score through the isotonic map fitted on the other folds' scores and ratings. */
function calibratedHeldOut(items: readonly AlignItem[], folds: readonly number[], original: readonly number[]): number[] {
  return original.map((score, i) => {
    const train = indicesWhere(folds, (f) => f !== folds[i]);
    return applyIsotonic(
      isotonicFit(
        train.map((k) => original[k]),
        train.map((k) => items[k].human),
      ),
      score,
    );
  });
}

function indicesWhere(values: readonly number[], keep: (value: number) => boolean): number[] {
  return values.flatMap((value, i) => (keep(value) ? [i] : []));
}
