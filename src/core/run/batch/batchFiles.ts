/**
 * What a batch run keeps next to its --out file, so a restart resumes instead of paying twice:
 * - `<out>.batch.json`: the batch in flight (its id and request ids), so a restart polls it
 *   instead of re-submitting;
 * - `<out>.batch-results.jsonl`: every successful response body by custom_id, appended as
 *   batches finish, so a restart answers those requests without sending them again.
 */
import { appendFileSync, existsSync, readFileSync, truncateSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../../errors';
import { writeFileAtomically } from '../../writeAtomically';

const StateSchema = z.object({
  version: z.literal(1),
  endpoint: z.string(),
  model: z.string(),
  inflight: z.object({ batchId: z.string(), submittedAt: z.string(), requests: z.array(z.string()) }).nullable(),
  finished: z.array(z.string()),
});

export type BatchState = z.infer<typeof StateSchema>;

const ResultLineSchema = z.object({ custom_id: z.string(), body: z.unknown() });

export function statePath(out: string): string {
  return `${out}.batch.json`;
}

export function resultsPath(out: string): string {
  return `${out}.batch-results.jsonl`;
}

export function readState(out: string, endpoint: string, model: string): BatchState {
  const path = statePath(out);
  if (!existsSync(path)) return { version: 1, endpoint, model, inflight: null, finished: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SumLensError('bad-input', `${path}: not JSON: ${(err as Error).message}`);
  }
  const parsed = StateSchema.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${path}: not a batch state file: ${z.prettifyError(parsed.error)}`);
  if (parsed.data.endpoint !== endpoint || parsed.data.model !== model) {
    throw new SumLensError('usage', `${path} belongs to a run against ${parsed.data.model} at ${parsed.data.endpoint}; use another --out or delete it`);
  }
  return parsed.data;
}

export function writeState(out: string, state: BatchState): void {
  writeFileAtomically(statePath(out), JSON.stringify(state, null, 2) + '\n');
}

/** Stored response bodies by custom_id; a torn last line (a killed run) is cut off. */
export function readResults(out: string): Map<string, unknown> {
  const path = resultsPath(out);
  const results = new Map<string, unknown>();
  if (!existsSync(path)) return results;
  const text = readFileSync(path, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end), 'utf8'));
  text
    .slice(0, end)
    .split('\n')
    .forEach((line, i) => {
      if (line === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new SumLensError('bad-input', `${path}:${i + 1}: not JSON`);
      }
      const parsed = ResultLineSchema.safeParse(json);
      if (!parsed.success) throw new SumLensError('bad-input', `${path}:${i + 1}: ${z.prettifyError(parsed.error)}`);
      results.set(parsed.data.custom_id, parsed.data.body);
    });
  return results;
}

export function appendResult(out: string, customId: string, body: unknown): void {
  appendFileSync(resultsPath(out), JSON.stringify({ custom_id: customId, body }) + '\n');
}
