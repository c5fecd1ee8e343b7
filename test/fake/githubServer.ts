/**
 * A fake of the GitHub REST API on 127.0.0.1, for `compare --pr-comment` and the Action: the
 * issue-comment routes of one repository (list with pagination, create, edit), every request
 * recorded, and scripted failures (a status for the next requests, e.g. a fork token's 403 or
 * a 502). Tests point GITHUB_API_URL at `url`.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubRequestSeen {
  method: string;
  path: string;
  authorization?: string;
  body?: { body?: string };
}

export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
}

export class FakeGitHubServer {
  readonly requests: GitHubRequestSeen[] = [];
  readonly comments = new Map<number, FakeComment[]>();
  /** Statuses the next requests get instead of an answer, one each, in order (0: answered as usual). */
  failures: number[] = [];
  private nextId = 1000;

  private constructor(
    private readonly server: http.Server,
    readonly repository: string,
  ) {}

  static async start(repository = 'octo/summaries'): Promise<FakeGitHubServer> {
    const server = http.createServer();
    const fake = new FakeGitHubServer(server, repository);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Comments already on a pull request (another bot's, a person's). */
  addComment(pr: number, body: string): void {
    this.store(pr, body);
  }

  /** The requests that wrote: POST (create) and PATCH (edit). */
  writes(): GitHubRequestSeen[] {
    return this.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH');
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private store(pr: number, body: string): FakeComment {
    const id = this.nextId++;
    const comment = { id, body, html_url: `https://github.com/${this.repository}/pull/${pr}#issuecomment-${id}` };
    this.comments.set(pr, [...(this.comments.get(pr) ?? []), comment]);
    return comment;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    const failure = this.failures.shift();
    if (failure) return send(response, failure, { message: failure === 403 ? 'Resource not accessible by integration' : 'Server Error' });
    const prefix = `/repos/${this.repository}/issues/`;
    if (!url.pathname.startsWith(prefix)) return send(response, 404, { message: 'Not Found' });
    const rest = url.pathname.slice(prefix.length).split('/');
    if (rest.length === 2 && rest[1] === 'comments') return this.onPullRequest(Number(rest[0]), { method: request.method, url, text }, response);
    if (rest.length === 2 && rest[0] === 'comments' && request.method === 'PATCH') return this.onEdit(Number(rest[1]), text, response);
    send(response, 404, { message: 'Not Found' });
  }

  private onPullRequest(pr: number, { method, url, text }: { method?: string; url: URL; text: string }, response: http.ServerResponse): void {
    if (method === 'POST') return send(response, 201, this.store(pr, JSON.parse(text).body));
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    send(response, 200, (this.comments.get(pr) ?? []).slice((page - 1) * perPage, page * perPage));
  }

  private onEdit(id: number, text: string, response: http.ServerResponse): void {
    const comment = [...this.comments.values()].flat().find((c) => c.id === id);
    if (!comment) return send(response, 404, { message: 'Not Found' });
    comment.body = JSON.parse(text).body;
    send(response, 200, comment);
  }
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
