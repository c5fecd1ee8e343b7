/**
 * One probe's verdict as an audit report gives it, declared once: read back from an audit file
 * (auditFile.ts) and by the panel (extension/webview/datasetSchemas.ts), each adding what only
 * it has. zod/mini, so the panel's bundle stays small; zod's classic objects take its fields too.
 */
import * as z from 'zod/mini';
import { PROBE_VERDICTS } from './verdicts';

export const probeVerdictShape = {
  probe: z.string(),
  change: z.string(),
  fair: z.string(),
  violatedMeans: z.string(),
  pairs: z.number(),
  skipped: z.number(),
  violated: z.boolean(),
  verdict: z.enum(PROBE_VERDICTS),
  /** Why the probe was not audited. */
  notAudited: z.optional(z.string()),
};
