/**
 * The audit as a file: what `sumlens audit --format json` prints, read back (validated) by
 * `sumlens report --audit FILE` to put the audit into a report.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { SumLensError } from '../errors';
import type { AuditReport } from './auditStats';
import type { AuditRun } from './runAudit';

const SpanSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
const CopySchema = z.looseObject({ probe: z.string(), text: z.string(), spans: z.array(SpanSchema), note: z.string().optional() });

const AuditFileSchema = z.object({
  prompts: z.enum(['plain', 'fenced']),
  run: z.looseObject({
    method: z.string(),
    task: z.string(),
    items: z.number().int().nonnegative(),
    examples: z.record(z.string(), z.object({ key: z.string(), before: z.string(), copy: CopySchema })),
  }),
  report: z.looseObject({
    alpha: z.number(),
    seed: z.number(),
    summary: z.string(),
    cells: z.array(
      z.looseObject({
        probe: z.string(),
        aspect: z.string(),
        n: z.number(),
        meanDifference: z.number().nullable(),
        interval: z.object({ low: z.number().nullable(), high: z.number().nullable() }),
        pValue: z.number().nullable(),
        pHolm: z.number().nullable(),
        verdict: z.enum(['ok', 'violated', 'none']),
      }),
    ),
    probes: z.array(z.looseObject({ probe: z.string(), change: z.string(), fair: z.string(), violatedMeans: z.string(), pairs: z.number(), skipped: z.number(), violated: z.boolean() })),
  }),
});

export interface AuditFile {
  prompts: 'plain' | 'fenced';
  run: AuditRun;
  report: AuditReport;
}

/** JSON writes NaN as null: read it back as NaN, so the formatters print "—". */
function nullsToNaN(value: unknown): unknown {
  if (value === null) return NaN;
  if (Array.isArray(value)) return value.map(nullsToNaN);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, nullsToNaN(v)]));
  return value;
}

export function readAuditFile(path: string): AuditFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SumLensError('bad-input', `${path}: cannot read an audit (${(error as Error).message}); write one with sumlens audit --format json > FILE`);
  }
  const parsed = AuditFileSchema.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${path} is not an audit from sumlens audit --format json: ${z.prettifyError(parsed.error)}`);
  return { prompts: parsed.data.prompts, run: nullsToNaN(parsed.data.run) as AuditRun, report: nullsToNaN(parsed.data.report) as AuditReport };
}
