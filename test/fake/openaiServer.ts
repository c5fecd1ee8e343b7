/**
 * A fake OpenAI-compatible server for tests and benchmarks: real HTTP on 127.0.0.1 with an
 * ephemeral port, so the real `openai` client is exercised end to end. Replies are
 * scripted: queue one-shot replies, or set a handler that answers from the request. It
 * records every request it receives.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../../src/core/llm/tokenCount';

export interface FakeToken {
  token: string;
  /** Alternatives at this position with their natural-log probabilities; the token itself is added when absent. */
  top?: Record<string, number>;
  logprob?: number;
}

export interface FakeChoice {
  text: string;
  /** Tokens with log-probabilities; returned only when the request asked for logprobs. */
  tokens?: FakeToken[];
  finishReason?: string;
}

export type FakeReply =
  | { choices: FakeChoice[]; promptTokens?: number; completionTokens?: number; delayMs?: number }
  | {
      status: number;
      error?: { message: string; type?: string; param?: string | null; code?: string | null };
      headers?: Record<string, string>;
      delayMs?: number;
    }
  | { raw: string; status?: number; contentType?: string; delayMs?: number }
  | { hang: true }
  | { drop: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export type ChatHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** Extra routes (files, batches…) mounted by other fakes: return true when the route answered, false to pass. */
export type RouteHandler = (request: RecordedRequest, response: http.ServerResponse, rawBody: Buffer) => boolean | Promise<boolean>;

/**
 * How one kind of server treats the parameters we send (see test/fake/profiles/ and
 * ../shared/guides/provider-behaviours.md): what it refuses, what it silently ignores, and
 * how it shapes its replies. The scripted judge (handler or queue) answers the request as
 * the profile lets it through; the profile then reshapes that answer.
 */
export interface ServerProfile {
  name: string;
  /** A reply sent instead of an answer: a refusal, an auth or path error. Undefined lets the request through. */
  refuse?(request: RecordedRequest): FakeReply | undefined;
  /** The body as the judge sees it once the server has ignored what it ignores (n, logprobs…). */
  accept?(body: any): any;
  /** The completion JSON as this server sends it (reasoning fields, token texts, legacy logprobs…). */
  shape?(completion: any, body: any): any;
  /** The JSON this server answers a metadata route with (/v1/models, /api/show, /props…); undefined: not its route. */
  metadata?(request: RecordedRequest): unknown;
}

export interface FakeServerOptions {
  /** Behave as this server does. */
  profile?: ServerProfile;
  /** Added before every reply. */
  latencyMs?: number;
  /** Share of chat requests answered 429 with `Retry-After: retryAfterSeconds` (deterministic sequence). */
  rateLimitShare?: number;
  retryAfterSeconds?: number;
}

export class FakeOpenAiServer {
  readonly requests: RecordedRequest[] = [];
  /** Requests the profile refused (answered with an error instead of an answer). */
  readonly refused: RecordedRequest[] = [];
  private readonly queue: FakeReply[] = [];
  private handler: ChatHandler = () => ({ status: 500, error: { message: 'the fake server has no script for this request' } });
  private readonly routes: RouteHandler[] = [];
  private readonly hanging = new Set<http.ServerResponse>();
  private chatCount = 0;

  private constructor(
    private readonly server: http.Server,
    readonly options: FakeServerOptions,
  ) {}

  static async start(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
    const server = http.createServer();
    const fake = new FakeOpenAiServer(server, options);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** Base URL to give the client, including /v1. */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Chat completion requests only. */
  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => isChatPath(r.path));
  }

  /** Chat completion requests the profile refused (a run's metadata look-ups left out). */
  get refusedChats(): RecordedRequest[] {
    return this.refused.filter((r) => isChatPath(r.path));
  }

  /** One-shot replies, used in order before the handler. */
  enqueue(...replies: FakeReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  setHandler(handler: ChatHandler): this {
    this.handler = handler;
    return this;
  }

  mount(route: RouteHandler): this {
    this.routes.push(route);
    return this;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    let body: unknown;
    try {
      body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : undefined;
    } catch {
      body = rawBody.toString('utf8');
    }
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    this.requests.push(recorded);
    if (this.options.latencyMs) await delay(this.options.latencyMs);

    for (const route of this.routes) if (await route(recorded, res, rawBody)) return;
    const metadata = isChatPath(recorded.path) ? undefined : this.options.profile?.metadata?.(recorded);
    if (metadata !== undefined) return sendJson(res, 200, metadata);
    if (recorded.method === 'GET' && /\/models\/?$/.test(recorded.path)) {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'sumlens-tests' }] });
    }
    const profile = this.options.profile;
    // A GET has no body; a profile reads its refusals from one.
    const refusal = profile?.refuse?.({ ...recorded, body: recorded.body ?? {} });
    if (refusal) {
      this.refused.push(recorded);
      return this.send(recorded, refusal, res);
    }
    if (!isChatPath(recorded.path)) return sendJson(res, 404, { error: { message: `no route ${recorded.path}` } });

    if (this.shouldRateLimit()) {
      return sendJson(
        res,
        429,
        { error: { message: 'Rate limit reached (fake)', type: 'rate_limit' } },
        {
          'retry-after': String(this.options.retryAfterSeconds ?? 0),
        },
      );
    }
    const judged = profile?.accept ? { ...recorded, body: profile.accept(structuredClone(recorded.body)) } : recorded;
    const reply = this.queue.shift() ?? (await this.handler(judged));
    await this.send(judged, reply, res);
  }

  /** Evenly spread 429s: request k is limited when floor(k·share) advances. */
  private shouldRateLimit(): boolean {
    const share = this.options.rateLimitShare ?? 0;
    const k = ++this.chatCount;
    return share > 0 && Math.floor(k * share) !== Math.floor((k - 1) * share);
  }

  private async send(request: RecordedRequest, reply: FakeReply, res: http.ServerResponse): Promise<void> {
    if ('hang' in reply) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if ('drop' in reply) {
      res.socket?.destroy();
      return;
    }
    if ('delayMs' in reply && reply.delayMs) await delay(reply.delayMs);
    if ('raw' in reply) {
      res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(reply.raw);
      return;
    }
    if ('status' in reply) {
      return sendJson(res, reply.status, { error: { type: 'invalid_request_error', param: null, code: null, ...reply.error } }, reply.headers);
    }
    const made = completion(request.body, reply);
    const shaped = this.options.profile?.shape ? this.options.profile.shape(made, request.body) : made;
    if (request.body?.stream === true) return sendStream(res, shaped);
    sendJson(res, 200, shaped);
  }
}

