/**
 * The matrix's description of file arguments: for every command of src/cli/commandTable.ts,
 * every option or argument that names a file or folder, as its --help spells it ("--data",
 * "<run>"). A file the command reads is a Place: how to call the command with a bad file
 * there (every other file good), in each form the command reads it (a table as JSONL, CSV or
 * a JSON array). Anything else (a file written, a folder, a name) says in words why it is not
 * in the matrix. badInput.test.ts fails for a command, option or argument missing here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildReview, reviewAspect, writeReview } from '../../../../src/core/review/createReview';
import { writeRun } from '../../../fixtures/run/makeRun';
import type { Reading } from './badFiles';

/** Files that read well, for the other places of a call. */
export interface GoodFiles {
  dir: string;
  source: string;
  summary: string;
  data: string;
  judges: string;
  calibration: string;
  dataset: string;
  run: string;
  ratings: string;
  table: string;
  /** A review folder (sumlens review) of data's items, rated by ann and bob. */
  review: string;
}

export interface Variant {
  /** The bad file's extension: a command may tell the format by it. */
  ext: string;
  reading: Reading;
  args: (bad: string, good: GoodFiles) => string[];
}

export interface Place {
  /** What the file holds. */
  holds: 'text' | 'table' | 'run file' | 'ratings' | 'calibration map' | 'judges file' | 'dataset' | 'references' | 'JSON from sumlens';
  variants: Variant[];
}

/** Per command: each file-like option or argument, a Place when read, else why it is not. */
export type FileArguments = Record<string, Record<string, Place | string>>;

const WRITTEN_RUN = 'written: the run file (one SumLens wrote is resumed, any other refused with exit 2, docs/cli.md)';
const PROMPTS = 'a folder of templates (a broken template is exit 12, test/e2e/cli/brokenTemplate.test.ts)';
const CACHE_DIR = 'a folder the answer cache is written to';
const REVIEW_DIR = 'a review folder (one without review.json is exit 8, test/e2e/cli/review.test.ts)';

const place = (holds: Place['holds'], ...variants: Variant[]): Place => ({ holds, variants });
const v = (ext: string, reading: Reading, args: Variant['args']): Variant => ({ ext, reading, args });

/** A table in each format readRows reads: JSONL and CSV streamed, a JSON array whole. */
const tableVariants = (args: Variant['args']): Variant[] => [v('.jsonl', 'streamed', args), v('.csv', 'streamed', args), v('.json', 'whole', args)];

