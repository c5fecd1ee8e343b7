/**
 * The set of answers an aspect accepts: integers from `min` to `max`, optionally named by
 * words (a yes/no question is `{ min: 0, max: 1, labels: { yes: 1, no: 0 } }`).
 */
export interface ScoreScale {
  min: number;
  max: number;
  /** Answer words (matched case-insensitively) and the value each stands for. */
  labels?: Record<string, number>;
}

/** The integer values of the scale, ascending. */
export function scaleValues(scale: ScoreScale): number[] {
  const values: number[] = [];
  for (let v = scale.min; v <= scale.max; v++) values.push(v);
  return values;
}

export function isWithinScale(value: number, scale: ScoreScale): boolean {
  return Number.isFinite(value) && value >= scale.min && value <= scale.max;
}

/** The value a label word stands for (case-insensitive), or null when it is not a label. */
export function labelValue(word: string, scale: ScoreScale): number | null {
  if (!scale.labels) return null;
  const wanted = word.toLowerCase();
  for (const [label, value] of Object.entries(scale.labels)) {
    if (label.toLowerCase() === wanted) return value;
  }
  return null;
}

/** "1-5", or "yes/no" for a labelled scale: how the scale is named in messages. */
export function describeScale(scale: ScoreScale): string {
  return scale.labels ? Object.keys(scale.labels).join('/') : `${scale.min}-${scale.max}`;
}

/** Distribution keys are the values as strings, inserted in ascending numeric order. */
export function sortedDistribution(weights: Map<number, number>): Record<string, number> {
  const distribution: Record<string, number> = {};
  for (const value of [...weights.keys()].sort((a, b) => a - b)) {
    distribution[String(value)] = weights.get(value) as number;
  }
  return distribution;
}
