/** The aspect choice's plan for one item, before any call (used by the dry run). */
import { loadCatalogue } from './catalogue';
import { choosePrompts } from './choosePrompts';
import { ANSWER_MAX_TOKENS, CONDITIONED_MAX_TOKENS } from './evaluateChoose';
import { DEFAULT_REASONS_K } from './reasonsDefault';
import { REASON_SETTINGS } from './writeReasons';
import type { AspectInput } from '../geval/inputVariables';
import type { ReasonExamples } from '../result';
import { estimateTokens } from '../llm/tokenCount';

/**
 * The aspect choice's calls and tokens for one item, on the log-probability route: its prompts
 * rendered and counted; completion tokens are upper bounds. The own-template scores
 * (--with-templates) depend on what is chosen and are not counted.
 */
export function planChoose(
  input: AspectInput,
  options: { promptOverrideDir?: string; fenceInputs?: boolean; reasons?: ReasonExamples; reasonsK?: number },
): { calls: number; promptTokens: number; completionTokens: number } {
  const prompts = choosePrompts(input, loadCatalogue(options.promptOverrideDir), { overrideDir: options.promptOverrideDir, fenced: options.fenceInputs });
  if (!options.reasons) return { calls: 1, promptTokens: estimateTokens(prompts.answer()), completionTokens: ANSWER_MAX_TOKENS };
  const k = options.reasonsK ?? DEFAULT_REASONS_K;
  // Each reason is scored in a prompt that holds it: counted at its longest.
  const longestReason = 'x'.repeat(REASON_SETTINGS.maxTokens * 4);
  return {
    calls: 1 + k,
    promptTokens: estimateTokens(prompts.reason(options.reasons)) + k * estimateTokens(prompts.conditioned(longestReason)),
    completionTokens: k * (REASON_SETTINGS.maxTokens + CONDITIONED_MAX_TOKENS),
  };
}
