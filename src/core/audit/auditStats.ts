/**
 * The audit's statistics: per probe × aspect, the paired difference changed − original (mean,
 * paired bootstrap 95% interval, sign-flip permutation p), Holm-adjusted over every tested cell
 * (one with a pair), and the verdict against the probe's expectation at `alpha`:
 * - too few pairs: fewer than the test needs to reach significance after Holm (auditPlan), so
 *   the data cannot tell, whatever they show;
 * - no-rise: violated when the aspect rose significantly;
 * - falls (a fair judge must react): on the aspect that measures the damage, ok (reacts) when it
 *   fell significantly, violated (blind) only when the whole interval is above −δ, a drop too
 *   small to matter (mustReact.ts), and otherwise cannot tell;
 * - no-change: violated by any significant change;
 * - other aspects of a `falls` probe are shown without a verdict.
 * Each cell also carries the shift its pairs could detect at Holm's level (signFlipReach).
 */
import { holmAdjust } from '../stats/holm';
import { thousands } from '../thousands';
import { BOOTSTRAP_RESAMPLES } from '../stats/bootstrapMean';
import { pairedComparison, type PairedComparison } from '../stats/pairedComparison';
import { detectableShift, exactSignFlipsUpTo } from '../stats/signFlipReach';
import { SIGN_FLIPS } from '../stats/signFlipTest';
import { skipReasons } from './auditItems';
import { adjustedLevel, pairsNeeded } from './auditPlan';
import { blindEvidence, blindMargin, cannotTell, mustReactVerdict, reach } from './mustReact';
import type { AuditPair, AuditRun } from './runAudit';
import { PROBES, type Expectation, type Probe, type ProbeName } from './probes';
import type { ProbeVerdict, Verdict } from './verdicts';

export interface AuditCell extends PairedComparison {
  probe: ProbeName;
  aspect: string;
  pHolm: number;
  /** The fewest pairs with which this cell could reach significance after Holm. */
  pairsNeeded: number;
  /** The smallest mean change its pairs could tell from 0 at Holm's level (Infinity: none, too few pairs). */
  detectable: number;
  /** The must-react cell's drop too small to matter (1/8 of its scale); null on other cells or with no known scale. */
  delta: number | null;
  verdict: Verdict;
}

export interface ProbeOutcome {
  probe: ProbeName;
  change: string;
  fair: string;
  /** The bias named when violated. */
  violatedMeans: string;
  expectation?: Expectation;
  /** A must-react probe: the drop too small to matter on its aspect, and that aspect's scale. */
  delta?: number;
  scale?: [number, number];
  pairs: number;
  skipped: number;
  /** The items skipped, by cause. */
  skipReasons: Record<string, number>;
  violated: boolean;
  verdict: ProbeVerdict;
  /** Why a probe was not audited ("no item it can change: fewer than 3 sentences (10 items)"). */
  notAudited?: string;
  /** Fine-grained facts probe: swapped facts found by an incorrect or unsupported finding. */
  swappedFactsFound?: { found: number; of: number };
}

/** How the intervals and p-values were resampled, as every output states it. */
export interface Resampling {
  bootstrapResamples: number;
  signFlips: number;
  /** Up to this many pairs every sign pattern is enumerated instead of drawn. */
  exactUpTo: number;
  seed: number;
}

export interface AuditReport {
  alpha: number;
  seed: number;
  /** Cells with a pair: Holm's family. */
  tested: number;
  /** alpha / tested: the level the smallest p-value is held to. */
  level: number;
  pairsNeeded: number;
  resampling: Resampling;
  /** No probe could be tested on any aspect (exit 17). */
  nothingAudited: boolean;
  cells: AuditCell[];
  probes: ProbeOutcome[];
  summary: string;
}

function verdictOf(
  expectation: Expectation | undefined,
  aspect: string,
  cell: PairedComparison,
  o: { pHolm: number; alpha: number; needed: number; delta: number | undefined },
): Verdict {
  if (!expectation || cell.n === 0) return 'none';
  if (expectation.kind === 'falls' && aspect !== expectation.aspect) return 'none';
  if (cell.n < o.needed) return 'too-few-pairs';
  const significant = o.pHolm < o.alpha;
  if (expectation.kind === 'no-rise') return significant && cell.meanDifference > 0 ? 'violated' : 'ok';
  if (expectation.kind === 'no-change') return significant ? 'violated' : 'ok';
  return mustReactVerdict(cell, o);
}

