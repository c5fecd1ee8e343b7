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

/** "1 call" / "12 calls". */
export function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
