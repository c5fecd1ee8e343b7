/**
 * Which rated items become the template's scored examples: half spread over the people's
 * scale (the items at evenly spaced ranks of the human score, so the judge sees what a low, a
 * middling and a high score look like), the rest the judge's largest disagreements with
 * people (the corrections it most needs). Chosen from the training items only; deterministic.
 */
export interface ScoredItem {
  key: string;
  human: number;
  judge: number;
}

export function chooseExamples<T extends ScoredItem>(items: readonly T[], k: number): T[] {
  if (k <= 0 || items.length === 0) return [];
  const byHuman = [...items].sort((a, b) => a.human - b.human || a.key.localeCompare(b.key));
  const spread = Math.ceil(Math.min(k, items.length) / 2);
  const chosen = new Set<T>();
  for (let i = 0; i < spread; i++) chosen.add(byHuman[Math.round((i * (byHuman.length - 1)) / Math.max(1, spread - 1))]);
  const byDisagreement = [...items].sort((a, b) => Math.abs(b.judge - b.human) - Math.abs(a.judge - a.human) || a.key.localeCompare(b.key));
  for (const item of byDisagreement) {
    if (chosen.size >= Math.min(k, items.length)) break;
    chosen.add(item);
  }
  // In the order of the people's score, low to high, as a rubric reads.
  return [...chosen].sort((a, b) => a.human - b.human || a.key.localeCompare(b.key));
}
