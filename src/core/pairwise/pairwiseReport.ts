/**
 * What a pairwise run measured, per aspect: the verdicts as outcomes (one judge's, or a jury's
 * majority), the position bias of every judge's orders, and then for two systems B's win rate
 * over A with the length bias, for more a Bradley–Terry ranking with intervals; with people's
 * scores, Kendall's tau of the ranking against theirs; with people's preferences, the judge's
 * accuracy and kappa; with a jury, how often each two judges agree.
 */
import { categoryAgreement } from '../stats/cohenKappa';
import type { ResamplingOptions } from '../stats/resampledFigures';
import type { PairRecord } from './pairwiseRunFile';
import { agreementWithPeople, type PersonPreference } from './stats/humanPreferences';
import { lengthBias, type LengthBias } from './stats/lengthBias';
import type { PairOutcome, Verdict } from './stats/outcome';
import { positionBias, type PositionBias } from './stats/positionBias';
import { rankSystems, type HumanScores, type Ranking, type TieRule } from './stats/ranking';
import { winRate, type WinRate } from './stats/winRate';

export interface JudgePairAgreement {
  judges: [string, string];
  pairs: number;
  accuracy: number;
  kappa: number;
}

export interface AspectFigures extends PositionBias {
  aspect: string;
  pairs: number;
  /** Pairs asked in both orders whose verdicts differed (each a tie). */
  inconsistent: number;
  winRate?: WinRate & { of: string; over: string };
  longerWinRate?: LengthBias['longerWinRate'];
  lengthControlledWinRate?: LengthBias['lengthControlledWinRate'];
  ranking?: Ranking['ranking'];
  rankingFit?: Omit<Ranking, 'ranking' | 'humanTau'>;
  humanAgreement?: { kendallTau?: Ranking['humanTau']; preferences?: ReturnType<typeof agreementWithPeople> };
  judgeAgreement?: JudgePairAgreement[];
}

export interface ReportOptions extends ResamplingOptions {
  human?: HumanScores;
  /** How the Bradley–Terry fit counts ties (default half wins; the win rate of two systems always counts them as half). */
  ties?: TieRule;
  /** People's preferences, per aspect. */
  preferences?: (aspect: string) => PersonPreference[] | undefined;
}

const pairKey = (r: Pick<PairRecord, 'doc' | 'a' | 'b'>) => `${r.doc}\u0000${r.a}\u0000${r.b}`;

function outcomeOf(record: PairRecord, aspect: string): PairOutcome | undefined {
  const c = record.comparisons?.find((x) => x.aspect === aspect);
  if (!c) return undefined;
  const orders = c.orders.map((o) => ({ first: o.first, verdict: o.verdict }));
  return { doc: record.doc, a: record.a, b: record.b, verdict: c.verdict, orders, lengthA: record.lengthA, lengthB: record.lengthB };
}

/** The jury's verdict: the answer most judges gave, a tie when two answers are level. */
function majority(verdicts: Verdict[]): Verdict {
  const counts = new Map<Verdict, number>();
  for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1);
  const ranked = [...counts].sort((x, y) => y[1] - x[1]);
  return ranked.length > 1 && ranked[0][1] === ranked[1][1] ? 'tie' : ranked[0][0];
}

function judgeAgreement(byJudge: Map<string, Map<string, PairOutcome>>): JudgePairAgreement[] {
  const names = [...byJudge.keys()];
  return names.flatMap((x, i) =>
    names.slice(i + 1).map((y) => {
      const shared = [...byJudge.get(x)!.keys()].filter((k) => byJudge.get(y)!.has(k));
      const agreement = categoryAgreement(
        shared.map((k) => byJudge.get(x)!.get(k)!.verdict),
        shared.map((k) => byJudge.get(y)!.get(k)!.verdict),
      );
      return { judges: [x, y] as [string, string], pairs: agreement.items, accuracy: agreement.accuracy, kappa: agreement.kappa };
    }),
  );
}

export function aspectFigures(records: readonly PairRecord[], aspect: string, options: ReportOptions): AspectFigures {
  const byJudge = new Map<string, Map<string, PairOutcome>>();
  for (const record of records) {
    const outcome = outcomeOf(record, aspect);
    if (!outcome) continue;
    if (!byJudge.has(record.judge)) byJudge.set(record.judge, new Map());
    byJudge.get(record.judge)!.set(pairKey(record), outcome);
  }
  const everyJudge = [...byJudge.values()].flatMap((m) => [...m.values()]);
  const pairs = new Map<string, PairOutcome[]>();
  for (const m of byJudge.values()) for (const [k, o] of m) pairs.set(k, [...(pairs.get(k) ?? []), o]);
  const outcomes = [...pairs.values()].map((list) => ({ ...list[0], verdict: list.length === 1 ? list[0].verdict : majority(list.map((o) => o.verdict)) }));
  const figures: AspectFigures = {
    aspect,
    pairs: outcomes.length,
    inconsistent: everyJudge.filter((o) => o.orders.length === 2 && o.orders[0].verdict !== o.orders[1].verdict).length,
    ...positionBias(everyJudge),
  };
  const systems = new Set(outcomes.flatMap((o) => [o.a, o.b]));
  if (systems.size === 2 && outcomes.length > 0) {
    const oriented = outcomes.filter((o) => o.a === outcomes[0].a);
    figures.winRate = { ...winRate(oriented, options), of: outcomes[0].b, over: outcomes[0].a };
    const length = lengthBias(oriented);
    if (length) [figures.longerWinRate, figures.lengthControlledWinRate] = [length.longerWinRate, length.lengthControlledWinRate];
  } else if (systems.size > 2) {
    const { ranking, humanTau, ...fit } = rankSystems(outcomes, options);
    [figures.ranking, figures.rankingFit] = [ranking, fit];
    if (humanTau) figures.humanAgreement = { kendallTau: humanTau };
  }
  const people = options.preferences?.(aspect);
  if (people) figures.humanAgreement = { ...figures.humanAgreement, preferences: agreementWithPeople(outcomes, people) };
  if (byJudge.size > 1) figures.judgeAgreement = judgeAgreement(byJudge);
  return figures;
}
