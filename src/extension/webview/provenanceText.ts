/**
 * How a score was made, in words: the route, why it was taken, the samples and their standard
 * error, the valid mass and every fallback. The status bar's hover and the panel both word it
 * through here. (Bundled into the panel's script as well: no Node or vscode imports here.)
 */
// Types only: nothing of the engine is bundled into the panel's script.
import type { AspectResult, ScoreProvenance } from '../../core/result';
import { withoutShortening } from '../../core/geval/shortenedLine';
import { formatPercent, formatScore } from './numberFormat';

/**
 * One line: "sampling (server refused logprobs) · n 12, SE 0.04 · valid 100%".
 * Fallbacks are left to `fallbacksText` so a short hover can leave them out.
 */
export function provenanceLine(p: ScoreProvenance): string {
  const route = p.route === 'logprobs' ? 'log-probabilities' : 'sampling';
  const parts = [`${route} (${p.why})`];
  if (p.route === 'sampling' && p.samples !== undefined) {
    parts.push(`n ${p.samples}${p.standardError !== undefined ? `, SE ${formatScore(p.standardError)}` : ''}`);
  }
  parts.push(`valid ${formatPercent(p.validMass)}`);
  return parts.join(' · ');
}

/**
 * How an aspect's score was made, in one line: its provenance, or for results saved before
 * provenance existed, their route; with the answers that could not be read.
 */
export function scoredHow(a: Pick<AspectResult, 'provenance' | 'method' | 'validMass' | 'samples' | 'unparsed'>): string {
  const unreadable = a.unparsed ? `, ${a.unparsed} unreadable` : '';
  if (a.provenance) return `${provenanceLine(a.provenance)}${unreadable}`;
  return a.method === 'logprobs' ? `log-probabilities · valid mass ${formatPercent(a.validMass)}` : `sampling · ${a.samples ?? '?'} samples${unreadable}`;
}

/**
 * "fallbacks: top_logprobs capped at 5; context halved", or "" when none was taken. With
 * `shortenedShown`, the source's shortening has its own section: its line is left out (a refit kept).
 */
export function fallbacksText(p: ScoreProvenance, { shortenedShown = false } = {}): string {
  const fallbacks = shortenedShown ? withoutShortening(p.fallbacks ?? []) : (p.fallbacks ?? []);
  return fallbacks.length ? `fallbacks: ${fallbacks.join('; ')}` : '';
}
