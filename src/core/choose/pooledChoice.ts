/**
 * Several readings of the choice (one per reason with --reasons; a single one otherwise)
 * pooled into one: an aspect counts as chosen when more than half of the readings chose it;
 * its score is the mean of their scores and its distribution the mean of their distributions,
 * with the spread of the scores when there is more than one.
 */
import { mean } from '../stats/bootstrapMean';
import type { ChoiceReading } from './readChoice';

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

export interface PooledAspect {
  aspect: string;
  score: number;
  distribution: Record<string, number>;
  reason: string;
  validMass: number;
  chosenIn: number;
  of: number;
  spread?: { sd: number; min: number; max: number };
  route: 'logprobs' | 'sampling';
  why: string;
  samples?: number;
  unparsed?: number;
  warnings: string[];
  fallbacks: string[];
}

export function pooledChoice(readings: readonly ChoiceReading[]): PooledAspect[] {
  const order: string[] = [];
  for (const reading of readings) for (const c of reading.chosen) if (!order.includes(c.aspect)) order.push(c.aspect);
  const pooled: PooledAspect[] = [];
  for (const aspect of order) {
    const picks = readings.flatMap((reading) => reading.chosen.filter((c) => c.aspect === aspect).map((chosen) => ({ reading, chosen })));
    if (picks.length * 2 <= readings.length) continue;
    const scores = picks.map((p) => p.chosen.score);
    const average = mean(scores);
    const sd = Math.sqrt(scores.reduce((squares, s) => squares + (s - average) ** 2, 0) / Math.max(1, scores.length - 1));
    const first = picks[0];
    const single = readings.length === 1;
    pooled.push({
      aspect,
      score: average,
      distribution: meanDistribution(picks.map((p) => p.chosen.distribution)),
      reason: first.chosen.reason,
      validMass: picks.reduce((sum, p) => sum + p.chosen.validMass, 0) / picks.length,
      // One reading drawn by sampling: how many of its answers chose the aspect.
      chosenIn: single ? (first.chosen.chosenIn ?? 1) : picks.length,
      of: single ? (first.reading.samples ?? 1) - (first.reading.unparsed ?? 0) : readings.length,
      ...(scores.length > 1 ? { spread: { sd, min: Math.min(...scores), max: Math.max(...scores) } } : {}),
      route: first.reading.route,
      why: first.reading.why,
      ...(first.reading.samples !== undefined
        ? { samples: total(readings.map((r) => r.samples ?? 0)), unparsed: total(readings.map((r) => r.unparsed ?? 0)) }
        : {}),
      warnings: [...new Set(picks.flatMap((p) => (p.chosen.warning ? [p.chosen.warning] : [])))],
      fallbacks: [...new Set(readings.flatMap((r) => r.fallbacks))],
    });
  }
  return pooled;
}

function meanDistribution(distributions: readonly Record<string, number>[]): Record<string, number> {
  const pooled: Record<string, number> = {};
  for (const d of distributions) for (const [value, p] of Object.entries(d)) pooled[value] = (pooled[value] ?? 0) + p / distributions.length;
  return Object.fromEntries(Object.entries(pooled).sort(([a], [b]) => Number(a) - Number(b)));
}
