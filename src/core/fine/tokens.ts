/** Fine-grained evaluation counts with the engine's one estimate (see llm/tokenCount.ts). */
export { estimateTokens } from '../llm/tokenCount';

export interface SplitLimits {
  /** Prompt size (estimated tokens) one call may reach. */
  maxPromptTokens: number;
  /** Entities one call may judge, which bounds the size of the reply. */
  maxEntitiesPerCall: number;
}

/**
 * Split entity lines into as few contiguous, evenly sized groups as the limits allow.
 * `fixedTokens` is the size of the prompt without any entity. One group when everything
 * fits — the usual case, so the number of calls does not grow with the number of entities.
 * When the fixed part alone exceeds the limit, splitting cannot help: the entities are
 * grouped by the entity cap only, and the server's error (context too long) is reported.
 */
export function splitForContext(lineTokens: number[], fixedTokens: number, limits: SplitLimits): number[][] {
  const n = lineTokens.length;
  if (n === 0) return [];
  const byCount = Math.ceil(n / Math.max(1, limits.maxEntitiesPerCall));
  const budget = limits.maxPromptTokens - fixedTokens;
  if (budget <= 0) return evenGroups(n, byCount);
  const total = lineTokens.reduce((a, b) => a + b, 0);
  const minGroups = Math.max(1, byCount, Math.ceil(total / budget));
  for (let k = Math.min(minGroups, n); k <= n; k++) {
    const groups = evenGroups(n, k);
    if (k === n || groups.every((g) => g.reduce((sum, i) => sum + lineTokens[i], 0) <= budget)) return groups;
  }
  return evenGroups(n, n);
}

function evenGroups(n: number, k: number): number[][] {
  const groups: number[][] = [];
  for (let g = 0; g < k; g++) {
    const from = Math.floor((g * n) / k);
    const to = Math.floor(((g + 1) * n) / k);
    groups.push(Array.from({ length: to - from }, (_, i) => from + i));
  }
  return groups;
}
