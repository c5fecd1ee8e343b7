/**
 * An audit report's cells and probe verdicts as JSON, declared once: read back from an audit
 * file (auditFile.ts) and by the panel (extension/webview/datasetSchemas.ts), each adding what
 * only it has. A number that could not be computed (a cell without pairs) is null. zod/mini,
 * so the panel's bundle stays small; zod's classic objects take these fields too.
 */
import * as z from 'zod/mini';
import { CELL_VERDICTS, PROBE_VERDICTS } from './verdicts';

const maybeNumber = z.nullable(z.number());

/** One probe × aspect: the paired change (changed − original), its interval, tests and verdict. */
export const auditCellShape = {
  probe: z.string(),
  aspect: z.string(),
  n: z.number(),
  meanDifference: maybeNumber,
  interval: z.object({ low: maybeNumber, high: maybeNumber }),
  pValue: maybeNumber,
  pHolm: maybeNumber,
  /** The fewest pairs with which the cell could reach significance after Holm. */
  pairsNeeded: z.number(),
  /** The smallest change its pairs could tell from 0 at Holm's level (null: none, too few pairs). */
  detectable: maybeNumber,
  /** A must-react cell's drop too small to matter: blind only when the whole interval is above −delta (absent in audits written before that rule). */
  delta: z.optional(maybeNumber),
  verdict: z.enum(CELL_VERDICTS),
};

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
