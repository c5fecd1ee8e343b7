/**
 * `sumlens compare A B` (or `compare RUN --by system`): is B better than A? Per aspect the
 * paired mean difference with its 95% interval, the permutation p-value (Holm-corrected),
 * wins / ties / losses, and the items without a partner. --fail-if-worse makes it a CI gate;
 * --pr-comment puts the comparison on the pull request (one comment, edited on each push).
 */
import { Command, Option } from 'commander';
import { SumLensError } from '../../core/errors';
import { packageVersion } from '../../core/paths';
import { compareRuns, compareSides, sidesBySystem, worseAspects, type RunComparison, type Side } from '../../core/run/compareRuns';
import { loadRun } from '../../core/run/loadRun';
import { comparisonMarkdown, WORSENED_SHOWN, type CommentInput } from '../../core/run/prComment/comparisonMarkdown';
import { worsenedItems } from '../../core/run/prComment/worsenedItems';
import { QUALITY_GATE_EXIT_CODE } from '../../core/run/outcome';
import { DEFAULT_SEED } from '../../core/stats/random';
import { stderrNotice } from '../datasetRun';
import { alignColumns } from '../format/columns';
import { positiveInt } from '../sessionOptions';
import { cliIo, setExitCode } from '../io';
import { postComparison } from '../github/postComparison';
import { pullRequestContext } from '../github/pullRequestContext';

interface CompareFlags {
  by?: 'system';
  systems?: string;
  allowDifferent?: boolean;
  failIfWorse?: boolean;
  alpha: number;
  seed: number;
  json?: boolean;
  markdown?: boolean;
  prComment?: boolean;
}

export function registerCompare(program: Command): void {
  program
    .command('compare')
    .description('compare two runs item by item: mean differences with intervals, paired permutation tests, wins/ties/losses')
    .argument('<runA>', 'run file of system A (from eval --data or bench)')
    .argument('[runB]', 'run file of system B (or give one run with --by system)')
    .addOption(new Option('--by <field>', 'compare two systems inside one run').choices(['system']))
    .option('--systems <a,b>', 'with --by system: which two systems (default: the only two)')
    .option('--allow-different', 'compare runs whose judge, method or templates differ')
    .option('--fail-if-worse', 'exit 15 when B is significantly worse than A on an aspect (Holm-adjusted p < --alpha)')
    .option('--alpha <p>', 'significance level for --fail-if-worse', parseAlpha, 0.05)
    .option('--seed <n>', 'seed of the resampling (bootstrap, permutations)', positiveInt, DEFAULT_SEED)
    .addOption(new Option('--json', 'print the comparison as JSON').conflicts('markdown'))
    .option('--markdown', "print the comparison as the pull request comment's Markdown")
    .option(
      '--pr-comment',
      "post the comparison's Markdown on the pull request GitHub Actions runs for (GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_TOKEN, GITHUB_API_URL), editing SumLens's comment there on later pushes, and append it to GITHUB_STEP_SUMMARY",
    )
    .action(runCompare);
}

function parseAlpha(text: string): number {
  const value = Number(text);
  if (!(value > 0 && value < 1)) throw new Error(`expected a number between 0 and 1, got "${text}"`);
  return value;
}

/** What is compared: the two sides, the comparison, and what the run files spent. */
interface Compared {
  sides: [Side, Side];
  aspects: readonly string[];
  comparison: RunComparison;
  spend: CommentInput['spend'];
}

async function compareFromFlags(pathA: string, pathB: string | undefined, flags: CompareFlags): Promise<Compared> {
  if (flags.by === 'system') {
    if (pathB !== undefined) throw new SumLensError('usage', 'give one run with --by system, or two runs without it');
    const run = await loadRun(pathA);
    const named = flags.systems?.split(',').map((s) => s.trim());
    if (named && named.length !== 2) throw new SumLensError('usage', `--systems wants two names, e.g. --systems A,B (got "${flags.systems}")`);
    const sides = sidesBySystem(run, named as [string, string] | undefined);
    const comparison = compareSides(sides[0], sides[1], run.aspects, { seed: flags.seed });
    return { sides, aspects: run.aspects, comparison, spend: [{ run: 'the run', spend: run.header.spend }] };
  }
  if (pathB === undefined) throw new SumLensError('usage', 'give two runs, or one run with --by system');
  const [a, b] = [await loadRun(pathA), await loadRun(pathB)];
  const comparison = compareRuns(a, b, { allowDifferent: flags.allowDifferent, seed: flags.seed });
  const sides: [Side, Side] = [
    { label: a.path, entries: a.entries },
    { label: b.path, entries: b.entries },
  ];
  const spend = [
    { run: 'head run', spend: b.header.spend },
    { run: 'base run', spend: a.header.spend },
  ];
  return { sides, aspects: comparison.aspects.map((r) => r.aspect), comparison, spend };
}

