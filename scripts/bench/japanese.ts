/**
 * Japanese text (issue 42), on JaFaithSum (by path through SUMLENS_DATASETS; CC BY-NC-SA 4.0):
 * - tokens of a 1,000,000-character Japanese source (its articles end to end) counted with
 *   o200k_base in pieces cut at sentence marks (llm/tokenCount.ts countInSlices): the time, wall
 *   and CPU (the machine is shared: CPU time says what the count itself took), and the longest
 *   the event loop waited meanwhile (goals: < 500 ms, no slice over 50 ms);
 * - the estimate against the tokenizer on its sources and summaries (goal: within 15%);
 * - the haystack check of the long-source benchmark on Japanese: each summary's article among
 *   39 others, shortened for an 8,192-token judge (7,000 tokens of source), the share of the
 *   article's best-matching sentences shown (goal ≥ 90%);
 * - JaFaithSum against SumLens offline: sentence boundaries, and `meta`'s plumbing with a
 *   scripted judge (japaneseMeta.ts).
 */
import * as os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import { countInSlices, estimateTokens, forgetTokenCounts, TokenCounter } from '../../src/core/llm/tokenCount';
import { shortenSource } from '../../src/core/longSource';
import { boundaryAgreement, scriptedPlumbing } from './japaneseMeta';
import { JA_FAITHSUM, jaSummarised, readJaRows, type JaRow } from '../../test/fixtures/ja/jaFaithSumRows';
import { bestMatches, haystacksOf, shownCount } from '../../test/fixtures/longSource/haystack';
import '../../test/setup/sharedDatasets';

const CHARACTERS = 1_000_000;
const HAYSTACKS = 100;
const SOURCE_BUDGET = 7000;

export async function benchJapanese(): Promise<string[]> {
  const file = findDatasetFile(JA_FAITHSUM, datasetFolders(process.env));
  if (!file) return [`japanese: skipped, ${JA_FAITHSUM} is in no datasets folder (SUMLENS_DATASETS)`];
  const rows = readJaRows(file);
  return [...(await countTime(rows)), await estimateError(rows), await haystack(rows), boundaryAgreement(rows), await scriptedPlumbing(file)];
}

/** One count of the book in pieces: wall and CPU time, the longest piece, the longest the event loop waited. */
interface CountRun {
  ms: number;
  cpuMs: number;
  piece: number;
  wait: number;
}

async function countOnce(counter: TokenCounter, book: string): Promise<{ run: CountRun; tokens: number; pieces: number }> {
  await forgetTokenCounts(); // each run counts afresh, not from the last run's remembered pre-tokens
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let longest = 0;
  let pieces = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const tokens = await countInSlices(book, (piece) => {
    const pieceStarted = performance.now();
    const n = counter.count(piece);
    longest = Math.max(longest, performance.now() - pieceStarted);
    pieces++;
    return n;
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  delay.disable();
  return { run: { ms, cpuMs: (used.user + used.system) / 1000, piece: longest, wait: delay.max / 1e6 }, tokens, pieces };
}

async function countTime(rows: JaRow[]): Promise<string[]> {
  const counter = new TokenCounter('gpt-4o');
  const loading = performance.now();
  if ((await counter.ready()) !== 'exact') return ['tokens of Japanese: skipped, gpt-tokenizer is not installed'];
  const loadMs = performance.now() - loading;
  // The first Japanese a process counts also compiles the tokenizer's code paths: paid once, shown apart.
  const warming = performance.now();
  counter.count(rows.map((r) => r.summary_text).join('\n'));
  const warmMs = performance.now() - warming;
  const articles = [...new Set(rows.map((r) => r.source_text))];
  const book = Array.from({ length: Math.ceil(CHARACTERS / 1000) }, (_, i) => `${articles[i % articles.length]}\n`)
    .join('')
    .slice(0, CHARACTERS);
  const runs: CountRun[] = [];
  let counted = { tokens: 0, pieces: 0 };
  for (let run = 0; run < 5; run++) {
    const once = await countOnce(counter, book);
    runs.push(once.run);
    counted = once;
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const { clearMergeCache, countTokens } = await import('gpt-tokenizer');
  clearMergeCache();
  const libraryCpu = process.cpuUsage();
  countTokens(book);
  const libraryUsed = process.cpuUsage(libraryCpu);
  const of = (key: keyof CountRun) => runs.map((r) => r[key]);
  return [
    `tokens of a ${CHARACTERS.toLocaleString('en-US')}-character Japanese source (${counted.tokens.toLocaleString('en-US')} o200k tokens) in ${counted.pieces} pieces cut at sentence marks, 5 runs from empty caches ` +
      `(load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores): median ${median(of('ms')).toFixed(0)} ms, fastest ${Math.min(...of('ms')).toFixed(0)} ms (goal < 500 ms); ` +
      `CPU time median ${median(of('cpuMs')).toFixed(0)} ms (gpt-tokenizer's own count of it in one piece: ${((libraryUsed.user + libraryUsed.system) / 1000).toFixed(0)} ms of CPU); ` +
      `longest piece median ${median(of('piece')).toFixed(1)} ms, at most ${Math.max(...of('piece')).toFixed(1)} ms; longest event-loop wait median ${median(of('wait')).toFixed(1)} ms (goal ≤ 50 ms); ` +
      `once per process: the tokenizer loaded in ${loadMs.toFixed(0)} ms, its first Japanese counted in ${warmMs.toFixed(0)} ms`,
  ];
}

async function estimateError(rows: JaRow[]): Promise<string> {
  const counter = new TokenCounter('gpt-4o');
  if ((await counter.ready()) !== 'exact') return 'the estimate on Japanese: skipped, gpt-tokenizer is not installed';
  const texts = rows.flatMap((r) => [r.source_text, r.summary_text]);
  const errors = texts.map((t) => estimateTokens(t) / counter.count(t) - 1);
  const total = texts.reduce((s, t) => s + estimateTokens(t), 0) / texts.reduce((s, t) => s + counter.count(t), 0) - 1;
  const within = errors.filter((e) => Math.abs(e) < 0.15).length;
  const worst = Math.max(...errors.map(Math.abs));
  return (
    `the estimate against o200k_base on JaFaithSum's ${texts.length} sources and summaries: ${(100 * total).toFixed(1)}% in total, ` +
    `${within} of ${texts.length} within 15% (goal), worst ${(100 * worst).toFixed(1)}%`
  );
}

async function haystack(rows: JaRow[]): Promise<string> {
  const stacks = haystacksOf(jaSummarised(rows), HAYSTACKS);
  let shown = 0;
  let total = 0;
  const tokens: number[] = [];
  for (const stack of stacks) {
    tokens.push(estimateTokens(stack.source));
    const matches = bestMatches(stack);
    const { shown: excerpts } = await shortenSource({ source: stack.source, summary: stack.summary }, SOURCE_BUDGET, estimateTokens);
    shown += shownCount(matches, excerpts.ranges);
    total += matches.length;
  }
  return (
    `haystack on Japanese, ${HAYSTACKS} JaFaithSum summaries each with its article among 39 others (${Math.min(...tokens).toLocaleString('en-US')}–${Math.max(...tokens).toLocaleString('en-US')} tokens), ` +
    `${SOURCE_BUDGET.toLocaleString('en-US')} tokens of source shown: ${shown} of ${total} best-matching sentences shown (${((100 * shown) / total).toFixed(1)}%, goal ≥ 90%)`
  );
}
