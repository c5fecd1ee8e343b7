/**
 * `sumlens pairwise --dry-run`: the calls a run makes (orders × pairs × aspects × judges; with
 * --orders adaptive, at most that), the prompt tokens as SumLens counts them, and the cost at
 * list prices; nothing is sent.
 */
import { readJudgesFile } from '../../core/jury/judgesFile';
import { defaultModel } from '../../core/llm/openaiSession';
import { estimateCost, formatCost } from '../../core/llm/pricing';
import { estimateTokens } from '../../core/llm/tokenCount';
import { SCORE_MAX_TOKENS } from '../../core/geval/scoreRoutes';
import type { PairItem } from '../../core/pairwise/runPairs';
import { renderTemplate, resolveTemplate } from '../../core/prompts';
import { cliIo } from '../io';
import type { PairwiseFlags } from '../commands/pairwise';

export function pairwiseDryRun(items: readonly PairItem[], aspects: readonly string[], flags: PairwiseFlags): void {
  const models = flags.judges ? readJudgesFile(flags.judges).map((j) => j.model) : [flags.model ?? defaultModel];
  const orders = flags.orders === 'one' ? 1 : 2;
  let promptTokens = 0;
  for (const aspect of aspects) {
    const template = resolveTemplate(`pairwise/${aspect}`, { overrideDir: flags.prompts });
    for (const item of items) promptTokens += estimateTokens(renderTemplate(template, { document: item.source, first: item.textA, second: item.textB }));
  }
  const callsPerJudge = orders * items.length * aspects.length;
  const tokens = { promptTokens: promptTokens * orders, completionTokens: callsPerJudge * SCORE_MAX_TOKENS };
  const costs = models.map((model) => estimateCost(model, tokens));
  const cost = costs.some((c) => c === undefined) ? undefined : costs.reduce((s, c) => s! + c!, 0);
  const estimate = {
    pairs: items.length,
    aspects: aspects.length,
    judges: models.length,
    calls: callsPerJudge * models.length,
    callsAreAtMost: flags.orders === 'adaptive',
    promptTokens: tokens.promptTokens * models.length,
    completionTokens: tokens.completionTokens * models.length,
    ...(cost !== undefined ? { costUsd: cost } : {}),
  };
  const text = `${estimate.pairs} pair(s) × ${estimate.aspects} aspect(s) × ${orders} order(s) × ${estimate.judges} judge(s): ${flags.orders === 'adaptive' ? 'at most ' : ''}${estimate.calls} call(s), about ${estimate.promptTokens + estimate.completionTokens} tokens, ${formatCost(cost)}; nothing sent\n`;
  cliIo().stdout.write(flags.json ? JSON.stringify({ dryRun: estimate }, null, 2) + '\n' : text);
}
