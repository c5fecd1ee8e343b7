/**
 * The pull-request comment (issue 43) for two real-size runs of 10,000 items each (see
 * realSizeRuns.ts): in this process, the runs read, compared (2,000 bootstrap resamples per
 * aspect) and the comment built, and the comment's own part (most worsened items, Markdown);
 * then the real CLI's `compare A B --pr-comment` against the fake GitHub API, as the Action runs
 * it. Goal: the comment built in under 2 s, under GitHub's 65,536 characters. Median of 3.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { compareRuns } from '../../src/core/run/compareRuns';
import { loadRun } from '../../src/core/run/loadRun';
import { comparisonMarkdown, GITHUB_COMMENT_LIMIT, WORSENED_SHOWN } from '../../src/core/run/prComment/comparisonMarkdown';
import { worsenedItems } from '../../src/core/run/prComment/worsenedItems';
import { FakeGitHubServer } from '../../test/fake/githubServer';
import { realSizeRunPair, SUMLENS_BIN } from './realSizeRuns';

const ITEMS = 10_000;
const PASSES = 3;

function median(values: number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
}

interface Pass {
  total: number;
  /** CPU seconds (user + system) of the pass: on a shared machine, what the wall time would be alone. */
  cpu: number;
  comment: number;
  length: number;
}

async function inProcess(a: string, b: string): Promise<Pass> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const [runA, runB] = [await loadRun(a), await loadRun(b)];
  const comparison = compareRuns(runA, runB);
  const built = performance.now();
  const aspects = comparison.aspects.map((r) => r.aspect);
  const worsened = worsenedItems({ label: a, entries: runA.entries }, { label: b, entries: runB.entries }, aspects, WORSENED_SHOWN);
  const spend = [
    { run: 'head run', spend: runB.header.spend },
    { run: 'base run', spend: runA.header.spend },
  ];
  const markdown = comparisonMarkdown({ comparison, alpha: 0.05, worsened, spend, tool: 'bench' });
  const ended = performance.now();
  const used = process.cpuUsage(cpu);
  return { total: (ended - started) / 1000, cpu: (used.user + used.system) / 1e6, comment: (ended - built) / 1000, length: markdown.length };
}

async function viaCli(a: string, b: string, dir: string, github: FakeGitHubServer): Promise<number> {
  const event = path.join(dir, 'event.json');
  fs.writeFileSync(event, JSON.stringify({ pull_request: { number: 1 } }));
  const env = { ...process.env, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: github.repository, GITHUB_TOKEN: 'ghs_bench', GITHUB_API_URL: github.url };
  const started = performance.now();
  // Not execFileSync: the fake GitHub answers from this process's event loop.
  await promisify(execFile)(process.execPath, [SUMLENS_BIN, 'compare', a, b, '--pr-comment'], { cwd: dir, env });
  return (performance.now() - started) / 1000;
}

export async function benchPrComment(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-pr-comment-'));
  const github = await FakeGitHubServer.start();
  try {
    const { a, b, recordBytes } = await realSizeRunPair(dir, ITEMS);
    const passes = [];
    for (let i = 0; i < PASSES; i++) passes.push(await inProcess(a, b));
    const cli = [];
    for (let i = 0; i < PASSES; i++) cli.push(await viaCli(a, b, dir, github));
    const writes = github.writes().map((w) => w.method);
    const posted = github.comments.get(1)?.[0]?.body.length ?? 0;
    return [
      `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
      `two runs of ${ITEMS.toLocaleString('en')} items (${(recordBytes / 1024).toFixed(1)} KB a record), median of ${PASSES}:`,
      `  read, compared and the comment built, in process: ${median(passes.map((p) => p.total)).toFixed(2)} s (goal < 2 s), CPU ${median(passes.map((p) => p.cpu)).toFixed(2)} s; the comment's own part (worst items, Markdown): ${(median(passes.map((p) => p.comment)) * 1000).toFixed(1)} ms`,
      `  comment: ${passes[0].length.toLocaleString('en')} characters (GitHub's limit ${GITHUB_COMMENT_LIMIT.toLocaleString('en')})`,
      `  sumlens compare A B --pr-comment (the CLI, fake GitHub API): ${median(cli).toFixed(2)} s; requests that wrote: ${writes.join(', ')}; posted ${posted.toLocaleString('en')} characters`,
    ];
  } finally {
    await github.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
