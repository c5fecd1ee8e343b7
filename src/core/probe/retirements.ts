/**
 * Published model retirements SumLens warns about before a user pays for a run with a
 * model that is going away. Data only: each entry names the model (its dated snapshots
 * "gpt-4o-2024-08-06" match too, other models of the family such as "gpt-4o-mini" do not),
 * the date, and where it was published. Add an entry when a provider announces one; remove
 * none (a retired model is still worth a warning).
 */
export interface Retirement {
  model: string;
  /** ISO date the model stops answering. */
  date: string;
  source: string;
}

export const RETIREMENTS: readonly Retirement[] = [
  { model: 'gpt-4o', date: '2027-01-14', source: 'OpenAI retirement announcement, as recorded in SumLens issue 14' },
  { model: 'gpt-4.1', date: '2027-01-14', source: 'OpenAI retirement announcement, as recorded in SumLens issue 14' },
  { model: 'gpt-4o-mini', date: '2027-01-14', source: 'OpenAI retirement announcement, as recorded in SumLens issue 17' },
  { model: 'gpt-4.1-mini', date: '2027-01-14', source: 'OpenAI retirement announcement, as recorded in SumLens issue 17' },
  { model: 'gpt-5', date: '2026-12-11', source: 'OpenAI retirement announcement, as recorded in SumLens issue 17' },
  { model: 'gpt-5-mini', date: '2026-12-11', source: 'OpenAI retirement announcement, as recorded in SumLens issue 17' },
  { model: 'gpt-5-nano', date: '2026-12-11', source: 'OpenAI retirement announcement, as recorded in SumLens issue 17' },
];

/** The retirement that applies to a model name ("gpt-4o", "gpt-4o-2024-08-06", "openai/gpt-4o"), if any. */
export function retirementOf(model: string): Retirement | undefined {
  const name = model.toLowerCase().split('/').pop() ?? '';
  return RETIREMENTS.find((r) => name === r.model || new RegExp(`^${r.model.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}$`).test(name));
}
