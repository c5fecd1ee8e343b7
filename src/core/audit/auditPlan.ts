/**
 * How much an audit can tell, known before it runs. Holm holds the smallest p-value of the
 * audit's m tested cells (probe × aspect with at least one pair) to alpha / m, the one level
 * a cell can count on whatever the other cells show. A sign-flip test on n pairs gives no
 * p-value below 2 / 2^n (stats/signFlipReach), so a cell needs the fewest n at which that is
 * below alpha / m; with fewer it can say neither "violated" nor "fair", only "too few pairs".
 * The plan counts, per probe, the items it can change against that number (--dry-run, the
 * VS Code confirmation).
 */
import { FINE_METRICS } from '../outcome';
import type { Method, Task } from '../result';
import { signFlipPairsNeeded } from '../stats/signFlipReach';
import { planItem, skipCounts, skipReasons, type AuditSubject } from './auditItems';
import type { Probe, ProbeName } from './probes';

/** The level Holm holds the smallest of `cells` p-values to. */
export function adjustedLevel(alpha: number, cells: number): number {
  return alpha / Math.max(1, cells);
}

/** The fewest pairs with which a cell can reach significance after Holm over `cells` cells. */
export function pairsNeeded(alpha: number, cells: number): number {
  return signFlipPairsNeeded(adjustedLevel(alpha, cells));
}

/** The scores an audit tests per probe: the fine-grained metrics, or the holistic method's aspects. */
export function auditedScores(method: Method, aspects: readonly string[]): readonly string[] {
  return method === 'fine' ? FINE_METRICS : aspects;
}

export interface ProbePlan {
  probe: ProbeName;
  /** Items the probe can change: its pairs, if every evaluation succeeds. */
  changes: number;
  /** Items it cannot change, by cause. */
  skipReasons: Record<string, number>;
  /** Whether a fair judge's reaction is defined for this method and task (else no verdict). */
  applies: boolean;
  enough: boolean;
}

export interface AuditPlan {
  items: number;
  alpha: number;
  /** Probe × aspect cells that will have pairs: Holm's family. */
  cells: number;
  level: number;
  pairsNeeded: number;
  probes: ProbePlan[];
}

export function auditPlan(
  subjects: readonly AuditSubject[],
  probes: readonly Probe[],
  o: { seed: number; method: Method; task: Task; aspects: readonly string[]; alpha: number },
): AuditPlan {
  const planned = subjects.map((subject) => planItem(subject, probes, o.seed));
  const skips = skipCounts(planned);
  const changes = (probe: ProbeName) => planned.filter((item) => item.copies.some((c) => c.probe === probe)).length;
  const cells = probes.filter((p) => changes(p.name) > 0).length * auditedScores(o.method, o.aspects).length;
  const needed = pairsNeeded(o.alpha, cells);
  return {
    items: subjects.length,
    alpha: o.alpha,
    cells,
    level: adjustedLevel(o.alpha, cells),
    pairsNeeded: needed,
    probes: probes.map((probe) => {
      const applies = probe.expectation(o.method, o.task) !== undefined;
      return {
        probe: probe.name,
        changes: changes(probe.name),
        skipReasons: skips[probe.name] ?? {},
        applies,
        enough: applies && changes(probe.name) >= needed,
      };
    }),
  };
}

/** Per probe, the items it can change against the pairs it needs, as --dry-run and the VS Code confirmation say it. */
export function planLines(plan: AuditPlan): string[] {
  const lines = [`Holm over ${plan.cells} cells at alpha ${plan.alpha}: a probe needs at least ${plan.pairsNeeded} pairs to tell`];
  for (const p of plan.probes) {
    const skipped = p.changes < plan.items ? ` (${skipReasons(p.skipReasons)})` : '';
    const answer = !p.applies
      ? 'not applicable: no verdict'
      : p.changes === 0
        ? 'nothing to audit'
        : p.enough
          ? `enough (${plan.pairsNeeded} needed)`
          : `too few: at least ${plan.pairsNeeded} needed`;
    lines.push(`${p.probe}: changes ${p.changes} of ${plan.items} items${skipped}: ${answer}`);
  }
  return lines;
}
