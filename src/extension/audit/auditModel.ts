/**
 * The engine's audit as the panel's model: undefined numbers (a cell with no pair, a shift
 * too few pairs cannot detect) become null, and each probe carries its verdict (or why it was
 * not audited) and its example change, before and after, with the changed spans. The notes on
 * the level and the resampling come worded by the engine.
 */
import type { AuditReport } from '../../core/audit/auditStats';
import type { AuditRun } from '../../core/audit/runAudit';
import type { PanelAudit } from '../webview/datasetSchemas';

const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function auditModel(
  run: AuditRun,
  report: AuditReport,
  context: { model: string; prompts: string; levelNote: string; resamplingNote: string },
): PanelAudit {
  return {
    items: run.items,
    method: run.method,
    task: run.task,
    prompts: context.prompts,
    model: context.model,
    summary: report.summary,
    biased: report.probes.some((p) => p.violated),
    alpha: report.alpha,
    levelNote: context.levelNote,
    resamplingNote: context.resamplingNote,
    nothingAudited: report.nothingAudited,
    failed: run.failed,
    cancelled: run.cancelled,
    // The audit file's fields (auditReportShapes.ts), each number that could not be computed null.
    cells: report.cells.map((c) => ({
      probe: c.probe,
      aspect: c.aspect,
      n: c.n,
      meanDifference: defined(c.meanDifference),
      interval: { low: defined(c.interval.low), high: defined(c.interval.high) },
      pValue: defined(c.pValue),
      pHolm: defined(c.pHolm),
      pairsNeeded: c.pairsNeeded,
      detectable: defined(c.detectable),
      delta: c.delta,
      verdict: c.verdict,
    })),
    probes: report.probes.map((p) => {
      const example = run.examples[p.probe];
      return {
        probe: p.probe,
        change: p.change,
        fair: p.fair,
        violatedMeans: p.violatedMeans,
        pairs: p.pairs,
        skipped: p.skipped,
        violated: p.violated,
        verdict: p.verdict,
        ...(p.notAudited ? { notAudited: p.notAudited } : {}),
        ...(example
          ? {
              example: {
                key: example.key,
                before: example.before,
                after: example.copy.text,
                spans: example.copy.spans,
                ...(example.copy.note ? { note: example.copy.note } : {}),
              },
            }
          : {}),
      };
    }),
  };
}
