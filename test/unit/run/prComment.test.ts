/**
 * The pull-request comment's Markdown (src/core/run/prComment): the verdict line, the figures
 * of the paired comparison as compare computes them, the most worsened items by id, text from
 * run files kept from breaking the Markdown, and a size under GitHub's 65,536-character limit
 * whatever the runs hold (10,000 items; thousands of aspects, unpaired ids and huge names).
 */
import * as assert from 'node:assert/strict';
import { compareSides, type RunComparison, type Side } from '../../../src/core/run/compareRuns';
import { comparisonMarkdown, COMMENT_MARKER, GITHUB_COMMENT_LIMIT, WORSENED_SHOWN } from '../../../src/core/run/prComment/comparisonMarkdown';
import { code } from '../../../src/core/run/prComment/markdownText';
import { worsenedItems } from '../../../src/core/run/prComment/worsenedItems';
import type { RunEntry } from '../../../src/core/run/loadRun';

const ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'];

function side(label: string, n: number, score: (i: number, aspect: string) => number): Side {
  const entries: RunEntry[] = Array.from({ length: n }, (_, i) => ({
    key: `item-${i}`,
    id: `item-${i}`,
    scores: Object.fromEntries(ASPECTS.map((a) => [a, score(i, a)])),
    failed: false,
    lineNo: i + 2,
  }));
  return { label, entries };
}

function markdownOf(a: Side, b: Side): string {
  return comparisonMarkdown({
    comparison: compareSides(a, b, ASPECTS, { seed: 7 }),
    alpha: 0.05,
    worsened: worsenedItems(a, b, ASPECTS, WORSENED_SHOWN),
    spend: [{ run: 'head run' }, { run: 'base run' }],
    tool: '0.1.0',
  });
}

describe('unit run: the pull-request comment', () => {
  it('says worse, better or no significant change, with per-aspect figures and the five most worsened items by id', () => {
    const base = side('main.jsonl', 60, (i) => 3 + (i % 5) / 5);
    const worse = side('pr.jsonl', 60, (i, a) => 3 + (i % 5) / 5 - (a === 'consistency' ? (i < 7 ? 2 : 0.5) : 0));
    const text = markdownOf(base, worse);
    assert.ok(text.startsWith(`${COMMENT_MARKER}\n### 🔴 SumLens: summaries got worse`));
    assert.match(text, /^\*\*Worse\*\* on `consistency` \(Holm-adjusted p < 0\.05\)\.$/m);
    assert.match(text, /^\| `consistency` \| 60 \| 3\.400 \| 2\.725 \| −0\.675 \[−\d\.\d{3}, −\d\.\d{3}\] \| < 0\.001 \| 0 \/ 60 \/ 0 \|$/m);
    assert.match(text, /^\| `fluency` \| 60 \| 3\.400 \| 3\.400 \| \+0\.000 \[\+0\.000, \+0\.000\] \| 1\.0 \| 0 \/ 0 \/ 60 \|$/m);
    const worst = [...text.matchAll(/^\| `(item-\d+)` \| −0\.500 \|/gm)].map((m) => m[1]);
    assert.deepEqual(worst, ['item-0', 'item-1', 'item-2', 'item-3', 'item-4'], 'the five worst (−2 on one of four aspects), ties in id order');
    const better = markdownOf(
      base,
      side('pr.jsonl', 60, (i) => 3.5 + (i % 5) / 5),
    );
    assert.match(better, /^\*\*Better\*\* on `coherence`, `consistency`, `fluency`, `relevance` \(Holm-adjusted p < 0\.05\); worse on none\.$/m);
    assert.match(better, /No item scored lower on average in the head run\./);
    assert.match(markdownOf(base, base), /^\*\*No significant change\*\* on any aspect/m);
  });

  it('keeps text from run files inert: code spans fenced past its backticks, pipes escaped, one line', () => {
    assert.equal(code('a`b'), '``a`b``');
    assert.equal(code('`x`'), '`` `x` ``');
    assert.equal(code('@octocat | <b>\nx'), '`@octocat \\| <b> x`');
  });

  it('two 10,000-item runs: the comment stays far under the limit', () => {
    const base = side('runs/main.jsonl', 10_000, (i, a) => 1 + ((i * 7 + a.length) % 5));
    const head = side('runs/pr.jsonl', 10_000, (i, a) => 1 + ((i * 7 + a.length + (i % 3 === 0 ? 4 : 0)) % 5));
    const text = markdownOf(base, head);
    assert.ok(text.length < 4_000, `${text.length} characters`);
    assert.equal(text.match(/^\| `item-\d+` \|/gm)?.length, 5);
  });

  it('stays under the limit whatever the runs hold: 2,000 aspects, 10,000-character ids, 50,000 unpaired items', () => {
    const huge = (i: number) => `${'`|@x '.repeat(2_000)}${i}`;
    const row = (i: number) => ({
      aspect: huge(i),
      n: 10_000,
      meanA: 3,
      meanB: 2,
      meanDifference: -1,
      interval: { low: -1.1, high: -0.9 },
      pValue: 0.0001,
      exact: false,
      pMethod: 'monte-carlo' as const,
      wins: 1,
      ties: 2,
      losses: 9_997,
      pHolm: 0.001,
      unscoredPairs: 0,
    });
    const comparison = {
      a: { label: huge(1), items: 60_000 },
      b: { label: huge(2), items: 60_000 },
      paired: 10_000,
      onlyA: Array.from({ length: 50_000 }, (_, i) => huge(i)),
      onlyB: Array.from({ length: 50_000 }, (_, i) => huge(i)),
      differences: Array.from({ length: 1_000 }, (_, i) => huge(i)),
      aspects: Array.from({ length: 2_000 }, (_, i) => row(i)),
    } as RunComparison;
    const worsened = Array.from({ length: 50 }, (_, i) => ({
      id: huge(i),
      change: -1,
      aspects: comparison.aspects.map((r) => ({ aspect: r.aspect, a: 3, b: 2 })),
    }));
    const text = comparisonMarkdown({ comparison, alpha: 0.05, worsened, spend: [{ run: 'head run' }], tool: huge(0) });
    assert.ok(text.length < GITHUB_COMMENT_LIMIT / 2, `${text.length} characters`);
    assert.match(text, /… and 1960 more aspects/);
    assert.equal(text.split('\n').filter((l) => l.startsWith('| `')).length, 40 + 5);
  });
});