export const FILE_ARGUMENTS: FileArguments = {
  eval: {
    '--source': place(
      'text',
      v('.txt', 'document', (bad, g) => ['eval', '--source', bad, '--summary', g.summary]),
    ),
    '--summary': place(
      'text',
      v('.txt', 'document', (bad, g) => ['eval', '--source', g.source, '--summary', bad]),
    ),
    '--reference': place(
      'text',
      v('.txt', 'document', (bad, g) => ['eval', '--source', g.source, '--summary', g.summary, '--reference', bad]),
    ),
    '--judges': place(
      'judges file',
      v('.yaml', 'document', (bad, g) => ['eval', '--source', g.source, '--summary', g.summary, '--judges', bad]),
    ),
    '--calibration': place(
      'calibration map',
      v('.json', 'whole', (bad, g) => ['eval', '--source', g.source, '--summary', g.summary, '--calibration', bad]),
    ),
    '--data': place(
      'table',
      ...tableVariants((bad, g) => ['eval', '--data', bad, '--out', path.join(g.dir, 'out', `${path.basename(bad)}.run.jsonl`)]),
      ...tableVariants((bad) => ['eval', '--data', bad, '--dry-run']),
    ),
    '--out': WRITTEN_RUN,
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  meta: {
    '--dataset': place(
      'dataset',
      v('.json', 'whole', (bad, g) => ['meta', '--dataset', bad, '--aspect', 'coherence', '--predictions', g.run]),
    ),
    '--predictions': place(
      'run file',
      v('.jsonl', 'whole', (bad, g) => ['meta', '--dataset', g.dataset, '--aspect', 'coherence', '--predictions', bad]),
    ),
  },
  replay: {
    '--results': place(
      'dataset',
      v('.json', 'whole', (bad) => ['replay', '--results', bad, '--aspect', 'coherence', '--scale', '1-5']),
    ),
  },
  bench: {
    '--dataset': place(
      'dataset',
      v('.json', 'whole', (bad, g) => ['bench', '--dataset', bad, '--dry-run', '--out', path.join(g.dir, 'out', 'bench.jsonl')]),
    ),
    '--references': place(
      'references',
      v('.json', 'whole', (bad, g) => [
        'bench',
        '--dataset',
        g.dataset,
        '--method',
        'fine',
        '--references',
        bad,
        '--dry-run',
        '--out',
        path.join(g.dir, 'out', 'bench-fine.jsonl'),
      ]),
    ),
    '--judges': place(
      'judges file',
      v('.yaml', 'document', (bad, g) => ['bench', '--dataset', g.dataset, '--judges', bad, '--dry-run', '--out', path.join(g.dir, 'out', 'bench-jury.jsonl')]),
    ),
    '--out': WRITTEN_RUN,
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  probe: {
    '--judges': place(
      'judges file',
      v('.yaml', 'document', (bad) => ['probe', '--judges', bad]),
    ),
    '--cache-dir': CACHE_DIR,
  },
  capabilities: {
    '--cache-dir': CACHE_DIR,
    '[reset]': 'a word, not a file: reset',
    '[endpoint]': 'an endpoint URL, not a file',
  },
  rescore: {
    '<run>': place(
      'run file',
      v('.jsonl', 'whole', (bad) => ['rescore', bad, '--threshold', '3']),
    ),
    '--out': 'written: the rescored run',
  },
  pairwise: {
    '--source': place(
      'text',
      v('.txt', 'document', (bad, g) => ['pairwise', '--source', bad, '--a', g.summary, '--b', g.summary, '--dry-run']),
    ),
    '--a': place(
      'text',
      v('.txt', 'document', (bad, g) => ['pairwise', '--source', g.source, '--a', bad, '--b', g.summary, '--dry-run']),
      ...tableVariants((bad, g) => ['pairwise', '--a', bad, '--b', g.data, '--dry-run']),
    ),
    '--b': place(
      'text',
      v('.txt', 'document', (bad, g) => ['pairwise', '--source', g.source, '--a', g.summary, '--b', bad, '--dry-run']),
      ...tableVariants((bad, g) => ['pairwise', '--a', g.data, '--b', bad, '--dry-run']),
    ),
    '--data': place('table', ...tableVariants((bad) => ['pairwise', '--data', bad, '--group', 'id', '--system', 'system', '--dry-run'])),
    '--preferences': place(
      'ratings',
      v('.jsonl', 'whole', (bad, g) => ['pairwise', '--source', g.source, '--a', g.summary, '--b', g.summary, '--preferences', bad, '--dry-run']),
    ),
    '--judges': place(
      'judges file',
      v('.yaml', 'document', (bad, g) => ['pairwise', '--source', g.source, '--a', g.summary, '--b', g.summary, '--judges', bad]),
    ),
    '--out': 'written: the pairwise run file (one sumlens pairwise wrote is resumed, any other refused with exit 2, docs/pairwise.md)',
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  audit: {
    '--data': place('table', ...tableVariants((bad) => ['audit', '--data', bad, '--dry-run'])),
    '--dataset': place(
      'dataset',
      v('.json', 'whole', (bad) => ['audit', '--dataset', bad, '--dry-run']),
    ),
    // Not with --dry-run: its estimate is for one model and does not read the jury.
    '--judges': place(
      'judges file',
      v('.yaml', 'document', (bad, g) => ['audit', '--data', g.data, '--judges', bad]),
    ),
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  agreement: {
    '<file>': place(
      'ratings',
      v('.jsonl', 'streamed', (bad) => ['agreement', bad]),
      ...tableVariants((bad) => ['agreement', bad, '--human', 'coherence=expert', '--judge', 'coherence=pred']),
    ),

    '--run': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['agreement', g.review, '--run', bad]),
    ),
  },
  calibrate: {
    '<ratings>': place(
      'ratings',
      v('.jsonl', 'streamed', (bad, g) => ['calibrate', bad, '--out', path.join(g.dir, 'out', 'map.json')]),
      ...tableVariants((bad, g) => [
        'calibrate',
        bad,
        '--human',
        'coherence=expert',
        '--judge',
        'coherence=pred',
        '--out',
        path.join(g.dir, 'out', 'map.json'),
      ]),
    ),
    '--run': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['calibrate', g.review, '--run', bad, '--out', path.join(g.dir, 'out', 'map.json')]),
    ),
    '--out': 'written: the calibration map',
  },
  review: {
    'create --data': place(
      'table',
      ...tableVariants((bad, g) => ['review', 'create', '--data', bad, '--raters', 'ann,bob', '--dir', path.join(g.dir, 'out', 'reviews')]),
    ),
    'create --a': place(
      'table',
      ...tableVariants((bad, g) => [
        'review',
        'create',
        '--pairwise',
        '--a',
        bad,
        '--b',
        g.data,
        '--raters',
        'ann,bob',
        '--dir',
        path.join(g.dir, 'out', 'reviews'),
      ]),
    ),
    'create --b': place(
      'table',
      ...tableVariants((bad, g) => [
        'review',
        'create',
        '--pairwise',
        '--a',
        g.data,
        '--b',
        bad,
        '--raters',
        'ann,bob',
        '--dir',
        path.join(g.dir, 'out', 'reviews'),
      ]),
    ),
    'create --dir': 'a folder the review is written to',
    'create --prompts': PROMPTS,
    'status <dir>': REVIEW_DIR,
    'status --data': place('table', ...tableVariants((bad, g) => ['review', 'status', g.review, '--data', bad])),
    'status --run': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['review', 'status', g.review, '--run', bad]),
    ),
    'import <dir>': REVIEW_DIR,
    'import <file>': place('table', ...tableVariants((bad, g) => ['review', 'import', g.review, '--rater', 'ann', bad])),
    'export <dir>': REVIEW_DIR,
    'export --run': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['review', 'export', g.review, '--run', bad, '--out', path.join(g.dir, 'out', 'export.jsonl')]),
    ),
    'export --out': 'written: the ratings file',
    'export --texts': "a folder the items' texts are written to",
  },
  compare: {
    '<runA>': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['compare', bad, g.run]),
      v('.jsonl', 'streamed', (bad) => ['compare', bad, '--by', 'system']),
    ),
    '[runB]': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['compare', g.run, bad]),
    ),
  },
  report: {
    '[run]': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['report', bad, '--md', path.join(g.dir, 'out', 'report.md')]),
    ),
    '[runB]': place(
      'run file',
      v('.jsonl', 'streamed', (bad, g) => ['report', g.run, bad, '--html', path.join(g.dir, 'out', 'report.html')]),
    ),
    '--audit': place(
      'JSON from sumlens',
      v('.json', 'whole', (bad, g) => ['report', '--audit', bad, '--md', path.join(g.dir, 'out', 'audit.md')]),
    ),
    '--cross': place(
      'JSON from sumlens',
      v('.json', 'whole', (bad, g) => ['report', '--cross', bad, '--md', path.join(g.dir, 'out', 'cross.md')]),
    ),
    '--alignment': place(
      'JSON from sumlens',
      v('.json', 'whole', (bad, g) => ['report', '--alignment', bad, '--md', path.join(g.dir, 'out', 'alignment.md')]),
    ),
    '--html': 'written: the HTML report',
    '--md': 'written: the Markdown report',
  },
  align: {
    '--data': place('table', ...tableVariants((bad) => ['align', '--data', bad, '--human', 'expert', '--dry-run'])),
    '--ratings': place(
      'ratings',
      v('.jsonl', 'streamed', (bad, g) => ['align', '--ratings', bad, '--texts', g.dir, '--dry-run']),
    ),
    '--texts': 'a folder whose files are searched for the rated sources and summaries',
    '--out': 'written: the adopted template (never over an existing file without --force)',
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  distill: {
    '--dataset': place(
      'dataset',
      v('.json', 'whole', (bad, g) => ['distill', '--dataset', bad, '--out', path.join(g.dir, 'out', 'triples.jsonl'), '--dry-run']),
    ),
    '--out': 'written: the triples, appended per item (a rerun resumes)',
    '--prompts': PROMPTS,
    '--cache-dir': CACHE_DIR,
  },
  datasets: {
    'get <name>': 'a dataset name from the registry, not a file',
    'get --dir': 'a folder the download is written to',
    'get --from': place(
      'dataset',
      v('.jsonl', 'checksummed', (bad, g) => ['datasets', 'get', 'longeval', '--from', bad, '--dir', path.join(g.dir, 'out', 'datasets')]),
    ),
    'path <name>': 'a dataset name from the registry, not a file',
  },
  mcp: {
    '--cache-dir': CACHE_DIR,
    '--workspace': 'a folder the tools read files from (one that is not a folder is exit 2, test/e2e/mcp/mcpErrors.test.ts)',
  },
  cache: {
    'stats --cache-dir': CACHE_DIR,
    'clear --cache-dir': CACHE_DIR,
  },
};

