/**
 * The audit's statistics: per probe × aspect, the paired difference changed − original (mean,
 * paired bootstrap 95% interval, sign-flip permutation p), Holm-adjusted over every cell, and
 * the verdict against the probe's expectation at `alpha`:
 * - no-rise: violated when the aspect rose significantly;
 * - falls: on the aspect that measures the damage, violated unless it fell significantly;
 * - other aspects of a `falls` probe are shown without a verdict.
 */
import { holmAdjust } from '../stats/holm';
import { pairedComparison, type PairedComparison } from '../stats/pairedComparison';
import type { AuditRun } from './runAudit';
import { PROBES, type Expectation, type ProbeName } from './probes';

export type Verdict = 'ok' | 'violated' | 'none';

export interface AuditCell extends PairedComparison {
  probe: ProbeName;
  aspect: string;
  pHolm: number;
  verdict: Verdict;
}

export interface ProbeOutcome {
  probe: ProbeName;
  change: string;
  fair: string;
  /** The bias named when violated. */
  violatedMeans: string;
  expectation?: Expectation;
  pairs: number;
  skipped: number;
  violated: boolean;
  /** Fine-grained facts probe: swapped facts found by an incorrect or unsupported finding. */
  swappedFactsFound?: { found: number; of: number };
}

export interface AuditReport {
  alpha: number;
  seed: number;
  cells: AuditCell[];
  probes: ProbeOutcome[];
  summary: string;
}

function verdictOf(expectation: Expectation | undefined, aspect: string, cell: PairedComparison, pHolm: number, alpha: number): Verdict {
  if (!expectation || cell.n === 0) return 'none';
  const significant = pHolm < alpha;
  if (expectation.kind === 'no-rise') return significant && cell.meanDifference > 0 ? 'violated' : 'ok';
  if (expectation.kind === 'no-change') return significant ? 'violated' : 'ok';
  if (aspect !== expectation.aspect) return 'none';
  return significant && cell.meanDifference < 0 ? 'ok' : 'violated';
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

export function auditReport(run: AuditRun, options: { alpha: number; seed: number }): AuditReport {
  const probes = PROBES.filter((p) => run.probes.includes(p.name));
  const raw: Omit<AuditCell, 'pHolm' | 'verdict'>[] = [];
  for (const probe of probes) {
    const pairs = run.pairs.filter((p) => p.probe === probe.name);
    const aspects = [...new Set(pairs.flatMap((p) => Object.keys(p.original)))];
    for (const aspect of aspects) {
      const both = pairs.filter((p) => p.original[aspect] !== undefined && p.changed[aspect] !== undefined);
      const comparison = pairedComparison(
        both.map((p) => p.original[aspect]),
        both.map((p) => p.changed[aspect]),
        { seed: options.seed },
      );
      raw.push({ probe: probe.name, aspect, ...comparison });
    }
  }
  const tested = raw.map((c, i) => ({ c, i })).filter(({ c }) => c.n > 0 && Number.isFinite(c.pValue));
  const adjusted = holmAdjust(tested.map(({ c }) => c.pValue));
  const pHolm = new Map(tested.map(({ i }, k) => [i, adjusted[k]]));
  const cells: AuditCell[] = raw.map((c, i) => {
    const probe = probes.find((p) => p.name === c.probe)!;
    const p = pHolm.get(i) ?? NaN;
    return { ...c, pHolm: p, verdict: verdictOf(probe.expectation(run.method, run.task), c.aspect, c, p, options.alpha) };
  });
  const outcomes: ProbeOutcome[] = probes.map((probe) => {
    const pairs = run.pairs.filter((p) => p.probe === probe.name);
    const facts = pairs.filter((p) => p.swappedFactFound !== undefined);
    return {
      probe: probe.name,
      change: probe.change,
      fair: probe.fair,
      violatedMeans: probe.violated,
      expectation: probe.expectation(run.method, run.task),
      pairs: pairs.length,
      skipped: run.skipped[probe.name] ?? 0,
      violated: cells.some((c) => c.probe === probe.name && c.verdict === 'violated'),
      ...(facts.length > 0 ? { swappedFactsFound: { found: facts.filter((p) => p.swappedFactFound).length, of: facts.length } } : {}),
    };
  });
  return { alpha: options.alpha, seed: options.seed, cells, probes: outcomes, summary: summaryLine(outcomes, cells) };
}

/** "2 of 5 probes show bias: favours length (relevance +0.41 [+0.22, +0.60]); …" */
function summaryLine(outcomes: ProbeOutcome[], cells: AuditCell[]): string {
  const judged = outcomes.filter((o) => o.expectation !== undefined && o.pairs > 0);
  const biased = judged.filter((o) => o.violated);
  if (biased.length === 0) return `no bias found: 0 of ${judged.length} probes violated`;
  const described = biased.map((o) => {
    const worst = cells
      .filter((c) => c.probe === o.probe && c.verdict === 'violated')
      .sort((a, b) => Math.abs(b.meanDifference) - Math.abs(a.meanDifference))[0];
    return `${o.violatedMeans} (${worst.aspect} ${signed(worst.meanDifference)} [${signed(worst.interval.low)}, ${signed(worst.interval.high)}])`;
  });
  return `${biased.length} of ${judged.length} probes show bias: ${described.join('; ')}`;
}
