/**
 * What a whole run file spent: the `spend` of every record added up (a resumed run's earlier
 * attempts at an item included: they were paid for too), as `sumlens report` shows it.
 */
import { formatUsd } from '../llm/spendLimit';
import type * as z from 'zod';
import type { RunRecord } from '../runFile/runRecord';
import type { RunSpendSchema } from '../runFile/runHeader';

/** The shape the header keeps (runHeader.ts) and the report shows. */
export type RunSpend = z.infer<typeof RunSpendSchema>;

/** `total` with a record's spend added; records written before spends were kept add nothing. */
export function addSpend(total: RunSpend | undefined, record: RunRecord): RunSpend | undefined {
  const spend = record.spend;
  if (!spend) return total;
  const sum = total ?? { usd: 0, promptTokens: 0, completionTokens: 0, requests: 0, prices: [], batch: false };
  return {
    usd: sum.usd === undefined || (spend.usd === undefined && spend.requests > 0) ? undefined : sum.usd + (spend.usd ?? 0),
    promptTokens: sum.promptTokens + spend.promptTokens,
    completionTokens: sum.completionTokens + spend.completionTokens,
    requests: sum.requests + spend.requests,
    prices: sum.prices.includes(spend.prices) ? sum.prices : [...sum.prices, spend.prices],
    batch: sum.batch || spend.batch === true,
  };
}

/** "spent $0.0123 at list prices of 2025-06 (Batch API): 12000 prompt + 300 completion tokens on 160 requests". */
export function spendText(spend: RunSpend): string {
  const usd = spend.usd === undefined ? 'an unknown amount (a model with no price)' : `${formatUsd(spend.usd)} at list prices of ${spend.prices.join(', ')}`;
  return `spent ${usd}${spend.batch ? ' (Batch API)' : ''}: ${spend.promptTokens} prompt + ${spend.completionTokens} completion tokens on ${spend.requests} request(s)`;
}
