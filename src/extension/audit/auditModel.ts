/**
 * The engine's audit as the panel's model: undefined numbers (a cell with no pair) become null,
 * and each probe carries its example change, before and after, with the changed spans.
 */
import type { AuditReport } from '../../core/audit/auditStats';
import type { AuditRun } from '../../core/audit/runAudit';
import type { PanelAudit } from '../webview/protocol';

const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function auditModel(run: AuditRun, report: AuditReport, context: { model: string; prompts: string }): PanelAudit {
  return {
    items: run.items,
    method: run.method,
    task: run.task,
    prompts: context.prompts,
    model: context.model,
    summary: report.summary,
    biased: report.probes.some((p) => p.violated),
    alpha: report.alpha,
    failed: run.failed,
    cancelled: run.cancelled,
    cells: report.cells.map((c) => ({
      probe: c.probe,
      aspect: c.aspect,
      n: c.n,
      difference: defined(c.meanDifference),
      low: defined(c.interval.low),
      high: defined(c.interval.high),
      pValue: defined(c.pValue),
      pHolm: defined(c.pHolm),
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
        ...(example ? { example: { key: example.key, before: example.before, after: example.copy.text, spans: example.copy.spans, ...(example.copy.note ? { note: example.copy.note } : {}) } } : {}),
      };
    }),
  };
}
