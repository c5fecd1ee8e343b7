/**
 * A run's spending limit (`--max-cost`, `--max-tokens`, `sumlens.maxCost`), shared by every
 * session of the run (a jury's judges spend from one limit, each request priced with its own
 * model). Before a request is sent its worst cost is reserved (the prompt as counted, the
 * whole reply room it asks for); a reservation that would take the run past the limit stops
 * the run with 'budget-exceeded' instead of being sent. When the reply is in, the
 * reservation is settled with the usage the reply reports. The reservations of the requests
 * in flight count as spent until then, so concurrent requests never overshoot together.
 * Answers from the cache cost nothing: the same command rerun with a higher limit resumes.
 */
import { SumLensError } from '../errors';
import { estimateCost, PRICE_TABLE_DATE, priceOf } from './pricing';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from './tokenCount';
import type { ChatMessage } from './types';

/** Reply tokens reserved for a request that sets no max_tokens (the fine-grained JSON calls); the reply's own usage is counted after. */
const UNCAPPED_REPLY_TOKENS = 1024;

/**
 * The most a request body can cost: its prompt (each message with its framing) and the whole
 * reply room of each of its n answers. A message counts the larger of `count` (the judge's
 * tokenizer) and the character estimate: a budget is better held too high than too low, and
 * a server may count with another tokenizer.
 */
export function worstUse(messages: ChatMessage[], body: Record<string, unknown>, count: (text: string) => number): TokenUse {
  const promptTokens = messages.reduce((sum, m) => sum + Math.max(count(m.content), estimateTokens(m.content)) + MESSAGE_OVERHEAD_TOKENS, 0);
  const room = Number(body.max_completion_tokens ?? body.max_tokens ?? UNCAPPED_REPLY_TOKENS);
  return { promptTokens, completionTokens: room * Number(body.n ?? 1) };
}

export interface SpendLimitSettings {
  /** USD the run may spend, at the list prices of pricing.ts. */
  maxCostUsd?: number;
  /** Tokens (prompt and completion) the run may spend: what limits a model with no price. */
  maxTokens?: number;
  /** What the user changes to raise a limit, as the messages name it: the CLI's flags unless told (VS Code: its setting; no token limit there). */
  names?: { cost: string; tokens?: string };
}

const CLI_NAMES = { cost: '--max-cost', tokens: '--max-tokens' };

export interface TokenUse {
  promptTokens: number;
  completionTokens: number;
}

/** What a run has spent: settled requests only. */
export interface Spend extends TokenUse {
  /** USD at list prices (Batch API requests at the batch price); models with no price add tokens only. */
  usd: number;
  requests: number;
  /** The models that were asked, in the order they first were. */
  models: string[];
  /** The date of the price table the USD comes from (pricing.ts). */
  prices: string;
}

/** A request's worst cost, held from before it is sent until its reply is counted. */
export interface Reservation {
  /** Counts what the reply reports instead of the worst cost. */
  settle(used: TokenUse): void;
  /** The request was not answered (an error, a cancellation): nothing spent. */
  release(): void;
}

export class SpendLimit {
  private readonly done = { usd: 0, promptTokens: 0, completionTokens: 0, requests: 0 };
  private readonly held = { usd: 0, tokens: 0 };
  private readonly models = new Set<string>();
  /**
   * By model, how much more than the session counted the server said a prompt took (another
   * tokenizer, its own framing): later prompts of that model are reserved that much larger.
   */
  private readonly promptScale = new Map<string, number>();
  /** Once a request was refused, so is every later one: a run stops at one place, not wherever a smaller request still fits. */
  private stoppedBy?: BudgetExceededError;

