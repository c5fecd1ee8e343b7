/**
 * An LlmSession over the chat models VS Code offers (vscode.lm). They give no token
 * log-probabilities and no `n`, so the engine samples: n choices become n parallel requests
 * within the concurrency limit, and requests for log-probabilities are answered with
 * `logprobsUnavailable` so the engine switches to its sampling route. The context window a
 * long source is fitted to is the model's maxInputTokens (after sumlens.contextTokens).
 */
import type * as vscodeApi from 'vscode';
import { cancelledError, SumLensError } from '../../core/errors';
import { decideContextWindow } from '../../core/llm/contextWindow';
import { ConcurrencyLimiter } from '../../core/llm/limiter';
import { TokenCounter } from '../../core/llm/tokenCount';
import type { Capabilities, ChatChoice, ChatMessage, ChatRequest, ChatResult, ContextWindow, LlmSession, Usage } from '../../core/llm/types';

/**
 * The vscode module, given by the extension when it loads the engine (loadEngine.ts). Not
 * imported: dist/engine.js is also loaded on the review status's worker thread, where there
 * is no vscode module to require.
 */
let vscode: typeof vscodeApi;
export function useVscode(api: typeof vscodeApi): void {
  vscode = api;
}

/** Picks the model whose id or family matches `wanted`, or the first one offered. */
export async function selectLanguageModel(wanted: string): Promise<vscodeApi.LanguageModelChat> {
  const models = await vscode.lm.selectChatModels();
  const model = wanted ? models.find((m) => m.id === wanted || m.family === wanted) : models[0];
  if (!model) {
    const offered = models.map((m) => m.id).join(', ') || 'none';
    throw new SumLensError(
      'model-not-found',
      `No VS Code language model${wanted ? ` matching "${wanted}"` : ''} is available (offered: ${offered}). Sign in to a model provider or set sumlens.provider to openai-compatible.`,
    );
  }
  return model;
}

function toLmMessage(message: ChatMessage): vscodeApi.LanguageModelChatMessage {
  // vscode.lm has no system role: the instructions go in as the first user turn.
  return message.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(message.content) : vscode.LanguageModelChatMessage.User(message.content);
}

export class VscodeLmSession implements LlmSession {
  readonly endpoint = 'vscode-lm';
  readonly model: string;
  private readonly counters: Usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
  private readonly limiter: ConcurrencyLimiter;
  /**
   * Fitting a long source counts synchronously: the model's own countTokens is async, so the
   * engine's counter (exact for OpenAI's families, else a margined estimate).
   */
  private readonly tokens: TokenCounter;

  constructor(
    private readonly chatModel: vscodeApi.LanguageModelChat,
    concurrency: number,
    /** sumlens.contextTokens, when set: it comes before what the model says. */
    private readonly userContext?: { tokens: number; detail: string },
  ) {
    this.model = chatModel.id;
    this.limiter = new ConcurrencyLimiter(concurrency);
    this.tokens = new TokenCounter(chatModel.family || chatModel.id);
  }

  usage(): Usage {
    return { ...this.counters };
  }

  /** The user's setting, else the model's own maxInputTokens (its provider's word, as a server's metadata), else the table. */
  async contextWindow(): Promise<ContextWindow | undefined> {
    await this.tokens.ready();
    const tokens = this.chatModel.maxInputTokens;
    return decideContextWindow({
      model: this.model,
      user: this.userContext,
      server: async () => (tokens > 0 ? { window: { tokens, from: 'server', detail: `VS Code's maxInputTokens for ${this.model}` } } : {}),
    });
  }

  countTokens(text: string): number {
    return this.tokens.count(text);
  }

  capabilities(): Capabilities {
    return { logprobs: false, multipleChoices: false, jsonSchema: false };
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    const messages = request.messages.map(toLmMessage);
    const n = Math.max(1, request.n ?? 1);
    const choices = await Promise.all(Array.from({ length: n }, () => this.limiter.run(() => this.once(messages, signal), signal)));
    const promptTokens = await this.chatModel.countTokens(request.messages.map((m) => m.content).join('\n'));
    let completionTokens = 0;
    for (const choice of choices) completionTokens += await this.chatModel.countTokens(choice.text);
    this.counters.promptTokens += promptTokens * n;
    this.counters.completionTokens += completionTokens;
    return {
      choices,
      promptTokens: promptTokens * n,
      completionTokens,
      cached: false,
      logprobsUnavailable: (request.topLogprobs ?? 0) > 0 ? true : undefined,
    };
  }

  private async once(messages: vscodeApi.LanguageModelChatMessage[], signal?: AbortSignal): Promise<ChatChoice> {
    const cancellation = new vscode.CancellationTokenSource();
    const onAbort = () => cancellation.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.counters.calls++;
    try {
      const response = await this.chatModel.sendRequest(messages, {}, cancellation.token);
      let text = '';
      for await (const fragment of response.text) text += fragment;
      return { text, finishReason: 'stop' };
    } catch (error) {
      if (signal?.aborted) throw cancelledError();
      if (error instanceof vscode.LanguageModelError) {
        throw new SumLensError('server-error', `VS Code language model ${this.model}: ${error.message} (${error.code})`);
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      cancellation.dispose();
    }
  }
}
