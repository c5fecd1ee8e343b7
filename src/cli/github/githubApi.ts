/**
 * One request to GitHub's REST API over Node's fetch, its reply validated with zod. Transient
 * failures (5xx, 429, a rate limit's 403, no connection) are retried with backoff, the server's
 * Retry-After honoured; what remains becomes a SumLensError whose code the error table maps to
 * an exit code. `status` keeps the HTTP status, so a caller can tell a 403 from a 401.
 */
import * as z from 'zod';
import { SumLensError, type ErrorCode } from '../../core/errors';
import { retryDelayMs, sleep, type RetryPolicy } from '../../core/llm/retry';

/** Two retries within about 3 s: a comment is not worth minutes of a job. */
export const githubRetryPolicy: RetryPolicy = { maxRetries: 2, baseDelayMs: 1_000, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

export class GitHubApiError extends SumLensError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: number | undefined,
  ) {
    super(code, message);
  }
}

export interface GitHubRequest<T> {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  token: string;
  body?: unknown;
  reply: z.ZodType<T>;
}

function codeOfStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'bad-input';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  return 'bad-request';
}

/** A 5xx, a 429, or a 403 that is GitHub's rate limit (x-ratelimit-remaining: 0) rather than a refusal. */
function transient(response: Response): boolean {
  return response.status >= 500 || response.status === 429 || (response.status === 403 && response.headers.get('x-ratelimit-remaining') === '0');
}

async function failureOf(response: Response, what: string): Promise<GitHubApiError> {
  const text = await response.text().catch(() => '');
  const parsed = z.object({ message: z.string() }).safeParse(safeJson(text));
  const detail = parsed.success ? parsed.data.message : text.slice(0, 200).replace(/\s+/g, ' ');
  return new GitHubApiError(codeOfStatus(response.status), `GitHub API ${what}: ${response.status}${detail ? ` ${detail}` : ''}`, response.status);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(request: GitHubRequest<unknown>): Promise<Response> {
  return fetch(request.url, {
    method: request.method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${request.token}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'sumlens',
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
}

export async function githubRequest<T>(request: GitHubRequest<T>, policy: RetryPolicy = githubRetryPolicy): Promise<T> {
  const what = `${request.method} ${new URL(request.url).pathname}`;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await send(request);
    } catch (error) {
      if (attempt < policy.maxRetries) {
        await sleep(retryDelayMs(attempt, policy));
        continue;
      }
      throw new GitHubApiError('unreachable', `GitHub API ${what}: cannot reach ${new URL(request.url).origin} (${(error as Error).message})`, undefined);
    }
    if (response.ok) return parseReply(response, request.reply, what);
    if (transient(response) && attempt < policy.maxRetries) {
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt, policy, response.headers));
      continue;
    }
    const failure = await failureOf(response, what);
    throw attempt > 0 ? new GitHubApiError(failure.code, `${failure.message} (after ${attempt + 1} attempts)`, failure.status) : failure;
  }
}

async function parseReply<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
  const parsed = schema.safeParse(safeJson(await response.text()));
  if (!parsed.success) throw new GitHubApiError('invalid-reply', `GitHub API ${what}: unexpected reply (${z.prettifyError(parsed.error)})`, response.status);
  return parsed.data;
}
