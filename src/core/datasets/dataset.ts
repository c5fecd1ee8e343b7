/**
 * Readers for the human-annotated meta-evaluation datasets (../shared/datasets/README.md):
 * SummEval, Topical-Chat and QAGS in UniEval's item format, the same items with UniEval's
 * `predict_scores`, and G-Eval's results format (the items plus `prompt` and `all_responses`).
 * All are JSON arrays of one item shape, so one schema reads them all; the dataset kind is
 * told apart by shape. The long-document sets (LongEval, LongSciVerify) and JaFaithSum are JSON
 * lines of their own shapes (longEval.ts, longSciVerify.ts, jaFaithSum.ts), turned into the same
 * items; they have subsets (LongEval: pubmed, squality; JaFaithSum: its summarisers), chosen with
 * `subset`.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { readDataFile } from '../textInput';
import { longEval } from './longEval';
import { jaFaithSum } from './jaFaithSum';
import { longSciVerify } from './longSciVerify';

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

export type DatasetKind = 'summeval' | 'topical_chat' | 'qags' | 'longeval' | 'longsciverify' | 'jafaithsum' | 'generic';
export type Level = 'summary' | 'sample' | 'system';

export interface DatasetItem extends RawItem {
  /** Stable key by which a run file's records point back at this item (see itemKey). */
  key: string;
  /** Documents group items for the summary level: doc_id, or the dialogue history. */
  group: string;
  index: number;
  /** The part of a set this item belongs to (LongEval: pubmed or squality). */
  subset?: string;
}

export interface Dataset {
  path: string;
  kind: DatasetKind;
  items: DatasetItem[];
  /** The level the papers report for this dataset. */
  defaultLevel: Level;
  /** Human-scored aspects present on every item. */
  aspects: string[];
  /** Parts that may be measured alone, when the set has any. */
  subsets?: readonly string[];
  /** The part these items were narrowed to. */
  subset?: string;
  /** Why figures on these items are not comparable with published ones (SQuALITY's stand-in human score). */
  caveat?: string;
}

/** A set stored as JSON lines of its own shape, read into dataset items. */
export interface JsonLinesSet {
  kind: DatasetKind;
  /** Does a parsed first line have this set's fields? */
  recognises(line: Record<string, unknown>): boolean;
  /** Every line validated, as items (each with its subset). */
  items(text: string, path: string): (RawItem & { subset: string })[];
  subsets: readonly string[];
  /** The subsets' human scores are different measures: the whole file is not one set to correlate with. */
  subsetRequired: boolean;
  caveats: Partial<Record<string, string>>;
}

const JSON_LINES_SETS: readonly JsonLinesSet[] = [longEval, longSciVerify, jaFaithSum];

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
  // Wu et al. 2024 and LongDocFACTScore correlate over all summaries of the set pooled.
  if (kind === 'longeval' || kind === 'longsciverify' || kind === 'jafaithsum') return 'sample';
  if (kind === 'generic') {
    // Summary level only makes sense when documents have several scored outputs.
    return new Set(items.map((i) => i.group)).size < items.length && items[0].doc_id !== undefined ? 'summary' : 'sample';
  }
  return 'sample';
}

/** Keys, groups and positions for validated items, in file order. */
function keyed(raw: readonly RawItem[]): DatasetItem[] {
  const seen = new Map<string, number>();
  return raw.map((item, index): DatasetItem => {
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
}

function aspectsOf(raw: readonly RawItem[]): string[] {
  return Object.keys(raw[0].scores).filter((a) => raw.every((i) => a in i.scores));
}

export function parseDataset(json: unknown, path: string): Dataset {
  const parsed = DatasetSchema.safeParse(json);
  if (!parsed.success) {
    throw new SumLensError('bad-input', `${path}: not a meta-evaluation dataset: ${z.prettifyError(parsed.error)}`);
  }
  const raw = parsed.data;
  const items = keyed(raw);
  const kind = detectKind(raw);
  return { path, kind, items, defaultLevel: defaultLevelFor(kind, items), aspects: aspectsOf(raw) };
}

/** A JSON-lines file of a known long-document set, every item in it (no subset chosen yet). */
function parseJsonLinesSet(text: string, path: string): Dataset {
  let first: unknown;
  try {
    first = JSON.parse(text.replace(/^\uFEFF/, '').split('\n', 1)[0]);
  } catch {
    first = undefined;
  }
  const set = typeof first === 'object' && first !== null ? JSON_LINES_SETS.find((s) => s.recognises(first as Record<string, unknown>)) : undefined;
  if (!set) {
    throw new SumLensError(
      'bad-input',
      `${path}: not a meta-evaluation dataset: neither a JSON array of items nor LongEval, LongSciVerify or JaFaithSum JSON lines`,
    );
  }
  const raw = set.items(text, path);
  const items = keyed(raw);
  return { path, kind: set.kind, items, defaultLevel: defaultLevelFor(set.kind, items), aspects: aspectsOf(raw), subsets: set.subsets };
}

/** The whole file, every item, whatever its subsets: what a download is checked with. */
export function readDatasetFile(path: string): Dataset {
  const text = readDataFile(path, path);
  if (!/^\uFEFF?\s*\[/.test(text)) return parseJsonLinesSet(text, path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new SumLensError('bad-input', `${path}: not JSON: ${(err as Error).message}`);
  }
  return parseDataset(json, path);
}

/**
 * The items of one subset (`--subset`), or the whole set. A set whose subsets score people's
 * judgements differently (LongEval) must be narrowed to one; naming a subset of a set that
 * has none, or one it does not have, is a usage error.
 */
export function selectSubset(dataset: Dataset, subset: string | undefined): Dataset {
  const set = JSON_LINES_SETS.find((s) => s.kind === dataset.kind);
  if (subset === undefined) {
    if (set?.subsetRequired) {
      throw new SumLensError(
        'usage',
        `${dataset.path}: its subsets ${set.subsets.join(' and ')} have different human scores; choose one with --subset ${set.subsets.join('|')}`,
      );
    }
    return dataset;
  }
  if (!set || !dataset.subsets) throw new SumLensError('usage', `--subset ${subset}: ${dataset.path} has no subsets`);
  if (!dataset.subsets.includes(subset)) {
    throw new SumLensError('usage', `--subset ${subset}: ${dataset.path} has the subsets ${dataset.subsets.join(', ')}`);
  }
  const items = dataset.items.filter((item) => item.subset === subset);
  return { ...dataset, items, subset, caveat: set.caveats[subset] };
}

/** A dataset file, narrowed to `subset` when one is given (see selectSubset). */
export function readDataset(path: string, subset?: string): Dataset {
  return selectSubset(readDatasetFile(path), subset);
}