/** The drop too small to matter, on the cell a fair judge must react on; undefined elsewhere. */
function mustReactDelta(expectation: Expectation | undefined, aspect: string, run: AuditRun): number | undefined {
  return expectation?.kind === 'falls' && expectation.aspect === aspect ? blindMargin(run.scales[aspect]) : undefined;
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

export function auditReport(run: AuditRun, options: { alpha: number; seed: number }): AuditReport {
  const probes = PROBES.filter((p) => run.probes.includes(p.name));
  const raw: (Omit<AuditCell, 'pHolm' | 'pairsNeeded' | 'detectable' | 'delta' | 'verdict'> & { differences: number[] })[] = [];
  for (const probe of probes) {
    const pairs = run.pairs.filter((p) => p.probe === probe.name);
    const aspects = [...new Set(pairs.flatMap((p) => Object.keys(p.original)))];
    for (const aspect of aspects) {
      const both = pairs.filter((p) => p.original[aspect] !== undefined && p.changed[aspect] !== undefined);
      const comparison = pairedComparison(
        both.map((p) => p.original[aspect]),
        both.map((p) => p.changed[aspect]),
        { seed: options.seed, resamples: SIGN_FLIPS },
      );
      raw.push({ probe: probe.name, aspect, ...comparison, differences: both.map((p) => p.changed[aspect] - p.original[aspect]) });
    }
  }
  const tested = raw.map((c, i) => ({ c, i })).filter(({ c }) => c.n > 0 && Number.isFinite(c.pValue));
  const adjusted = holmAdjust(tested.map(({ c }) => c.pValue));
  const pHolm = new Map(tested.map(({ i }, k) => [i, adjusted[k]]));
  const level = adjustedLevel(options.alpha, tested.length);
  const needed = pairsNeeded(options.alpha, tested.length);
  const cells: AuditCell[] = raw.map(({ differences, ...c }, i) => {
    const probe = probes.find((p) => p.name === c.probe)!;
    const p = pHolm.get(i) ?? NaN;
    const detectable = c.n >= needed ? detectableShift(differences, level) : Infinity;
    const expectation = probe.expectation(run.method, run.task);
    const delta = mustReactDelta(expectation, c.aspect, run);
    return {
      ...c,
      pHolm: p,
      pairsNeeded: needed,
      detectable,
      delta: delta ?? null,
      verdict: verdictOf(expectation, c.aspect, c, { pHolm: p, alpha: options.alpha, needed, delta }),
    };
  });
  const outcomes = probes.map((probe) => outcomeOf(probe, run, cells));
  return {
    alpha: options.alpha,
    seed: options.seed,
    tested: tested.length,
    level,
    pairsNeeded: needed,
    resampling: { bootstrapResamples: BOOTSTRAP_RESAMPLES, signFlips: SIGN_FLIPS, exactUpTo: exactSignFlipsUpTo(SIGN_FLIPS), seed: options.seed },
    nothingAudited: outcomes.every((o) => o.verdict === 'not-audited'),
    cells,
    probes: outcomes,
    summary: summaryLine(outcomes, cells),
  };
}

function outcomeOf(probe: Probe, run: AuditRun, cells: AuditCell[]): ProbeOutcome {
  const pairs = run.pairs.filter((p) => p.probe === probe.name);
  const facts = pairs.filter((p) => p.swappedFactFound !== undefined);
  const expectation = probe.expectation(run.method, run.task);
  const verdicts = cells.filter((c) => c.probe === probe.name && c.verdict !== 'none').map((c) => c.verdict);
  const verdict: ProbeVerdict =
    verdicts.length === 0 ? 'not-audited' : ((['violated', 'too-few-pairs', 'cannot-tell'] as const).find((v) => verdicts.includes(v)) ?? 'fair');
  const scale = expectation?.kind === 'falls' ? run.scales[expectation.aspect] : undefined;
  const delta = blindMargin(scale);
  const notAudited = verdict === 'not-audited' ? whyNotAudited(probe.name, expectation, run, pairs) : undefined;
  return {
    probe: probe.name,
    change: probe.change,
    fair: probe.fair,
    violatedMeans: probe.violated,
    expectation,
    ...(delta !== undefined && scale ? { delta, scale } : {}),
    pairs: pairs.length,
    skipped: run.skipped[probe.name] ?? 0,
    skipReasons: run.skipReasons[probe.name] ?? {},
    violated: verdict === 'violated',
    verdict,
    ...(notAudited ? { notAudited } : {}),
    ...(facts.length > 0 ? { swappedFactsFound: { found: facts.filter((p) => p.swappedFactFound).length, of: facts.length } } : {}),
  };
}

function whyNotAudited(probe: ProbeName, expectation: Expectation | undefined, run: AuditRun, pairs: AuditPair[]): string {
  if (!expectation) return run.method === 'fine' ? 'not applicable to the fine-grained method' : `not applicable to task ${run.task}`;
  const skipped = run.skipped[probe] ?? 0;
  if (pairs.length === 0 && skipped >= run.items) return `no item it can change: ${skipReasons(run.skipReasons[probe])}`;
  if (pairs.length === 0)
    return `no pair scored: ${run.cancelled ? 'cancelled' : 'the evaluations of its copies failed'}${skipped ? `; ${skipReasons(run.skipReasons[probe])}` : ''}`;
  return expectation.kind === 'falls' ? `${expectation.aspect}, which it is judged on, was not scored` : 'no aspect was scored';
}

/**
 * A cell's verdict in words, as the text, Markdown and HTML reports print it: "VIOLATED: favours length",
 * "VIOLATED: blind to order (95% interval above -0.5)", "reacts", "cannot tell (n = 10; detectable ±0.30)",
 * "too few pairs (n = 6; at least 10 needed)", "ok", or nothing (a cell with no verdict).
 */
export function verdictWords(c: Pick<AuditCell, 'verdict' | 'n' | 'pairsNeeded' | 'detectable' | 'delta'>, violatedMeans: string): string {
  // Read back from a file, a null is NaN (jsonFile.ts), and an audit made before the must-react rule has no delta.
  const mustReact = Number.isFinite(c.delta ?? NaN);
  if (c.verdict === 'violated') return `VIOLATED: ${violatedMeans}${mustReact ? ` (${blindEvidence(c.delta!)})` : ''}`;
  if (c.verdict === 'too-few-pairs') return tooFewPairs(c.n, c.pairsNeeded);
  if (c.verdict === 'cannot-tell') return cannotTell(c.n, c.detectable);
  if (c.verdict === 'ok') return mustReact ? 'reacts' : 'ok';
  return '';
}

/** "too few pairs (n = 6; at least 10 needed)": a cell's third verdict in words. */
export function tooFewPairs(n: number, needed: number): string {
  return `too few pairs (n = ${n}; at least ${needed} needed)`;
}

const change = (c: AuditCell) => `${c.aspect} ${signed(c.meanDifference)} [${signed(c.interval.low)}, ${signed(c.interval.high)}]`;

/**
 * "2 of 5 probes show bias: favours length (relevance +0.41 [+0.22, +0.60]); blind to order (coherence +0.00 [+0.00, +0.00],
 * 95% interval above -0.5); cannot tell in 1: damage (fluency -0.25 [-0.37, -0.12]; n = 10; detectable ±0.30); too few pairs to tell in 1: …; not audited: …"
 */
function summaryLine(outcomes: ProbeOutcome[], cells: AuditCell[]): string {
  const audited = outcomes.filter((o) => o.verdict !== 'not-audited');
  const notAudited = outcomes.filter((o) => o.verdict === 'not-audited').map((o) => `${o.probe} (${o.notAudited})`);
  if (audited.length === 0) return `nothing audited: ${notAudited.join('; ')}`;
  const biased = audited.filter((o) => o.verdict === 'violated');
  const unsure = audited.filter((o) => o.verdict === 'too-few-pairs');
  const undecided = audited.filter((o) => o.verdict === 'cannot-tell');
  const parts: string[] = [];
  if (biased.length > 0) {
    const described = biased.map((o) => {
      const worst = cells
        .filter((c) => c.probe === o.probe && c.verdict === 'violated')
        .sort((a, b) => Math.abs(b.meanDifference) - Math.abs(a.meanDifference))[0];
      return `${o.violatedMeans} (${change(worst)}${worst.delta !== null ? `, ${blindEvidence(worst.delta)}` : ''})`;
    });
    parts.push(`${biased.length} of ${audited.length} probes show bias: ${described.join('; ')}`);
  } else if (unsure.length + undecided.length === 0) parts.push(`no bias found: 0 of ${audited.length} probes violated`);
  else if (unsure.length + undecided.length < audited.length)
    parts.push(`no bias found in ${audited.length - unsure.length - undecided.length} of ${audited.length} probes`);
  else parts.push(`no verdict: every probe audited ${undecided.length === 0 ? 'has too few pairs to tell' : 'cannot tell or has too few pairs'}`);
  if (undecided.length > 0) {
    const described = undecided.map((o) => {
      const cell = cells.find((c) => c.probe === o.probe && c.verdict === 'cannot-tell')!;
      return `${o.probe} (${change(cell)}; ${reach(cell.n, cell.detectable)})`;
    });
    parts.push(`cannot tell in ${undecided.length}: ${described.join('; ')}`);
  }
  if (unsure.length > 0) {
    const described = unsure.map((o) => {
      const fewest = cells.filter((c) => c.probe === o.probe && c.verdict === 'too-few-pairs').sort((a, b) => a.n - b.n)[0];
      return `${o.probe} (n = ${fewest.n}; at least ${fewest.pairsNeeded} needed)`;
    });
    parts.push(`too few pairs to tell in ${unsure.length}: ${described.join(', ')}`);
  }
  if (notAudited.length > 0) parts.push(`not audited: ${notAudited.join('; ')}`);
  return parts.join('; ');
}

/** "resampling: 2,000 bootstrap resamples for the 95% intervals; …; seed 20260101", as every output states it. */
export function resamplingNote(r: Resampling): string {
  return `resampling: ${thousands(r.bootstrapResamples)} bootstrap resamples for the 95% intervals; sign-flip p-values from every sign pattern up to ${r.exactUpTo} pairs, else ${thousands(r.signFlips)} random sign flips; seed ${r.seed}`;
}

/** "Holm over 20 cells at alpha 0.05: a cell needs p < 0.0025, at least 10 pairs". */
export function levelNote(report: Pick<AuditReport, 'tested' | 'alpha' | 'level' | 'pairsNeeded'>): string {
  if (report.tested === 0) return `no cell tested (alpha ${report.alpha})`;
  return `Holm over ${report.tested} cells at alpha ${report.alpha}: a cell needs p < ${Number(report.level.toPrecision(2))}, at least ${report.pairsNeeded} pairs`;
}
