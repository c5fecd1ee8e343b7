/**
 * Readers for the human-annotated meta-evaluation datasets (../shared/datasets/README.md):
 * SummEval, Topical-Chat and QAGS in UniEval's item format, the same items with UniEval's
 * `predict_scores`, and G-Eval's results format (the items plus `prompt` and `all_responses`).
 * All are JSON arrays of one item shape, so one schema reads them all; the dataset kind is
 * told apart by shape.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../errors';

const Id = z.union([z.string(), z.number()]);
const Scores = z.record(z.string(), z.number());

// Loose: other fields survive, so `--field NAME` can read any per-item prediction record.
const ItemSchema = z.looseObject({
  doc_id: Id.optional(),
  system_id: Id,
  source: z.string(),
  reference: z.string().optional(),
  system_output: z.string(),
  /** Topical-Chat: the knowledge fact the response should use. */
  context: z.string().optional(),
  scores: Scores,
  /** UniEval's result files. */
  predict_scores: Scores.optional(),
  /** G-Eval's results format. */
  prompt: z.string().optional(),
  all_responses: z.array(z.string()).optional(),
});

const DatasetSchema = z.array(ItemSchema).min(1, 'the dataset has no items');

export type RawItem = z.infer<typeof ItemSchema>;

export type DatasetKind = 'summeval' | 'topical_chat' | 'qags' | 'generic';
export type Level = 'summary' | 'sample' | 'system';

export interface DatasetItem extends RawItem {
  /** Stable key that bench output uses to point back at this item (see itemKey). */
  key: string;
  /** Documents group items for the summary level: doc_id, or the dialogue history. */
  group: string;
  index: number;
}

export interface Dataset {
  path: string;
  kind: DatasetKind;
  items: DatasetItem[];
  /** The level the papers report for this dataset. */
  defaultLevel: Level;
  /** Human-scored aspects present on every item. */
  aspects: string[];
}

/**
 * Item key: `doc_id|system_id` when there is a doc_id (SummEval, QAGS), else a hash of
 * (source, system_id, system_output) (Topical-Chat). The n-th repeat of a key gets `#n`, so
 * keys stay unique and stable as long as the file's item order is.
 */
export function baseKey(item: RawItem): string {
  if (item.doc_id !== undefined) return `${item.doc_id}|${item.system_id}`;
  const hash = createHash('sha256')
    .update(item.source)
    .update('\u0000')
    .update(String(item.system_id))
    .update('\u0000')
    .update(item.system_output)
    .digest('hex');
  return `h:${hash.slice(0, 20)}`;
}

function detectKind(items: RawItem[]): DatasetKind {
  if (items.every((i) => i.context !== undefined && i.doc_id === undefined)) return 'topical_chat';
  if (items.every((i) => i.doc_id !== undefined)) {
    const docs = new Set(items.map((i) => String(i.doc_id)));
    if (docs.size === items.length && items.every((i) => 'consistency' in i.scores)) return 'qags';
    if (docs.size < items.length && items.every((i) => 'coherence' in i.scores)) return 'summeval';
  }
  return 'generic';
}

function defaultLevelFor(kind: DatasetKind, items: DatasetItem[]): Level {
  if (kind === 'summeval') return 'summary';
  if (kind === 'generic') {
    // Summary level only makes sense when documents have several scored outputs.
    return new Set(items.map((i) => i.group)).size < items.length && items[0].doc_id !== undefined
      ? 'summary'
      : 'sample';
  }
  return 'sample';
}

export function parseDataset(json: unknown, path: string): Dataset {
  const parsed = DatasetSchema.safeParse(json);
  if (!parsed.success) {
    throw new SumLensError('bad-input', `${path}: not a meta-evaluation dataset: ${z.prettifyError(parsed.error)}`);
  }
  const raw = parsed.data;
  const seen = new Map<string, number>();
  const items = raw.map((item, index): DatasetItem => {
    const base = baseKey(item);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return {
      ...item,
      key: count === 1 ? base : `${base}#${count}`,
      group: item.doc_id !== undefined ? String(item.doc_id) : item.source,
      index,
    };
  });
  const kind = detectKind(raw);
  const aspects = Object.keys(raw[0].scores).filter((a) => raw.every((i) => a in i.scores));
  return { path, kind, items, defaultLevel: defaultLevelFor(kind, items), aspects };
}

export function readDataset(path: string): Dataset {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SumLensError('bad-input', `${path}: cannot read: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new SumLensError('bad-input', `${path}: not JSON: ${(err as Error).message}`);
  }
  return parseDataset(json, path);
}
