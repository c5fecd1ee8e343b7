/**
 * A pairwise run file: JSON lines, a header (what was asked: judges, aspects, orders, seed,
 * the templates' hashes) and one record per pair and judge holding every aspect's verdicts
 * per order, as asked. A run given the same file goes on where it stopped: pairs already
 * recorded are not asked again; a header that differs (another judge, other aspects, other
 * templates) is refused rather than mixed. A last line cut by a killed run is dropped.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../errors';

const ProvenanceSchema = z.object({
  route: z.enum(['logprobs', 'sampling']),
  why: z.string(),
  samples: z.number().optional(),
  standardError: z.number().optional(),
  validMass: z.number(),
  fallbacks: z.array(z.string()).optional(),
});
const Verdict = z.enum(['A', 'B', 'tie']);

const OrderAnswerSchema = z.object({
  first: z.enum(['A', 'B']),
  pA: z.number(),
  pB: z.number(),
  pTie: z.number(),
  verdict: Verdict,
  margin: z.number(),
  provenance: ProvenanceSchema,
  answers: z.array(z.string()).optional(),
});

export const AspectComparisonSchema = z.object({
  aspect: z.string(),
  orders: z.array(OrderAnswerSchema).min(1).max(2),
  pA: z.number(),
  pB: z.number(),
  pTie: z.number(),
  verdict: Verdict,
  inconsistent: z.boolean(),
});

export const PairRecordSchema = z.object({
  doc: z.string(),
  a: z.string(),
  b: z.string(),
  judge: z.string(),
  lengthA: z.number().int(),
  lengthB: z.number().int(),
  comparisons: z.array(AspectComparisonSchema).optional(),
  failure: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type PairRecord = z.infer<typeof PairRecordSchema>;

export const PairwiseHeaderSchema = z.object({
  sumlens: z.literal('pairwise'),
  format: z.literal(1),
  judges: z.array(z.object({ name: z.string(), endpoint: z.string(), model: z.string() })),
  aspects: z.array(z.string()),
  orders: z.enum(['both', 'one', 'adaptive']),
  adaptiveMargin: z.number().optional(),
  seed: z.number(),
  route: z.string(),
  templates: z.record(z.string(), z.string()),
});
export type PairwiseHeader = z.infer<typeof PairwiseHeaderSchema>;

export const recordKey = (r: Pick<PairRecord, 'doc' | 'a' | 'b' | 'judge'>) => `${r.doc}\u0000${r.a}\u0000${r.b}\u0000${r.judge}`;

/** A run file's lines checked: its header, its records, and the good lines (a cut last line left out). */
function parseRunFile(path: string): { header: PairwiseHeader; records: PairRecord[]; kept: string[]; cut: boolean } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const first = PairwiseHeaderSchema.safeParse(safeJson(lines[0]));
  if (!first.success) throw new SumLensError('usage', `${path} is not a pairwise run file (its first line is not one's header)`);
  const records: PairRecord[] = [];
  const kept: string[] = [lines[0]];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const parsed = PairRecordSchema.safeParse(safeJson(lines[i]));
    if (!parsed.success) {
      // The last line of a killed run, cut short: dropped, its pair asked again.
      if (i === lines.length - 1) return { header: first.data, records, kept, cut: true };
      throw new SumLensError('bad-input', `${path}:${i + 1}: not a pair record (${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message})`);
    }
    records.push(parsed.data);
    kept.push(lines[i]);
  }
  return { header: first.data, records, kept, cut: false };
}

/** Opens `path` for `header`: the records already done (failed ones are asked again), or a new file. */
export function openPairwiseRun(path: string, header: PairwiseHeader): PairRecord[] {
  if (!existsSync(path)) {
    writeFileSync(path, JSON.stringify(header) + '\n');
    return [];
  }
  const run = parseRunFile(path);
  if (JSON.stringify(run.header) !== JSON.stringify(header))
    throw new SumLensError('usage', `${path} was run with other settings (judges, aspects, orders, seed or templates); give another --out`);
  if (run.cut) writeFileSync(path, run.kept.join('\n') + '\n');
  return run.records.filter((r) => r.comparisons !== undefined);
}

/** A run file as it stands, to report on (the editor opens one made by `--out`): its header and every record, failed ones too. */
export function readPairwiseRun(path: string): { header: PairwiseHeader; records: PairRecord[] } {
  const { header, records } = parseRunFile(path);
  return { header, records };
}

function safeJson(line: string | undefined): unknown {
  try {
    return JSON.parse(line ?? '');
  } catch {
    return undefined;
  }
}

export function appendPairRecord(path: string, record: PairRecord): void {
  appendFileSync(path, JSON.stringify(record) + '\n');
}