  constructor(readonly settings: SpendLimitSettings) {
    for (const [name, value] of Object.entries({ maxCostUsd: settings.maxCostUsd, maxTokens: settings.maxTokens })) {
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) throw new RangeError(`spending limit ${name} must be a positive number, got ${value}`);
    }
    if (settings.maxCostUsd === undefined && settings.maxTokens === undefined) throw new RangeError('a spending limit needs maxCostUsd or maxTokens');
  }

  /**
   * Refuses a model whose spend this limit cannot count (no price and no token limit) with a
   * usage error; called when a session is made, so the run stops before its first request.
   */
  admit(model: string): void {
    if (this.settings.maxTokens === undefined && !priceOf(model)) {
      const { cost, tokens } = this.settings.names ?? CLI_NAMES;
      const instead = tokens ? `limit its tokens with ${tokens} instead` : `leave ${cost} empty to run it`;
      throw new SumLensError(
        'usage',
        `${model} has no price in SumLens's price table (of ${PRICE_TABLE_DATE}), so a spending limit in USD cannot be counted for it; ${instead}.`,
      );
    }
  }

  /** Holds a request's worst cost, or throws 'budget-exceeded' when it could take the run past the limit. `batch`: billed at the Batch API price. */
  reserve(model: string, counted: TokenUse, batch = false): Reservation {
    this.admit(model);
    this.models.add(model);
    if (this.stoppedBy) throw this.stoppedBy;
    const worst = { ...counted, promptTokens: Math.ceil(counted.promptTokens * (this.promptScale.get(model) ?? 1)) };
    const usd = estimateCost(model, worst, batch) ?? 0;
    const tokens = worst.promptTokens + worst.completionTokens;
    const { maxCostUsd, maxTokens } = this.settings;
    const overCost = maxCostUsd !== undefined && this.done.usd + this.held.usd + usd > maxCostUsd;
    const overTokens = maxTokens !== undefined && this.spentTokens() + this.held.tokens + tokens > maxTokens;
    if (overCost || overTokens) {
      const which = overCost ? 'cost' : 'tokens';
      this.stoppedBy = new BudgetExceededError(() => this.stopMessage(which));
      throw this.stoppedBy;
    }
    this.held.usd += usd;
    this.held.tokens += tokens;
    let open = true;
    const close = (): boolean => {
      if (!open) return false;
      open = false;
      this.held.usd -= usd;
      this.held.tokens -= tokens;
      return true;
    };
    return {
      settle: (used) => {
        if (!close()) return;
        this.add(model, used, batch);
        if (counted.promptTokens > 0 && used.promptTokens > counted.promptTokens) {
          this.promptScale.set(model, Math.max(this.promptScale.get(model) ?? 1, used.promptTokens / counted.promptTokens));
        }
      },
      release: () => void close(),
    };
  }

  spent(): Spend {
    return { ...this.done, models: [...this.models], prices: PRICE_TABLE_DATE };
  }

  private add(model: string, used: TokenUse, batch: boolean): void {
    this.done.usd += estimateCost(model, used, batch) ?? 0;
    this.done.promptTokens += used.promptTokens;
    this.done.completionTokens += used.completionTokens;
    this.done.requests++;
  }

  private spentTokens(): number {
    return this.done.promptTokens + this.done.completionTokens;
  }

  /** One line: the limit, what was spent and on what, and how to go on. */
  private stopMessage(which: 'cost' | 'tokens'): string {
    const requests = `${this.done.requests} request${this.done.requests === 1 ? '' : 's'}`;
    const models = this.models.size > 0 ? `${[...this.models].join(', ')}, ` : '';
    const limit =
      which === 'cost'
        ? `spending limit $${this.settings.maxCostUsd} reached: ${formatUsd(this.done.usd)} spent on ${requests} (${models}list prices of ${PRICE_TABLE_DATE})`
        : `token limit ${this.settings.maxTokens} reached: ${this.spentTokens()} tokens spent on ${requests}${models ? ` (${models.slice(0, -2)})` : ''}`;
    const names = this.settings.names ?? CLI_NAMES;
    const flag = which === 'cost' ? names.cost : (names.tokens ?? CLI_NAMES.tokens);
    return `${limit}, and the next request could have crossed it; what was done is kept: rerun with a higher ${flag} (or none) to go on from there`;
  }
}

/**
 * The run stopped at its limit. Its message is made when it is read, not when the limit was
 * reached: the run's last line then counts the requests that were in flight at the stop too.
 */
export class BudgetExceededError extends SumLensError {
  constructor(describe: () => string) {
    super('budget-exceeded', '');
    Object.defineProperty(this, 'message', { get: describe, enumerable: false, configurable: true });
  }
}

/** USD to the hundredth of a cent: a run's spend is often a few cents. */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(4)}`;
}

/** An agent's call limit in USD (undefined: none), and what to raise when the call stops at it. */
export interface AgentCallLimit {
  usd?: number;
  /** As it reads after "rerun with a higher": "sumlens.maxCost", "maxCost argument, up to the server's --max-cost of $0.5" … */
  raise: string;
}

/**
 * The limit in USD of one call an agent makes (an MCP tool, a VS Code language model tool):
 * the smaller of the user's (sumlens mcp --max-cost, sumlens.maxCost) and the call's own, so an
 * agent may lower the user's limit, never raise it. `userName`: the user's limit as the stop
 * message names it.
 */
export function agentCallLimit(user: number | undefined, call: number | undefined, userName: string): AgentCallLimit {
  if (call === undefined || (user !== undefined && user <= call)) return { usd: user, raise: userName };
  return { usd: call, raise: `maxCost argument${user === undefined ? '' : `, up to ${userName} of $${user}`}` };
}
