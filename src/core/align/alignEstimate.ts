/**
 * What an alignment will ask, before anything is sent (`align --dry-run`): per aspect, every
 * item judged once with the user's template and once with its fold's examples template, each
 * a request at the log-probability route (the sampling route draws up to --samples answers per
 * request). Tokens at the estimate's safety margin; the examples add K sources' openings and
 * summaries to every prompt of the second pass.
 */
import { estimateTokens } from '../llm/tokenCount';
import { chooseExamples } from './exampleChoice';
import { withExamples } from './fewShotTemplate';
import { originalTemplateText, type AlignItem } from './crossValidate';

export interface AlignEstimate {
  calls: number;
  promptTokens: number;
  /** The most completion tokens: one score token per request at the log-probability route. */
  completionTokens: number;
}

export function alignEstimate(items: readonly AlignItem[], task: string, aspects: readonly string[], examples: number, promptDir?: string): AlignEstimate {
  let promptTokens = 0;
  let calls = 0;
  for (const aspect of aspects) {
    const plain = originalTemplateText(task, aspect, promptDir);
    // The examples are not known before the judge has scored: any K items stand in for them.
    const stand = chooseExamples(items.map((item) => ({ ...item, judge: item.human, source: item.input.source, summary: item.input.summary })), examples);
    const withShown = withExamples(plain, stand);
    for (const item of items) {
      const texts = estimateTokens(item.input.source) + estimateTokens(item.input.summary);
      promptTokens += estimateTokens(plain) + texts + estimateTokens(withShown) + texts;
      calls += 2;
    }
  }
  return { calls, promptTokens, completionTokens: calls };
}