/** Writes the good files into `dir`; judges point at `baseUrl` with the key in JURY_KEY. */
export function writeGoodFiles(dir: string, baseUrl: string): GoodFiles {
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  fs.mkdirSync(path.join(dir, 'out'), { recursive: true });
  const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const items = [1, 2].flatMap((doc) =>
    ['s1', 's2'].map((system, k) => ({
      doc_id: `d${doc}`,
      system_id: system,
      source: `Article ${doc}: the council met on Monday and approved the budget.`,
      system_output: `The council approved budget ${doc} (${system}).`,
      scores: { coherence: 2 + k + doc / 2, consistency: 3 + k, fluency: 2, relevance: 3 + doc / 2 },
    })),
  );
  const run = path.join(dir, 'run.jsonl');
  writeRun(
    run,
    items.map((item, i) => ({ id: `${item.doc_id}-${item.system_id}`, system: item.system_id, scores: { coherence: 2 + (i % 3), relevance: 3 } })),
  );
  return {
    dir,
    source: file('source.txt', items[0].source),
    summary: file('summary.txt', items[0].system_output),
    data: file('data.jsonl', jsonl(items.map((item, i) => ({ id: i + 1, source: item.source, summary: item.system_output })))),
    judges: file('judges.yaml', `judges:\n  - { name: mini, baseUrl: ${baseUrl}, model: fake-model, apiKeyEnv: JURY_KEY }\n`),
    calibration: file(
      'calibration.json',
      JSON.stringify({ sumlens: 'calibration', version: 1, seed: 1, maps: [{ aspect: 'coherence', judge: 'judge', x: [1, 5], y: [1, 5] }] }),
    ),
    dataset: file('dataset.json', JSON.stringify(items)),
    run,
    ratings: file('ratings.jsonl', jsonl([1, 2, 3].map((k) => ({ aspect: 'coherence', person: k, judge: k + 0.5 })))),
    table: file('table.csv', 'id,expert,pred\n1,2,2.5\n2,4,3.5\n'),
    review: goodReview(dir, items),
  };
}

/** A review of the good items, ann and bob each scoring every item's coherence. */
function goodReview(dir: string, items: { source: string; system_output: string }[]): string {
  const texts = items.map((item, i) => ({ id: String(i + 1), source: item.source, summary: item.system_output }));
  const review = buildReview({
    name: 'good',
    created: '2026-01-01T00:00:00.000Z',
    data: { file: 'data.jsonl', sha256: '0'.repeat(64) },
    task: 'summarization',
    aspects: [reviewAspect('summarization', 'coherence')],
    raters: ['ann', 'bob'],
    perItem: 2,
    items: texts,
  });
  const at = path.join(dir, 'reviews', 'good');
  writeReview(at, review, texts);
  for (const [r, rater] of ['ann', 'bob'].entries()) {
    const lines = texts.map((t, i) =>
      JSON.stringify({ kind: 'rating', item: t.id, aspect: 'coherence', score: 1 + ((i + r) % 5), rater, at: '2026-01-01T00:00:00.000Z' }),
    );
    fs.writeFileSync(path.join(at, 'ratings', `${rater}.jsonl`), lines.join('\n') + '\n');
  }
  return at;
}
