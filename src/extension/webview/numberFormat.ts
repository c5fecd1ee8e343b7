/**
 * The one number format of SumLens in the editor: status bar, hover, panel, progress and
 * exports all format through these, so a score reads the same wherever it is shown.
 * (Bundled into the panel's script as well: no Node or vscode imports here.)
 */

/** Digits after the decimal point for every score (chosen once, here). */
export const scoreDigits = 2;

/** A score, or "—" when there is none. */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined || !Number.isFinite(score) ? '—' : score.toFixed(scoreDigits);
}

/** A share in [0, 1] as a whole percentage ("42%"). */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A count with thousands separators ("12,345"). */
export function formatCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}

/** A duration in seconds with one decimal ("3.4 s"). */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "1 call" / "12 calls" ("1 summary" / "3 summaries" when the plural is given). */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`;
}

/** An estimate with its interval: "0.41 [0.12, 0.63]" ("—" for what is not defined). */
export function formatEstimate(value: number | null, low: number | null, high: number | null): string {
  return `${formatScore(value)} [${formatScore(low)}, ${formatScore(high)}]`;
}

/** A p-value: three decimals, or "< 0.001". */
export function formatPValue(p: number | null): string {
  return p === null ? '—' : p < 0.001 ? '< 0.001' : p.toFixed(3);
}
