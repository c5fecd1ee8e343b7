/**
 * The verdict of a probe a fair judge must react to (facts, order, damage) on the aspect that
 * measures its damage. Not finding a significant drop is not evidence of blindness: "blind"
 * needs the whole 95% interval of the change above −δ, a drop too small to matter (as in an
 * equivalence test, one-sided at 2.5%); a change neither significant nor shown to be small is
 * "cannot tell". δ is 1/8 of the aspect's scale range: 0.5 on 1–5, 0.25 on 1–3.
 */
import type { Interval } from '../stats/percentile';

/** δ as a share of the aspect's scale range. */
export const BLIND_SHARE = 1 / 8;

/** The drop too small to matter on a scale [min, max]; undefined when the scale is not known. */
export function blindMargin(scale: readonly [number, number] | undefined): number | undefined {
  return scale && scale[1] > scale[0] ? (scale[1] - scale[0]) * BLIND_SHARE : undefined;
}

/**
 * reacts ('ok'): fell significantly after Holm; blind ('violated'): the whole interval above −δ;
 * otherwise 'cannot-tell' (also when δ is not known: blindness cannot be shown without it).
 */
export function mustReactVerdict(
  cell: { meanDifference: number; interval: Interval },
  o: { pHolm: number; alpha: number; delta: number | undefined },
): 'ok' | 'violated' | 'cannot-tell' {
  if (o.pHolm < o.alpha && cell.meanDifference < 0) return 'ok';
  if (o.delta !== undefined && cell.interval.low > -o.delta) return 'violated';
  return 'cannot-tell';
}

const fixed = (x: number) => x.toFixed(2).replace(/\.?0+$/, '');

/** "n = 10; detectable ±0.30": what a must-react cell that cannot tell had to go on. */
export function reach(n: number, detectable: number): string {
  return `n = ${n}; detectable ${Number.isFinite(detectable) ? `±${detectable.toFixed(2)}` : '—'}`;
}

/** "cannot tell (n = 10; detectable ±0.30)": a must-react cell with neither a drop nor blindness shown. */
export function cannotTell(n: number, detectable: number): string {
  return `cannot tell (${reach(n, detectable)})`;
}

/** "95% interval above -0.5": why a must-react cell is blind. */
export function blindEvidence(delta: number): string {
  return `95% interval above -${fixed(delta)}`;
}

/** "blind when the whole 95% interval is above -0.5 (1/8 of its 1–5 scale)", as the probe header reads. */
export function blindRule(delta: number, scale: readonly [number, number]): string {
  return `blind when the whole 95% interval is above -${fixed(delta)} (1/8 of its ${scale[0]}–${scale[1]} scale)`;
}
