/**
 * Criteria rewritten in rounds (`--rounds`): round 1 reads where the user's template disagreed
 * with people most; each later round gives the optimizer the criteria of the round before and
 * the items those criteria still disagree with most, found by judging the items again under
 * them. Every item it shows or judges is one it is given: the training folds' items in
 * cross-validation (never the held-out fold), every rated item for the adopted template.
 *
 * Only the last round's criteria are the result, the one candidate: choosing the best round by
 * its held-out scores would be a selection that Holm's correction over the candidates does not
 * count, and an extra candidate per round would thin the test of every other.
 */
import { aspectTemplate, originalTemplateText } from './alignedTemplate';
import { writeCandidateFolder } from './candidateFolder';
import { rewriteCriteria, type Rewrite, type RewriteOptions } from './criteriaRewrite';
import type { AlignItem } from './crossValidate';
import type { TemplateExample } from './fewShotTemplate';
import { judgeScores, type JudgeScoring } from './judgeScores';

/** One round by default: each further round judges every training item again (see docs/datasets.md). */
export const DEFAULT_ROUNDS = 1;
export const MAX_ROUNDS = 3;

export interface RoundsOptions {
  task: string;
  aspect: string;
  /** The user's template folder: its copy is round 0. */
  promptDir?: string;
  rounds?: number;
  /** Where each round's template is written to be judged with (content-named: a rerun hits the cache). */
  workDir: string;
  scoring: JudgeScoring;
  optimizer: RewriteOptions;
}

export async function criteriaInRounds(scored: readonly (AlignItem & TemplateExample & { judge: number })[], options: RoundsOptions): Promise<Rewrite> {
  const { task, aspect, scoring } = options;
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  let template = aspectTemplate(task, aspect, options.promptDir);
  let text = originalTemplateText(task, aspect, options.promptDir);
  let current = scored;
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) {
      // The previous round's criteria judge the same items again: their largest disagreements are this round's to fix.
      const dir = writeCandidateFolder(options.workDir, task, aspect, text);
      template = aspectTemplate(task, aspect, dir);
      const judged = await judgeScores(current, aspect, dir, scoring);
      current = current.map((item, i) => ({ ...item, judge: judged[i] }));
    }
    const rewrite = await rewriteCriteria(template, text, current, options.optimizer);
    if ('dropped' in rewrite) return rounds > 1 ? { dropped: `round ${round}: ${rewrite.dropped}` } : rewrite;
    text = rewrite.text;
  }
  return { text };
}
