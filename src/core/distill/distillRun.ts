/**
 * `sumlens distill`: the training triples of reason-grounded evaluation (Tanaka's thesis) for
 * fine-tuning a small judge elsewhere. Per
 * item: the question (the choice's question, Appendix A), K reasons from the configured judge
 * (fsv1 or fsv2 examples, the thesis's settings) and the answer from the human scores; one line per
 * reason, with the item's split (by document). Lines are appended per item, so a stopped run
 * resumes where it stopped; the reasons come through the answer cache like every call.
 */
import { setMaxListeners } from 'node:events';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import * as z from 'zod';
import { isCancellation, SumLensError, type ErrorCode } from '../errors';
import type { Dataset } from '../datasets/dataset';
import { datasetItemInput } from '../run/benchPlan';
import { estimateTokens } from '../llm/tokenCount';
import type { LlmSession } from '../llm/types';
import type { ReasonExamples } from '../result';
import { loadCatalogue } from '../choose/catalogue';
import { choosePrompts } from '../choose/choosePrompts';
import { REASON_SETTINGS, writeReasons } from '../choose/writeReasons';
import { documentSplit, type Split } from './documentSplit';
import { distillAspects, humanAnswer } from './humanAnswer';

export const TripleSchema = z.strictObject({
  key: z.string(),
  split: z.enum(['train', 'validation']),
  question: z.string(),
  reason: z.string(),
  answer: z.string(),
  examples: z.enum(['fsv1', 'fsv2']),
});
export type Triple = z.infer<typeof TripleSchema>;

export interface DistillOptions {
  dataset: Dataset;
  out: string;
  examples: ReasonExamples;
  reasonsK: number;
  limit?: number;
  promptOverrideDir?: string;
  session: LlmSession;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export interface DistillSummary {
  items: number;
  alreadyDone: number;
  written: number;
  triples: Record<Split, number>;
  itemsBySplit: Record<Split, number>;
  failed: { key: string; message: string }[];
  cancelled: boolean;
}

/** The items whose triples the file already holds (each line checked). */
function doneKeys(out: string): Set<string> {
  if (!existsSync(out)) return new Set();
  const keys = new Set<string>();
  readFileSync(out, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new SumLensError('bad-input', `${out}:${i + 1}: not JSON; not a distill file?`);
      }
      const parsed = TripleSchema.safeParse(json);
      if (!parsed.success) throw new SumLensError('bad-input', `${out}:${i + 1}: not a distill triple: ${z.prettifyError(parsed.error).split('\n')[0]}`);
      keys.add(parsed.data.key);
    });
  return keys;
}

const RUN_LEVEL: readonly ErrorCode[] = ['no-api-key', 'unreachable', 'auth', 'model-not-found', 'template', 'usage', 'bad-input'];

/** The task a set's questions are asked in: Topical-Chat's responses are dialogue, SummEval's summaries summarisation. */
export function distillTask(dataset: Dataset): 'dialogue' | 'summarization' {
  return dataset.kind === 'topical_chat' ? 'dialogue' : 'summarization';
}

/** Prompt tokens, at about four characters a token, and the most completion tokens, for --dry-run. */
export function distillEstimate(options: Omit<DistillOptions, 'session' | 'out'>): { calls: number; promptTokens: number; completionTokens: number } {
  const catalogue = loadCatalogue(options.promptOverrideDir);
  const task = distillTask(options.dataset);
  const items = options.limit !== undefined ? options.dataset.items.slice(0, options.limit) : options.dataset.items;
  let promptTokens = 0;
  for (const item of items)
    promptTokens += estimateTokens(choosePrompts(datasetItemInput(item, task), catalogue, { overrideDir: options.promptOverrideDir }).reason(options.examples));
  return { calls: items.length, promptTokens, completionTokens: items.length * options.reasonsK * REASON_SETTINGS.maxTokens };
}

export async function distill(options: DistillOptions): Promise<DistillSummary> {
  const { dataset } = options;
  distillAspects(dataset.kind);
  const split = documentSplit(dataset.items, dataset.kind);
  const items = options.limit !== undefined ? dataset.items.slice(0, options.limit) : dataset.items;
  const done = doneKeys(options.out);
  const catalogue = loadCatalogue(options.promptOverrideDir);
  const task = distillTask(dataset);
  const summary: DistillSummary = {
    items: items.length,
    alreadyDone: 0,
    written: 0,
    triples: { train: 0, validation: 0 },
    itemsBySplit: { train: 0, validation: 0 },
    failed: [],
    cancelled: false,
  };
  for (const item of items) summary.itemsBySplit[split.get(item.group) ?? 'train']++;
  const todo = items.filter((item) => !done.has(item.key));
  summary.alreadyDone = items.length - todo.length;

  // A run-level error (key, endpoint, template) stops the other items at once.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Every request in flight listens to it; the session bounds how many there are.
  setMaxListeners(0, signal);
  // At the spending limit no new item starts and the requests already sent finish (their
  // items are written); the run then ends with the limit's error.
  let stoppedBy: SumLensError | undefined;
  await Promise.all(
    todo.map(async (item) => {
      if (signal.aborted || stoppedBy) return;
      try {
        const prompts = choosePrompts(datasetItemInput(item, task), catalogue, { overrideDir: options.promptOverrideDir });
        const { texts } = await writeReasons(options.session, prompts.reason(options.examples), options.reasonsK, signal);
        const side = split.get(item.group) ?? 'train';
        const answer = humanAnswer(item, dataset.kind);
        // One append per item: a stopped run never leaves an item half written.
        const lines = texts.map((reason) =>
          JSON.stringify({ key: item.key, split: side, question: prompts.question, reason, answer, examples: options.examples } satisfies Triple),
        );
        appendFileSync(options.out, lines.join('\n') + '\n');
        summary.triples[side] += texts.length;
        summary.written++;
      } catch (error) {
        if (isCancellation(error) || signal.aborted) return;
        if (error instanceof SumLensError && error.code === 'budget-exceeded') {
          stoppedBy ??= error;
          return;
        }
        if (!(error instanceof SumLensError) || RUN_LEVEL.includes(error.code)) {
          stop.abort();
          throw error;
        }
        summary.failed.push({ key: item.key, message: error.message });
      } finally {
        options.onProgress?.(summary.written + summary.failed.length, todo.length);
      }
    }),
  );
  if (stoppedBy) throw stoppedBy;
  summary.cancelled = options.signal?.aborted ?? false;
  return summary;
}
