/**
 * `--max-cost USD` and `--max-tokens N`: the spending limit of the commands whose runs spend
 * (eval, bench, audit, align, distill). One limit per sumlens call: every session the call
 * makes (a jury's judges, align's optimizer) spends from it, so the limit is the call's.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { PRICE_TABLE_DATE } from '../core/llm/pricing';
import { formatUsd, SpendLimit } from '../core/llm/spendLimit';
import { cliIo, type CliIo } from './io';
import { wholeNumber } from './optionParsers';

export interface SpendLimitFlags {
  maxCost?: number;
  maxTokens?: number;
  /** What the stop message tells the user to raise, where it is not --max-cost (sumlens mcp: a tool call's maxCost). */
  maxCostName?: string;
}

/** A number of US dollars above zero. */
export function positiveUsd(text: string): number {
  const value = Number(text.trim().replace(/^\$/, ''));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('Expected a number of US dollars above 0 (e.g. 0.50).');
  return value;
}

export function addSpendLimitOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--max-cost <usd>',
        `stop before a request that could take the run's spend past this many US dollars (list prices of ${PRICE_TABLE_DATE}; exit 18); the same command with a higher limit goes on`,
      ).argParser(positiveUsd),
    )
    .addOption(
      new Option('--max-tokens <n>', 'stop before the run could spend more tokens (prompt and completion): the limit for a model with no price').argParser(
        wholeNumber(1),
      ),
    );
}

const limits = new WeakMap<CliIo, SpendLimit>();

/** The call's spending limit, made on first need; undefined without --max-cost or --max-tokens. */
export function spendLimitOf(flags: SpendLimitFlags): SpendLimit | undefined {
  if (flags.maxCost === undefined && flags.maxTokens === undefined) return undefined;
  const io = cliIo();
  const limit =
    limits.get(io) ??
    new SpendLimit({
      maxCostUsd: flags.maxCost,
      maxTokens: flags.maxTokens,
      ...(flags.maxCostName ? { names: { cost: flags.maxCostName } } : {}),
    });
  limits.set(io, limit);
  return limit;
}

/** What the call spent against its limit, as one line for stderr; undefined without a limit or before any request. */
export function spendLine(flags: SpendLimitFlags): string | undefined {
  const limit = flags.maxCost === undefined && flags.maxTokens === undefined ? undefined : limits.get(cliIo());
  if (!limit) return undefined;
  const spent = limit.spent();
  const of = [flags.maxCost !== undefined ? `$${flags.maxCost}` : '', flags.maxTokens !== undefined ? `${flags.maxTokens} tokens` : '']
    .filter(Boolean)
    .join(' and ');
  return `spent ${formatUsd(spent.usd)} and ${spent.promptTokens + spent.completionTokens} tokens on ${spent.requests} request(s) (list prices of ${spent.prices}) of the limit ${of}`;
}
