/**
 * The audit as a file: what `sumlens audit --format json` prints, read back (validated) by
 * `sumlens report --audit FILE` to put the audit into a report.
 */
import * as z from 'zod';
import { readWrittenJson } from '../jsonFile';
import type { AuditReport } from './auditStats';
import type { AuditRun } from './runAudit';
import { auditCellShape, probeVerdictShape } from './auditReportShapes';

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
    tested: z.number().int().nonnegative(),
    level: z.number(),
    pairsNeeded: z.number().int().positive(),
    resampling: z.object({ bootstrapResamples: z.number().int(), signFlips: z.number().int(), exactUpTo: z.number().int(), seed: z.number() }),
    summary: z.string(),
    cells: z.array(z.looseObject(auditCellShape)),
    probes: z.array(z.looseObject({ ...probeVerdictShape, skipReasons: z.record(z.string(), z.number()) })),
  }),
});

export interface AuditFile {
  prompts: 'plain' | 'fenced';
  run: AuditRun;
  report: AuditReport;
}

export function readAuditFile(path: string): AuditFile {
  const data = readWrittenJson(path, AuditFileSchema, { what: 'an audit', command: 'sumlens audit --format json' }) as AuditFile;
  return { prompts: data.prompts, run: data.run, report: data.report };
}
