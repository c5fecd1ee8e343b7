/**
 * What `sumlens pairwise` prints: per aspect, B's win rate over A (two systems) or the ranking
 * (more), the position bias (flip rate, first-position win rate and its binomial test), the
 * length bias, agreement with people and among the judges; as text, or as the JSON the issue
 * fixed (ranking, winRate, flipRate, firstPositionWinRate, lengthControlledWinRate,
 * humanAgreement, usage). With one aspect its figures are also at the top level.
 */
import { estimateCost } from '../../core/llm/pricing';
import type { AspectFigures } from '../../core/pairwise/pairwiseReport';
import type { PairJudge } from '../../core/pairwise/runPairs';

/** `--ties`: half (a tie is half a win to each side) or davidson (Davidson's tie model). */
export type TieFlag = 'half' | 'davidson';

export interface PairwiseUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cacheHits: number;
  /** US dollars at list prices, where every judge's model has one. */
  costUsd?: number;
}

export function usageOf(judges: readonly PairJudge[]): PairwiseUsage {
  const total: PairwiseUsage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0 };
  let cost: number | undefined = 0;
  for (const { session } of judges) {
    const u = session.usage();
    total.calls += u.calls;
    total.promptTokens += u.promptTokens;
    total.completionTokens += u.completionTokens;
    total.cacheHits += u.cacheHits;
    const c = estimateCost(session.model, u);
    cost = cost === undefined || c === undefined ? undefined : cost + c;
  }
  return cost === undefined ? total : { ...total, costUsd: cost };
}

function aspectJson(f: AspectFigures): Record<string, unknown> {
  const { flipRate, firstPositionWinRate } = f;
  return {
    aspect: f.aspect,
    pairs: f.pairs,
    inconsistent: f.inconsistent,
    ...(f.ranking ? { ranking: f.ranking, rankingFit: f.rankingFit } : {}),
    ...(f.winRate ? { winRate: f.winRate } : {}),
    flipRate,
    firstPositionWinRate,
    ...(f.longerWinRate ? { longerWinRate: f.longerWinRate } : {}),
    ...(f.lengthControlledWinRate ? { lengthControlledWinRate: f.lengthControlledWinRate } : {}),
    ...(f.humanAgreement ? { humanAgreement: f.humanAgreement } : {}),
    ...(f.judgeAgreement ? { judgeAgreement: f.judgeAgreement } : {}),
  };
}

export function pairwiseJson(
  figures: readonly AspectFigures[],
  usage: PairwiseUsage,
  settings: { orders: string; seed: number; resamples: number; ties: TieFlag },
): Record<string, unknown> {
  const aspects = figures.map(aspectJson);
  return {
    ...(aspects.length === 1 ? aspects[0] : {}),
    aspects,
    orders: settings.orders,
    ties:
      settings.ties === 'davidson'
        ? "Bradley–Terry by Davidson's tie model (ties their own outcome); the win rate counts ties as half"
        : 'ties count as half a win (win rate and Bradley–Terry)',
    seed: settings.seed,
    resamples: settings.resamples,
    usage,
  };
}

const n2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : '–');
const range = ([lo, hi]: [number, number], f = n2) => `[${f(lo)}, ${f(hi)}]`;

function rankingLines(f: AspectFigures): string[] {
  const width = Math.max(6, ...f.ranking!.map((r) => r.system.length));
  const lines = [`  ${'system'.padEnd(width)}  strength  95% interval      wins  losses  ties`];
  for (const r of f.ranking!)
    lines.push(
      `  ${r.system.padEnd(width)}  ${n2(r.strength).padStart(8)}  ${range(r.interval).padEnd(16)}  ${String(r.wins).padStart(4)}  ${String(r.losses).padStart(6)}  ${String(r.ties).padStart(4)}`,
    );
  const fit = f.rankingFit;
  const tieRule = fit?.ties === 'davidson' ? `Davidson's tie model (ν = ${n2(fit.tieParameter ?? NaN)})` : 'ties as half wins';
  lines.push(`  Bradley–Terry, ${tieRule}; strengths on the log-odds scale, mean 0; intervals resample documents`);
  if (f.rankingFit && !f.rankingFit.converged) lines.push('  some system won or lost every game: its strength is unbounded');
  return lines;
}

function aspectLines(f: AspectFigures): string[] {
  const lines = [`${f.aspect}: ${f.pairs} pair(s)${f.inconsistent ? `, ${f.inconsistent} inconsistent across orders (counted as ties)` : ''}`];
  if (f.winRate) {
    const w = f.winRate;
    lines.push(
      `  ${w.of} over ${w.over}: win rate ${n2(w.value)} ${range(w.interval)} (ties as half; ${w.wins} wins, ${w.losses} losses, ${w.ties} ties; sign test p ${n2(w.signTestP)})`,
    );
  }
  if (f.ranking) lines.push(...rankingLines(f));
  const { flipRate: flip, firstPositionWinRate: first } = f;
  if (flip.of > 0) lines.push(`  flip rate ${pct(flip.value)} ${range(flip.interval, pct)} of ${flip.of} pair(s) asked in both orders`);
  if (first.of > 0)
    lines.push(
      `  first position wins ${pct(first.value)} ${range(first.interval, pct)} of ${first.of} decisive verdict(s), binomial p ${n2(first.p)} against 50%`,
    );
  if (f.longerWinRate && f.longerWinRate.of > 0)
    lines.push(`  the longer summary wins ${pct(f.longerWinRate.value)} of ${f.longerWinRate.of} pair(s) of unequal length`);
  if (f.lengthControlledWinRate) lines.push(`  length-controlled win rate ${n2(f.lengthControlledWinRate.value)} (at equal length)`);
  const tau = f.humanAgreement?.kendallTau;
  if (tau) lines.push(`  Kendall's tau with people's ranking ${n2(tau.value)} ${range(tau.interval)}`);
  const people = f.humanAgreement?.preferences;
  if (people)
    lines.push(
      `  people's preferences: accuracy ${pct(people.accuracy)}, Cohen's kappa ${n2(people.kappa)} on ${people.items} (${people.unmatched} not compared by the judge)`,
    );
  for (const j of f.judgeAgreement ?? [])
    lines.push(`  judges ${j.judges.join(' and ')} agree on ${pct(j.accuracy)} of ${j.pairs} pair(s), kappa ${n2(j.kappa)}`);
  return lines;
}

export function pairwiseText(figures: readonly AspectFigures[], usage: PairwiseUsage): string {
  const lines = figures.flatMap((f) => [...aspectLines(f), '']);
  const cost = usage.costUsd !== undefined ? `, about $${usage.costUsd.toFixed(4)}` : '';
  lines.push(`${usage.calls} call(s), ${usage.cacheHits} from the cache, ${usage.promptTokens + usage.completionTokens} tokens${cost}`);
  return lines.join('\n') + '\n';
}
