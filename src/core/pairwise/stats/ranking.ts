/**
 * Many systems: a Bradley–Terry ranking (ties as half wins, or as their own outcome by
 * Davidson's extension: `ties: 'davidson'`) with bootstrap intervals resampling documents
 * (every pair of a resampled document comes along), as Chatbot Arena ranks models;
 * with people's scores per document and system, Kendall's tau-b between the judge's strengths
 * and the people's mean score per system, its interval from the same resamples.
 */
import { addGame, bradleyTerry, emptyResults } from '../../stats/bradleyTerry';
import { addTieGame, davidson, emptyTieResults } from '../../stats/davidson';
import { bootstrapIntervals } from '../../stats/correlationBootstrap';
import { kendallTauB } from '../../stats/correlation';
import type { Figures, ResamplingOptions } from '../../stats/resampledFigures';
import { byDocument, scoreOfB, type PairOutcome } from './outcome';

export interface RankedSystem {
  system: string;
  strength: number;
  interval: [number, number];
  wins: number;
  losses: number;
  ties: number;
}

export interface Ranking {
  /** Strongest first. */
  ranking: RankedSystem[];
  /** How ties were counted in the fit. */
  ties: TieRule;
  /** Davidson's ν: how often the judge ties two systems of equal strength (with `ties: 'davidson'`). */
  tieParameter?: number;
  /** False when some system won or lost every game (its strength is then unbounded). */
  converged: boolean;
  /** Resamples whose fit had no finite maximum (their strengths are still counted). */
  unboundedResamples: number;
  humanTau?: { value: number; interval: [number, number] };
}

export type TieRule = 'half wins' | 'davidson';
export const TIE_RULES: readonly TieRule[] = ['half wins', 'davidson'];

/** People's score of a system's summary of a document: doc → system → score. */
export type HumanScores = ReadonlyMap<string, ReadonlyMap<string, number>>;

interface DocumentUnit {
  doc: string;
  outcomes: readonly PairOutcome[];
}

function fitStrengths(
  units: readonly DocumentUnit[],
  systems: readonly string[],
  ties: TieRule,
): { strengths: number[]; converged: boolean; tieParameter?: number } {
  const index = new Map(systems.map((s, i) => [s, i]));
  if (ties === 'davidson') {
    const results = emptyTieResults(systems.length);
    for (const unit of units) for (const o of unit.outcomes) addTieGame(results, index.get(o.b)!, index.get(o.a)!, scoreOfB(o.verdict));
    return davidson(results);
  }
  const results = emptyResults(systems.length);
  for (const unit of units) for (const o of unit.outcomes) addGame(results, index.get(o.b)!, index.get(o.a)!, scoreOfB(o.verdict));
  return bradleyTerry(results);
}

/** Each system's mean human score over the documents (a resample counts a document as often as it was drawn). */
function humanMeans(units: readonly DocumentUnit[], systems: readonly string[], human: HumanScores): number[] {
  return systems.map((system) => {
    let [sum, n] = [0, 0];
    for (const unit of units) {
      const score = human.get(unit.doc)?.get(system);
      if (score !== undefined) [sum, n] = [sum + score, n + 1];
    }
    return n === 0 ? NaN : sum / n;
  });
}

function tally(outcomes: readonly PairOutcome[], system: string): Pick<RankedSystem, 'wins' | 'losses' | 'ties'> {
  const counts = { wins: 0, losses: 0, ties: 0 };
  for (const o of outcomes) {
    if (o.a !== system && o.b !== system) continue;
    if (o.verdict === 'tie') counts.ties++;
    else if ((o.verdict === 'A') === (o.a === system)) counts.wins++;
    else counts.losses++;
  }
  return counts;
}

export function rankSystems(outcomes: readonly PairOutcome[], options: ResamplingOptions & { human?: HumanScores; ties?: TieRule }): Ranking {
  const ties = options.ties ?? 'half wins';
  const systems = [...new Set(outcomes.flatMap((o) => [o.a, o.b]))].sort();
  const units = [...byDocument(outcomes)].map(([doc, list]) => ({ doc, outcomes: list }));
  const fit = fitStrengths(units, systems, ties);
  let unboundedResamples = 0;
  const statistic = (picked: readonly DocumentUnit[]): Figures => {
    const resampled = fitStrengths(picked, systems, ties);
    if (!resampled.converged) unboundedResamples++;
    const figures: Figures = Object.fromEntries(systems.map((s, i) => [s, resampled.strengths[i]]));
    if (options.human) figures['\u0000humanTau'] = kendallTauB(resampled.strengths, humanMeans(picked, systems, options.human));
    return figures;
  };
  const { intervals } = bootstrapIntervals(units, statistic, options);
  const interval = (system: string): [number, number] => [intervals[system].low, intervals[system].high];
  const ranking = systems
    .map((system, i) => ({ system, strength: fit.strengths[i], interval: interval(system), ...tally(outcomes, system) }))
    .sort((x, y) => y.strength - x.strength);
  const result: Ranking = { ranking, ties, converged: fit.converged, unboundedResamples };
  if (fit.tieParameter !== undefined) result.tieParameter = fit.tieParameter;
  if (options.human) {
    const tau = intervals['\u0000humanTau'];
    result.humanTau = { value: kendallTauB(fit.strengths, humanMeans(units, systems, options.human)), interval: [tau.low, tau.high] };
  }
  return result;
}
