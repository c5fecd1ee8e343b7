/**
 * Files and Batches endpoints for the fake OpenAI server: POST /v1/files (multipart upload),
 * POST /v1/batches, GET /v1/batches/:id, GET /v1/files/:id/content. Each batched request is
 * answered by POSTing it to the same fake server's /v1/chat/completions, so it goes through
 * the very same scripted handler (queue, handler, latency, 429s) as a live call.
 */
import type * as http from 'node:http';
import type { FakeOpenAiServer, RecordedRequest } from './openaiServer';

export interface FakeBatchOptions {
  /** Status polls a batch answers "in_progress" before it completes (default 1). */
  pollsBeforeDone?: number;
  /** While true, batches stay "in_progress" (to test a restart that resumes polling). */
  hold?: boolean;
}

interface FakeBatch {
  id: string;
  input_file_id: string;
  status: 'validating' | 'in_progress' | 'completed' | 'failed';
  output_file_id?: string;
  polls: number;
  total: number;
  completed: number;
  failed: number;
  /** Resolves once every line has been answered. */
  work?: Promise<void>;
}

export class FakeBatchApi {
  readonly files = new Map<string, { filename: string; purpose: string; content: string }>();
  readonly batches = new Map<string, FakeBatch>();
  private nextId = 1;

  constructor(
    private readonly server: FakeOpenAiServer,
    readonly options: FakeBatchOptions = {},
  ) {
    server.mount((request, response, rawBody) => this.route(request, response, rawBody));
  }

  /** Batches created so far, in order. */
  get created(): FakeBatch[] {
    return [...this.batches.values()];
  }

  private async route(request: RecordedRequest, response: http.ServerResponse, rawBody: Buffer): Promise<boolean> {
    const path = request.path.replace(/\?.*$/, '');
    if (request.method === 'POST' && /\/files$/.test(path)) return this.upload(request, response, rawBody);
    const content = /\/files\/([^/]+)\/content$/.exec(path);
    if (request.method === 'GET' && content) {
      const file = this.files.get(content[1]);
      if (!file) return send(response, 404, { error: { message: `no file ${content[1]}` } });
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(file.content);
      return true;
    }
    if (request.method === 'POST' && /\/batches$/.test(path)) return this.create(request, response);
    const batchMatch = /\/batches\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && batchMatch) return this.retrieve(batchMatch[1], response);
    return false;
  }

  private upload(request: RecordedRequest, response: http.ServerResponse, rawBody: Buffer): boolean {
    const parts = parseMultipart(String(request.headers['content-type'] ?? ''), rawBody);
    const file = parts.find((p) => p.name === 'file');
    if (!file) return send(response, 400, { error: { message: 'no file part' } });
    const id = `file-${this.nextId++}`;
    const purpose = parts.find((p) => p.name === 'purpose')?.content.toString('utf8') ?? '';
    this.files.set(id, { filename: file.filename ?? 'upload', purpose, content: file.content.toString('utf8') });
    return send(response, 200, {
      id,
      object: 'file',
      bytes: file.content.length,
      created_at: 0,
      filename: file.filename ?? 'upload',
      purpose,
      status: 'processed',
    });
  }

  private create(request: RecordedRequest, response: http.ServerResponse): boolean {
    const inputId = (request.body as { input_file_id?: string })?.input_file_id ?? '';
    const input = this.files.get(inputId);
    if (!input) return send(response, 400, { error: { message: `no input file ${inputId}` } });
    const lines = input.content.split('\n').filter((l) => l.trim() !== '');
    const batch: FakeBatch = {
      id: `batch_${this.nextId++}`,
      input_file_id: inputId,
      status: 'in_progress',
      polls: 0,
      total: lines.length,
      completed: 0,
      failed: 0,
    };
    batch.work = this.process(batch, lines);
    this.batches.set(batch.id, batch);
    return send(response, 200, batchJson(batch));
  }

  private async retrieve(id: string, response: http.ServerResponse): Promise<boolean> {
    const batch = this.batches.get(id);
    if (!batch) return send(response, 404, { error: { message: `no batch ${id}` } });
    batch.polls++;
    if (!this.options.hold && batch.polls > (this.options.pollsBeforeDone ?? 1)) await batch.work;
    const done = !this.options.hold && batch.polls > (this.options.pollsBeforeDone ?? 1);
    return send(response, 200, batchJson(batch, done));
  }

  /** Answers every line through the fake server's own chat route, then writes the output file. */
  private async process(batch: FakeBatch, lines: string[]): Promise<void> {
    const outputs = await Promise.all(
      lines.map(async (line) => {
        const request = JSON.parse(line) as { custom_id: string; body: unknown };
        const reply = await fetch(`${this.server.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
        });
        const body: unknown = await reply.json();
        if (reply.status === 200) batch.completed++;
        else batch.failed++;
        return JSON.stringify({
          id: `batch_req_${batch.id}_${request.custom_id}`,
          custom_id: request.custom_id,
          response: { status_code: reply.status, request_id: 'fake', body },
          error: null,
        });
      }),
    );
    const outputId = `file-${this.nextId++}`;
    this.files.set(outputId, { filename: `${batch.id}_output.jsonl`, purpose: 'batch_output', content: outputs.join('\n') + '\n' });
    batch.output_file_id = outputId;
  }
}

function batchJson(batch: FakeBatch, done = false): unknown {
  return {
    id: batch.id,
    object: 'batch',
    endpoint: '/v1/chat/completions',
    input_file_id: batch.input_file_id,
    completion_window: '24h',
    created_at: 0,
    status: done ? 'completed' : batch.status,
    output_file_id: done ? batch.output_file_id : null,
    error_file_id: null,
    request_counts: { total: batch.total, completed: batch.completed, failed: batch.failed },
  };
}

interface Part {
  name?: string;
  filename?: string;
  content: Buffer;
}

/** Just enough multipart/form-data for the SDK's file upload. */
function parseMultipart(contentType: string, body: Buffer): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLF after delimiter and before next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      parts.push({
        name: /name="([^"]*)"/.exec(headers)?.[1],
        filename: /filename="([^"]*)"/.exec(headers)?.[1],
        content: chunk.subarray(headerEnd + 4),
      });
    }
    start = next;
  }
  return parts;
}

function send(response: http.ServerResponse, status: number, payload: unknown): true {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(payload));
  return true;
}
