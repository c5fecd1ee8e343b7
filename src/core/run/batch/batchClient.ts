/**
 * The OpenAI Batch API through the `openai` client: upload a JSONL of chat requests, create a
 * batch, poll it, download its output. Each output line is validated; lines map back to the
 * requests by `custom_id`.
 */
import OpenAI, { toFile } from 'openai';
import * as z from 'zod';
import { SumLensError } from '../../errors';

export interface BatchRequestLine {
  custom_id: string;
  method: 'POST';
  url: '/v1/chat/completions';
  body: Record<string, unknown>;
}

const OutputLineSchema = z.object({
  custom_id: z.string(),
  response: z.object({ status_code: z.number(), body: z.unknown() }).nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

export type BatchOutputLine = z.infer<typeof OutputLineSchema>;

export type BatchStatus = OpenAI.Batches.Batch['status'];

export interface BatchProgress {
  id: string;
  status: BatchStatus;
  completed: number;
  failed: number;
  total: number;
  outputFileId?: string;
  errorFileId?: string;
  errors?: string;
}

const TERMINAL: ReadonlySet<BatchStatus> = new Set(['completed', 'failed', 'expired', 'cancelled']);

export function isTerminal(status: BatchStatus): boolean {
  return TERMINAL.has(status);
}

export class BatchClient {
  private readonly client: OpenAI;

  constructor(options: { baseURL: string; apiKey?: string; timeoutMs?: number }) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      // Local servers ignore the key, but the SDK refuses to start without one.
      apiKey: options.apiKey || 'no-key',
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: 3,
    });
  }

  /** Uploads the requests and creates the batch; returns the batch id. */
  async submit(lines: readonly BatchRequestLine[], signal?: AbortSignal): Promise<string> {
    const jsonl = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
    const file = await this.client.files.create({ file: await toFile(Buffer.from(jsonl, 'utf8'), 'sumlens-batch.jsonl'), purpose: 'batch' }, { signal });
    const batch = await this.client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' }, { signal });
    return batch.id;
  }

  async status(batchId: string, signal?: AbortSignal): Promise<BatchProgress> {
    const batch = await this.client.batches.retrieve(batchId, { signal });
    const counts = batch.request_counts;
    return {
      id: batch.id,
      status: batch.status,
      completed: counts?.completed ?? 0,
      failed: counts?.failed ?? 0,
      total: counts?.total ?? 0,
      outputFileId: batch.output_file_id ?? undefined,
      errorFileId: batch.error_file_id ?? undefined,
      errors: batch.errors?.data?.map((e) => e.message).join('; ') || undefined,
    };
  }

  /** The output (or error) file's lines, validated. */
  async download(fileId: string, signal?: AbortSignal): Promise<BatchOutputLine[]> {
    const response = await this.client.files.content(fileId, { signal });
    const text = await response.text();
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, i) => {
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          throw new SumLensError('invalid-reply', `batch file ${fileId} line ${i + 1} is not JSON`);
        }
        const parsed = OutputLineSchema.safeParse(json);
        if (!parsed.success) {
          throw new SumLensError('invalid-reply', `batch file ${fileId} line ${i + 1}: ${z.prettifyError(parsed.error)}`);
        }
        return parsed.data;
      });
  }
}
