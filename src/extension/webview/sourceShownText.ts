/**
 * How a long source was shortened, in words: the share the judge saw, why (the context or the
 * user's budget), and which aspects saw which excerpts. The panel, the status bar's hover and
 * the excerpt highlight all word it through here. (Bundled into the panel's script as well:
 * no Node or vscode imports here.)
 */
// Types only: nothing of the engine is bundled into the panel's script.
import type { AspectResult, SourceShown } from '../../core/result';
import { formatCount, formatPercent } from './numberFormat';

/** A share of the source: one decimal below 10% (a 100,000-word source is often shown at 2–3%). */
export function formatShare(share: number): string {
  return share > 0 && share < 0.1 ? `${(share * 100).toFixed(1)}%` : formatPercent(share);
}

/** "2,950 of 16,400 tokens". */
export function shownTokens(shown: SourceShown): string {
  return `${formatCount(shown.shownTokens)} of ${formatCount(shown.sourceTokens)} tokens`;
}

/** Why the source was shortened, as a clause: "to fit the judge's context" / "within sumlens.sourceTokens". */
export function shownWhy(shown: SourceShown): string {
  const window = shown.window ? ` of ${formatCount(shown.window.tokens)} tokens (${shown.window.detail})` : '';
  return shown.reason === 'context'
    ? `the whole source would not fit the judge's context${window}, which left ${formatCount(shown.budgetTokens)} tokens for it`
    : `the source budget (sumlens.sourceTokens) is ${formatCount(shown.budgetTokens)} tokens`;
}

/** The short form for hovers: "excerpts, 18% of the source (budget)". */
export function shownBrief(shown: SourceShown): string {
  return `excerpts, ${formatShare(shown.share)} of the source (${shown.reason === 'context' ? "to fit the judge's context" : 'source budget'})`;
}

/** One set of excerpts and the aspects that were shown it. */
export interface ShownGroup {
  shown: SourceShown;
  aspects: string[];
  /** What the panel's button sends to highlight this group: undefined for the run-level set. */
  key?: string;
}

const sameRanges = (a: SourceShown, b: SourceShown) =>
  a.ranges.length === b.ranges.length && a.ranges.every((r, i) => r.start === b.ranges[i].start && r.end === b.ranges[i].end);

/** What the fine-grained group is called, and the key its button sends. */
export const fineExcerpts = 'fine-grained facts';

/**
 * The excerpts the judge saw, grouped: one group when every aspect that uses the source saw the
 * same ones (the result's own sourceShown), else one per distinct set, named by its first
 * aspect; and the passages the fine-grained facts were judged against. Empty when the judge
 * saw the whole source.
 */
export function shownGroups(result: {
  sourceShown?: SourceShown;
  aspects: Pick<AspectResult, 'name' | 'sourceShown'>[];
  fine?: { sourceShown?: SourceShown };
}): ShownGroup[] {
  const shortened = result.aspects.filter((a) => a.sourceShown);
  const groups: ShownGroup[] = [];
  if (result.sourceShown) groups.push({ shown: result.sourceShown, aspects: shortened.map((a) => a.name) });
  else {
    for (const aspect of shortened) {
      const group = groups.find((g) => sameRanges(g.shown, aspect.sourceShown!));
      if (group) group.aspects.push(aspect.name);
      else groups.push({ shown: aspect.sourceShown!, aspects: [aspect.name], key: aspect.name });
    }
  }
  if (result.fine?.sourceShown) groups.push({ shown: result.fine.sourceShown, aspects: [fineExcerpts], key: fineExcerpts });
  return groups;
}

/** The group a "show excerpts" request names (the first one when none is named). */
export function shownGroup(result: Parameters<typeof shownGroups>[0], key?: string): ShownGroup | undefined {
  const groups = shownGroups(result);
  return (key === undefined ? undefined : groups.find((g) => g.key === key || g.aspects.includes(key))) ?? groups[0];
}
