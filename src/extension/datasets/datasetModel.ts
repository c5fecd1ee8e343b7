/**
 * The engine's dataset-run figures as the panel's model: numbers that are not defined (a mean
 * over no scored item, an interval of one item) become null, never NaN or a made-up zero.
 */
import type { RunComparison } from '../../core/run/compareRuns';
import type { RunSummary } from '../../core/run/runItems';
import type { RunOverview } from '../../core/run/runOverview';
import type { PanelComparison, PanelDataset } from '../webview/datasetSchemas';
import { displayPath } from './runFolder';

const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function datasetModel(overview: RunOverview, summary?: RunSummary): PanelDataset {
  const { run } = overview;
  return {
    runFile: displayPath(run.path),
    runPath: run.path,
    data: displayPath(run.header.data),
    model: run.header.spec.judge.model,
    method: run.header.spec.method,
    aspects: run.aspects,
    rows: overview.rows.map((r) => ({
      aspect: r.aspect,
      ...(r.system !== undefined ? { system: r.system } : {}),
      scored: r.scored,
      unscored: r.unscored,
      mean: defined(r.mean),
      low: defined(r.interval.low),
      high: defined(r.interval.high),
      distribution: r.distribution,
    })),
    items: overview.items.map(({ lineNo: _lineNo, ...item }) => item),
    ...(summary
      ? {
          run: {
            written: summary.written,
            alreadyDone: summary.alreadyDone,
            failed: summary.failed,
            cancelled: summary.cancelled,
            calls: summary.usage.calls,
            tokens: summary.usage.promptTokens + summary.usage.completionTokens,
            ...(summary.fatal ? { stopped: summary.fatal.message } : {}),
          },
        }
      : {}),
  };
}

/** "template X changed" lines folded into one per kind, so a method's dozen templates take one line. */
function groupTemplates(differences: string[]): string[] {
  const groups = new Map<string, string[]>();
  const rest: string[] = [];
  for (const line of differences) {
    const m = /^template (\S+) (changed|used only by .+)$/.exec(line);
    if (!m) rest.push(line);
    else groups.set(m[2], [...(groups.get(m[2]) ?? []), m[1]]);
  }
  const folded = [...groups].map(([how, ids]) => (ids.length === 1 ? `template ${ids[0]} ${how}` : `${ids.length} templates ${how}: ${ids.join(', ')}`));
  return [...rest, ...folded];
}

export function comparisonModel(comparison: RunComparison): PanelComparison {
  const label = (side: { label: string; items: number }) => ({
    label: side.label.startsWith('system ') ? side.label : displayPath(side.label),
    items: side.items,
  });
  return {
    a: label(comparison.a),
    b: label(comparison.b),
    paired: comparison.paired,
    onlyA: comparison.onlyA,
    onlyB: comparison.onlyB,
    differences: groupTemplates(comparison.differences),
    aspects: comparison.aspects.map((r) => ({
      aspect: r.aspect,
      n: r.n,
      meanA: defined(r.meanA),
      meanB: defined(r.meanB),
      difference: defined(r.meanDifference),
      low: defined(r.interval.low),
      high: defined(r.interval.high),
      pValue: defined(r.pValue),
      pHolm: defined(r.pHolm),
      wins: r.wins,
      ties: r.ties,
      losses: r.losses,
      unscoredPairs: r.unscoredPairs,
    })),
  };
}
