/**
 * The comparison of a base run and a pull request's run as the Markdown of one pull-request
 * comment (and of the job summary): a verdict line, per aspect both means, the difference with
 * its interval, Holm's p and wins / losses / ties, the items that got most worse, and what the
 * runs cost. Its size is bounded whatever the runs hold (rows, ids and names are capped), so it
 * stays under GitHub's 65,536-character limit on a comment; the hidden marker on its first line
 * is how the next push finds the comment to edit.
 */
import type { RunSpend } from '../runSpend';
import { spendText } from '../runSpend';
import { thousands } from '../../thousands';
import { worseAspects, type AspectComparison, type RunComparison } from '../compareRuns';
import type { WorsenedItem } from './worsenedItems';
import { code, cut, signed } from './markdownText';

/** The hidden line a SumLens comment starts with. */
export const COMMENT_MARKER = '<!-- sumlens:compare -->';
/** GitHub refuses a comment body longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;
/** Items named under "got most worse". */
export const WORSENED_SHOWN = 5;
/** Aspect rows shown; a run with more aspects says how many were left out. */
const ASPECTS_SHOWN = 40;
const NAMES_SHOWN = 5;

export interface CommentInput {
  comparison: RunComparison;
  /** The significance level of the verdict (and of --fail-if-worse). */
  alpha: number;
  worsened: WorsenedItem[];
  /** What each run file's header says it spent (absent in files written before spends were kept): head and base, or the one run of `--by system`. */
  spend: { run: string; spend?: RunSpend }[];
  /** SumLens's version, in the footer. */
  tool: string;
}

export type VerdictKind = 'worse' | 'better' | 'unchanged';

export interface Verdict {
  kind: VerdictKind;
  worse: AspectComparison[];
  better: AspectComparison[];
}

/** Worse when any aspect is significantly worse (Holm), better when some are better and none worse. */
export function verdictOf(comparison: RunComparison, alpha: number): Verdict {
  const worse = worseAspects(comparison, alpha);
  const better = comparison.aspects.filter((r) => r.meanDifference > 0 && r.pHolm < alpha);
  return { kind: worse.length > 0 ? 'worse' : better.length > 0 ? 'better' : 'unchanged', worse, better };
}

function aspectNames(rows: AspectComparison[]): string {
  const names = rows.slice(0, NAMES_SHOWN).map((r) => code(cut(r.aspect)));
  return names.join(', ') + (rows.length > NAMES_SHOWN ? ` and ${rows.length - NAMES_SHOWN} more` : '');
}

function verdictLines(verdict: Verdict, alpha: number): string[] {
  const level = `Holm-adjusted p < ${alpha}`;
  const better = verdict.better.length > 0 ? ` Better: ${aspectNames(verdict.better)}.` : '';
  if (verdict.kind === 'worse') return [`### 🔴 SumLens: summaries got worse`, '', `**Worse** on ${aspectNames(verdict.worse)} (${level}).${better}`];
  if (verdict.kind === 'better') return [`### 🟢 SumLens: summaries got better`, '', `**Better** on ${aspectNames(verdict.better)} (${level}); worse on none.`];
  return [`### ⚪ SumLens: no significant change`, '', `**No significant change** on any aspect (${level}).`];
}

function pText(p: number): string {
  return Number.isNaN(p) ? '—' : p < 0.001 ? '< 0.001' : p.toPrecision(2);
}

function aspectTable(rows: AspectComparison[]): string[] {
  const lines = ['| aspect | n | base | head | head − base [95% CI] | p (Holm) | wins / losses / ties |', '|---|--:|--:|--:|--:|--:|--:|'];
  for (const r of rows.slice(0, ASPECTS_SHOWN)) {
    const means = r.n > 0 ? [r.meanA.toFixed(3), r.meanB.toFixed(3)] : ['—', '—'];
    const difference = `${signed(r.meanDifference)} [${signed(r.interval.low)}, ${signed(r.interval.high)}]`;
    lines.push(
      `| ${code(cut(r.aspect))} | ${thousands(r.n)} | ${means[0]} | ${means[1]} | ${difference} | ${pText(r.pHolm)} | ${thousands(r.wins)} / ${thousands(r.losses)} / ${thousands(r.ties)} |`,
    );
  }
  if (rows.length > ASPECTS_SHOWN) lines.push('', `… and ${rows.length - ASPECTS_SHOWN} more aspects (\`sumlens compare\` prints them all).`);
  return lines;
}

function worsenedLines(items: WorsenedItem[]): string[] {
  if (items.length === 0) return ['No item scored lower on average in the head run.'];
  const lines = [`**Most worsened items** (mean of head − base over the aspects):`, '', '| item | change | scores (base → head) |', '|---|--:|---|'];
  for (const item of items.slice(0, WORSENED_SHOWN)) {
    const scores = item.aspects
      .slice(0, NAMES_SHOWN)
      .map((s) => `${cut(s.aspect, 30)} ${s.a.toFixed(2)} → ${s.b.toFixed(2)}`)
      .join(', ');
    lines.push(`| ${code(cut(item.id))} | ${signed(item.change)} | ${code(scores + (item.aspects.length > NAMES_SHOWN ? ', …' : ''))} |`);
  }
  return lines;
}

function runLines(input: CommentInput): string[] {
  const { comparison: c, spend } = input;
  const unpaired = (keys: string[]) =>
    keys.length === 0
      ? '0'
      : `${thousands(keys.length)} (${keys
          .slice(0, NAMES_SHOWN)
          .map((k) => code(cut(k)))
          .join(', ')}${keys.length > NAMES_SHOWN ? ', …' : ''})`;
  const lines = [
    `Base: ${code(cut(c.a.label, 120))} (${thousands(c.a.items)} items) · head: ${code(cut(c.b.label, 120))} (${thousands(c.b.items)} items) · paired on id: ${thousands(c.paired)}`,
  ];
  if (c.onlyA.length + c.onlyB.length > 0) lines.push(`Unpaired: only in base ${unpaired(c.onlyA)}; only in head ${unpaired(c.onlyB)}.`);
  for (const difference of c.differences.slice(0, NAMES_SHOWN)) lines.push(`Compared despite a difference: ${code(cut(difference, 200))}`);
  const cost = ({ run, spend: s }: CommentInput['spend'][number]) => `${run} ${s ? spendText(s) : 'cost not recorded in its run file'}`;
  lines.push(`Cost: ${spend.map(cost).join('; ')}.`);
  return lines;
}

export function comparisonMarkdown(input: CommentInput): string {
  const { comparison: c, alpha } = input;
  const lines = [
    COMMENT_MARKER,
    ...verdictLines(verdictOf(c, alpha), alpha),
    '',
    ...aspectTable(c.aspects),
    '',
    ...worsenedLines(input.worsened),
    '',
    ...runLines(input),
    '',
    `<sub>SumLens ${cut(input.tool, 40)}: paired bootstrap 95% intervals, sign-flip permutation tests Holm-adjusted across aspects, seed ${c.seed ?? 'default'}. This comment is edited on every push.</sub>`,
  ];
  return lines.join('\n') + '\n';
}
