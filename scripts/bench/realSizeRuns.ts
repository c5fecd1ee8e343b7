/**
 * Run files of real size for the `compare` and `report` benchmarks (issue 17): the real CLI's
 * `eval --data` scores a few dozen SummEval items (or articles of the same length when the set
 * is not here) through the fake judge, and its records (the full result per item, about
 * 4.4 KB) are repeated under new keys to 10,000 items. System B is the same judge with its
 * score distribution shifted on a fifth of the items, so the comparison has work to do.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../test/fake/openaiServer';

const SEED_ITEMS = 40;
/** The CLI as the package runs it (compiled scripts live in out/scripts/bench). */
export const SUMLENS_BIN = path.resolve(__dirname, '../../../bin/sumlens.js');

interface Pair {
  source: string;
  summary: string;
}

/** SummEval's first items when the set is here; otherwise articles of SummEval's length. */
function seedPairs(): Pair[] {
  const file = findDatasetFile('summeval/summeval.json', datasetFolders(process.env));
  if (file) {
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as { source: string; system_output: string }[];
    return rows.slice(0, SEED_ITEMS).map((row) => ({ source: row.source, summary: row.system_output }));
  }
  const sentence = (i: number, k: number) =>
    `The council of district ${i} met on day ${k} and approved a budget of ${i + k} million for schools, roads and the library. `;
  return Array.from({ length: SEED_ITEMS }, (_, i) => ({
    source: Array.from({ length: 24 }, (_, k) => sentence(i, k)).join(''),
    summary: `The council of district ${i} approved budgets for schools and roads over several meetings.`,
  }));
}

/**
 * A judge whose scores differ by item and aspect (the prompt's length picks the distribution);
 * `shifted` moves one prompt in five to the next distribution.
 */
function judge(shifted: boolean) {
  return (request: RecordedRequest) => {
    const prompt = JSON.stringify(request.body.messages);
    const k = (prompt.length + (shifted && prompt.length % 5 === 0 ? 1 : 0)) % 5;
    const probabilities = [
      { '1': 0.05, '2': 0.15, '3': 0.5, '4': 0.2, '5': 0.1 },
      { '1': 0.02, '2': 0.08, '3': 0.2, '4': 0.5, '5': 0.2 },
      { '1': 0.1, '2': 0.4, '3': 0.3, '4': 0.15, '5': 0.05 },
      { '1': 0.01, '2': 0.04, '3': 0.15, '4': 0.3, '5': 0.5 },
      { '1': 0.3, '2': 0.3, '3': 0.2, '4': 0.1, '5': 0.1 },
    ][k] as Record<string, number>;
    // Fluency is scored 1-3: its judge folds 4 and 5 into 3.
    if (prompt.includes('from 1 to 3')) {
      probabilities['3'] += probabilities['4'] + probabilities['5'];
      delete probabilities['4'];
      delete probabilities['5'];
    }
    const best = Object.entries(probabilities).sort((a, b) => b[1] - a[1])[0][0];
    return scoreReply(best, probabilities);
  };
}

/** `eval --data` through the real CLI, then its records repeated under new keys to `items`. */
async function realSizeRun(dir: string, name: string, pairs: Pair[], server: FakeOpenAiServer, items: number): Promise<string> {
  const data = path.join(dir, `${name}-data.jsonl`);
  const seedRun = path.join(dir, `${name}-seed.jsonl`);
  fs.writeFileSync(data, pairs.map((pair, i) => JSON.stringify({ id: `doc${i}`, ...pair })).join('\n') + '\n');
  // Not execFileSync: the fake judge answers from this process's event loop.
  await promisify(execFile)(
    process.execPath,
    [
      SUMLENS_BIN,
      'eval',
      '--data',
      data,
      '--out',
      seedRun,
      '--no-cache',
      '--cache-dir',
      path.join(dir, 'cache'),
      '--base-url',
      server.url,
      '--concurrency',
      '16',
    ],
    { cwd: dir, env: { ...process.env, OPENAI_API_KEY: 'sk-bench', SUMLENS_MODEL: 'gpt-4o-mini' } },
  );
  const [header, ...records] = fs.readFileSync(seedRun, 'utf8').trimEnd().split('\n');
  const seeds = records.map((line) => JSON.parse(line));
  const lines = [header];
  for (let i = 0; i < items; i++) {
    const seed = seeds[i % seeds.length];
    lines.push(JSON.stringify({ ...seed, key: `item${i}`, id: `item${i}`, index: i, where: `line ${i + 1}` }));
  }
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Runs A and B of `items` records each, in `dir`, by one judge; with the mean record size in bytes. */
export async function realSizeRunPair(dir: string, items: number): Promise<{ a: string; b: string; recordBytes: number }> {
  const pairs = seedPairs();
  const server = await FakeOpenAiServer.start();
  try {
    server.setHandler(judge(false));
    const a = await realSizeRun(dir, 'a', pairs, server, items);
    server.setHandler(judge(true));
    const b = await realSizeRun(dir, 'b', pairs, server, items);
    return { a, b, recordBytes: fs.statSync(a).size / items };
  } finally {
    await server.close();
  }
}
