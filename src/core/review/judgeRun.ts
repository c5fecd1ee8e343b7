/**
 * A judge's scores of a review's items, from a run file of the same items (`sumlens eval
 * --data` on the review's data file): by the record's key, which is the review's item id.
 * The last record of a key counts (a resumed run appends); an item without a score has none.
 */
import { readRunFile } from '../runFile/runOutput';

export interface JudgeRun {
  name: string;
  /** item id → aspect → score. */
  scores: Map<string, Map<string, number>>;
}

export async function readJudgeRun(path: string, name = 'judge'): Promise<JudgeRun> {
  const scores = new Map<string, Map<string, number>>();
  await readRunFile(path, (record) => {
    const aspects = new Map<string, number>();
    for (const [aspect, score] of Object.entries(record.scores)) if (score !== null) aspects.set(aspect, score);
    scores.set(record.key, aspects);
  });
  return { name, scores };
}

export function judgeScore(judge: JudgeRun | undefined, item: string, aspect: string): number {
  return judge?.scores.get(item)?.get(aspect) ?? NaN;
}
