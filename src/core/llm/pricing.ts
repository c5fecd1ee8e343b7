/**
 * A small table of list prices to turn token counts into an ESTIMATED cost. Prices change and
 * differ by provider, region and contract; the figures are USD per million tokens from the
 * providers' public price pages (standard tier, as of PRICE_TABLE_DATE), and the Batch API is
 * billed at half price. Unknown models get no estimate rather than a wrong one.
 */

/** When the prices below were read off the providers' pages (o3 already at its cut price of June 2025): shown beside every spend. */
export const PRICE_TABLE_DATE = '2025-06';

export interface ModelPrice {
  /** USD per 1M prompt (input) tokens. */
  input: number;
  /** USD per 1M completion (output) tokens. */
  output: number;
}

const PRICES: ReadonlyArray<[prefix: string, price: ModelPrice]> = [
  // Longer prefixes first: the first match wins.
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4o', { input: 2.5, output: 10 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-4.1', { input: 2, output: 8 }],
  ['gpt-4-turbo', { input: 10, output: 30 }],
  ['gpt-4', { input: 30, output: 60 }],
  ['gpt-3.5-turbo', { input: 0.5, output: 1.5 }],
  ['o4-mini', { input: 1.1, output: 4.4 }],
  ['o3-mini', { input: 1.1, output: 4.4 }],
  ['o3', { input: 2, output: 8 }],
];

/** Batch API discount on both input and output. */
export const BATCH_DISCOUNT = 0.5;

export function priceOf(model: string): ModelPrice | undefined {
  const name = model.toLowerCase();
  return PRICES.find(([prefix]) => name.startsWith(prefix))?.[1];
}

/** Estimated USD, or undefined when the model is not in the table. */
export function estimateCost(model: string, tokens: { promptTokens: number; completionTokens: number }, batch = false): number | undefined {
  const price = priceOf(model);
  if (!price) return undefined;
  const usd = (tokens.promptTokens * price.input + tokens.completionTokens * price.output) / 1e6;
  return batch ? usd * BATCH_DISCOUNT : usd;
}

export function formatCost(usd: number | undefined): string {
  if (usd === undefined) return 'unknown (model not in the price table)';
  return `~$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)} (estimate from list prices)`;
}
