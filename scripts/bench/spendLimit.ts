/**
 * `--max-cost` on a 160-call run: `eval --data` of 80 news-sized rows × 2 aspects on
 * gpt-4o-mini through the fake judge (which reports each reply's usage), run by the real CLI
 * in this process under a limit of about 40% of the run's cost; then the same command without
 * the limit. Figures: where it stopped (spend, requests, rows kept), and that the rerun asked
 * only the rest (cache hits, total requests).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply } from '../../test/fake/openaiServer';
import { runInProcess } from '../../test/e2e/cli/runInProcess';

const ROWS = 80;
const ASPECTS = 'coherence,relevance';
export const LIMIT_USD = 0.01;

/** About 600 words: a news article as CNN/DailyMail's are. */
function article(i: number): string {
  const sentences = [
    `The council of district ${i} met on Monday to vote on the harbour budget.`,
    'Residents had asked for a new ferry line, a repaired sea wall and longer opening hours at the market.',
    'The mayor said the plan would be paid for by a small rise in the port fee, spread over five years.',
    'Opposition members argued that the fee would drive fishing boats to the neighbouring town.',
    'After three hours of debate the budget passed by eleven votes to seven, with two abstentions.',
  ];
  return Array.from({ length: 24 }, (_, k) => sentences[k % sentences.length]).join(' ');
}

export async function benchSpendLimit(): Promise<string[]> {
  const server = await FakeOpenAiServer.start({ latencyMs: 20 });
  server.setHandler(() => scoreReply('3', { '3': 0.6, '2': 0.3, '4': 0.1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-spend-'));
  try {
    const data = path.join(dir, 'data.jsonl');
    const rows = Array.from({ length: ROWS }, (_, i) => JSON.stringify({ id: i, source: article(i), summary: `District ${i} passed its harbour budget.` }));
    fs.writeFileSync(data, rows.join('\n') + '\n');
    const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: server.url, SUMLENS_MODEL: 'gpt-4o-mini', XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const run = (limit: string[]) => runInProcess(['eval', '--data', data, '--aspects', ASPECTS, '--out', path.join(dir, 'run.jsonl'), ...limit], env);

    const started = performance.now();
    const stopped = await run(['--max-cost', String(LIMIT_USD)]);
    const seconds = (performance.now() - started) / 1000;
    const stop = /spending limit \$([\d.]+) reached: \$([\d.]+) spent on (\d+) requests?/.exec(stopped.stderr);
    const kept = /(\d+) item\(s\) written/.exec(stopped.stderr)?.[1];
    const promptTokens = server.chatRequests.length ? /tokens (\d+) prompt/.exec(stopped.stderr)?.[1] : undefined;
    const sentFirst = server.chatRequests.length;
    const resumed = await run([]);
    const rerun = /calls (\d+) \(cache hits (\d+)/.exec(resumed.stderr);
    const full = /cost for gpt-4o-mini: (\S+)/.exec(resumed.stderr)?.[1];
    return [
      `run: ${ROWS} rows × 2 aspects = ${ROWS * 2} calls on gpt-4o-mini, ~${Math.round(Number(promptTokens) / Math.max(1, sentFirst))} prompt tokens a call`,
      `--max-cost ${LIMIT_USD}: exit ${stopped.code}, stopped at $${stop?.[2]} spent on ${stop?.[3]} requests (${sentFirst} sent), ${kept} rows kept, in ${seconds.toFixed(1)} s`,
      `  its one line: ${stopped.stderr.split('\n').find((line) => line.startsWith('sumlens:')) ?? '(none)'}`,
      `rerun without the limit: exit ${resumed.code}, ${rerun?.[1]} calls, ${rerun?.[2]} cache hits; ${server.chatRequests.length} requests over both runs (cost of the rest ${full})`,
    ];
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