function markdownOf(compared: Compared, alpha: number): string {
  const [a, b] = compared.sides;
  return comparisonMarkdown({
    comparison: compared.comparison,
    alpha,
    worsened: worsenedItems(a, b, compared.aspects, WORSENED_SHOWN),
    spend: compared.spend,
    tool: packageVersion(),
  });
}

async function runCompare(pathA: string, pathB: string | undefined, flags: CompareFlags): Promise<void> {
  // Read before any work, so a missing GITHUB_TOKEN or a push event fails at once.
  const pullRequest = flags.prComment ? pullRequestContext(cliIo().env) : undefined;
  const compared = await compareFromFlags(pathA, pathB, flags);
  const comparison = compared.comparison;
  for (const difference of comparison.differences) stderrNotice(`compared despite a difference (--allow-different): ${difference}`);
  const markdown = flags.markdown || pullRequest ? markdownOf(compared, flags.alpha) : '';
  cliIo().stdout.write(flags.json ? JSON.stringify(comparison, null, 2) + '\n' : flags.markdown ? markdown : comparisonTable(comparison));
  if (flags.failIfWorse) {
    const worse = worseAspects(comparison, flags.alpha);
    for (const r of worse)
      stderrNotice(
        `quality gate: ${r.aspect} is worse in B: ${signed(r.meanDifference)} [${signed(r.interval.low)}, ${signed(r.interval.high)}], p (Holm) ${r.pHolm.toPrecision(2)} < ${flags.alpha}`,
      );
    if (worse.length > 0) setExitCode(QUALITY_GATE_EXIT_CODE);
  }
  if (pullRequest) await postComparison(pullRequest, markdown);
}

function signed(x: number): string {
  return Number.isNaN(x) ? '—' : `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
}

function names(keys: string[]): string {
  return keys.length === 0 ? '' : `: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? `, … (${keys.length - 10} more)` : ''}`;
}

export function comparisonTable(c: RunComparison): string {
  const header = ['aspect', 'n', 'mean A', 'mean B', 'B − A', '95% CI', 'p', 'p (Holm)', 'wins/ties/losses'];
  const rows = c.aspects.map((r) => [
    r.aspect,
    String(r.n),
    r.n ? r.meanA.toFixed(3) : '—',
    r.n ? r.meanB.toFixed(3) : '—',
    signed(r.meanDifference),
    `[${signed(r.interval.low)}, ${signed(r.interval.high)}]`,
    Number.isNaN(r.pValue) ? '—' : r.pValue.toPrecision(2),
    Number.isNaN(r.pHolm) ? '—' : r.pHolm.toPrecision(2),
    `${r.wins}/${r.ties}/${r.losses}`,
  ]);
  const lines = [
    `A: ${c.a.label} (${c.a.items} items)`,
    `B: ${c.b.label} (${c.b.items} items)`,
    `paired on id: ${c.paired} item(s); paired bootstrap 95% intervals and sign-flip permutation tests, seed ${c.seed ?? DEFAULT_SEED}`,
    '',
    ...alignColumns([header, ...rows]),
  ];
  if (c.onlyA.length || c.onlyB.length) {
    lines.push('', `unpaired: ${c.onlyA.length} only in A${names(c.onlyA)}`, `          ${c.onlyB.length} only in B${names(c.onlyB)}`);
  }
  const unscored = c.aspects.filter((r) => r.unscoredPairs > 0);
  if (unscored.length) lines.push('', ...unscored.map((r) => `${r.aspect}: ${r.unscoredPairs} paired item(s) left out (no score on one side)`));
  return lines.join('\n') + '\n';
}