function isChatPath(path: string): boolean {
  return path.split('?')[0].endsWith('/chat/completions');
}

/** The chat.completion JSON for scripted choices, with logprobs only when they were asked for. */
function completion(body: any, reply: Extract<FakeReply, { choices: FakeChoice[] }>): unknown {
  const wantLogprobs = body?.logprobs === true;
  const topCount = Number(body?.top_logprobs ?? 0);
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: body?.model ?? 'fake-model',
    choices: reply.choices.map((choice, index) => ({
      index,
      message: { role: 'assistant', content: choice.text },
      finish_reason: choice.finishReason ?? 'stop',
      logprobs: wantLogprobs ? { content: (choice.tokens ?? textTokens(choice.text)).map((t) => tokenLogprob(t, topCount)) } : null,
    })),
    usage: {
      prompt_tokens: reply.promptTokens ?? promptTokensOf(body),
      completion_tokens: reply.completionTokens ?? reply.choices.reduce((sum, c) => sum + Math.max(1, estimateTokens(c.text)), 0),
    },
  };
}

function tokenLogprob(token: FakeToken, topCount: number) {
  const alternatives = { [token.token]: token.logprob ?? 0, ...token.top };
  const top = Object.entries(alternatives)
    .map(([t, logprob]) => ({ token: t, logprob, bytes: null }))
    .sort((a, b) => b.logprob - a.logprob)
    .slice(0, Math.max(topCount, 1));
  return { token: token.token, logprob: alternatives[token.token], bytes: null, top_logprobs: top };
}

function textTokens(text: string): FakeToken[] {
  return (text.match(/\s*\S+/g) ?? [text]).map((token) => ({ token }));
}

/**
 * The prompt tokens the fake reports: SumLens's own estimate of each message plus its framing,
 * so that for a model counted by estimate the fake and SumLens agree (a silent cut shows).
 */
export function promptTokensOf(body: any): number {
  const messages: Array<{ content?: unknown }> = Array.isArray(body?.messages) ? body.messages : [];
  return messages.reduce(
    (sum, m) => sum + estimateTokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')) + MESSAGE_OVERHEAD_TOKENS,
    0,
  );
}

/** A completion sent as server-sent events, one chunk per token (or per answer without logprobs), usage last. */
function sendStream(res: http.ServerResponse, whole: any): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const write = (chunk: unknown) =>
    res.write(`data: ${JSON.stringify({ id: whole.id, object: 'chat.completion.chunk', model: whole.model, ...(chunk as object) })}\n\n`);
  for (const choice of whole.choices) {
    const tokens: any[] | undefined = choice.logprobs?.content ?? undefined;
    const pieces = tokens?.length
      ? tokens.map((t) => ({ content: t.token, logprobs: { content: [t] } }))
      : [{ content: choice.message.content ?? '', logprobs: null }];
    for (const piece of pieces) write({ choices: [{ index: choice.index, delta: { content: piece.content }, logprobs: piece.logprobs, finish_reason: null }] });
    write({ choices: [{ index: choice.index, delta: {}, finish_reason: choice.finish_reason }] });
  }
  write({ choices: [], usage: whole.usage });
  res.end('data: [DONE]\n\n');
}

function sendJson(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Shorthand: one choice per text. */
export function textReply(...texts: string[]): FakeReply {
  return { choices: texts.map((text) => ({ text })) };
}

/**
 * A score reply whose first token carries a distribution over score values,
 * e.g. scoreReply('4', { '4': 0.6, '3': 0.3, '5': 0.1 }).
 */
export function scoreReply(token: string, probabilities: Record<string, number>): FakeReply {
  const top = Object.fromEntries(Object.entries(probabilities).map(([t, p]) => [t, Math.log(p)]));
  return { choices: [{ text: token, tokens: [{ token, logprob: top[token] ?? 0, top }] }] };
}
