/**
 * JaFaithSum against SumLens offline (issue 42, item 5), for the japanese benchmark:
 * - SumLens's sentence boundaries against the annotators' (the share of their sentences SumLens
 *   splits identically, white space at the ends aside; goal ≥ 98%);
 * - the plumbing of `meta` with a scripted judge: `bench --method fine` on 30 summaries through
 *   the fake server, then `meta`: every incorrect or unsupported finding located on one labelled
 *   sentence, and the figures present. A scripted judge's figures say nothing about a real judge.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { splitSentences } from '../../src/core/fine/sentences';
import { splitSourceSentences } from '../../src/core/longSource/sentences';
import { FakeOpenAiServer } from '../../test/fake/openaiServer';
import { runInProcess } from '../../test/e2e/cli/runInProcess';
import type { JaRow } from '../../test/fixtures/ja/jaFaithSumRows';
import { jaScriptedJudge } from '../../test/fixtures/ja/jaScriptedJudge';

const PLUMBING_SUMMARIES = 30;

/** A span without the white space at its ends. */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return `${start}:${end}`;
}

export function boundaryAgreement(rows: JaRow[]): string {
  const shares = [splitSentences, splitSourceSentences].map((split) => {
    let same = 0;
    let total = 0;
    for (const row of rows) {
      const ours = new Set(split(row.summary_text).map((s) => `${s.start}:${s.end}`));
      for (const s of row.sentences) {
        total++;
        if (ours.has(trimmed(row.summary_text, s.start_char, s.end_char))) same++;
      }
    }
    return { same, total };
  });
  const [fine, long] = shares;
  return (
    `sentence boundaries on JaFaithSum's ${fine.total.toLocaleString('en-US')} annotated summary sentences: SumLens splits ${fine.same} identically ` +
    `(${((100 * fine.same) / fine.total).toFixed(1)}%; long sources' splitter ${((100 * long.same) / long.total).toFixed(1)}%; goal ≥ 98%)`
  );
}

interface Report {
  rows: { summariser: string; summaries: number; sentences: number; balancedAccuracy: { value: number } }[];
  unlocatedFindings: number;
  findingsOffSentences: number;
}

export async function scriptedPlumbing(file: string): Promise<string> {
  const server = await FakeOpenAiServer.start();
  server.setHandler(jaScriptedJudge());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bench-ja-'));
  try {
    const out = path.join(dir, 'fine.jsonl');
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const bench = await runInProcess(
      ['bench', '--dataset', file, '--method', 'fine', '--limit', String(PLUMBING_SUMMARIES), '--out', out, '--no-cache', '--json'],
      env,
    );
    if (bench.code !== 0) return `meta on JaFaithSum with a scripted judge: bench failed (exit ${bench.code}): ${bench.stderr.trim()}`;
    const meta = await runInProcess(['meta', '--dataset', file, '--predictions', out, '--aspect', 'faithfulness', '--json'], env);
    if (meta.code !== 0) return `meta on JaFaithSum with a scripted judge: meta failed (exit ${meta.code}): ${meta.stderr.trim()}`;
    const report = (JSON.parse(meta.stdout) as { sentenceVerdicts: Report }).sentenceVerdicts;
    const all = report.rows.at(-1)!;
    return (
      `meta on JaFaithSum with a scripted judge (plumbing only: real figures need a real judge): bench --method fine on ${all.summaries} summaries ` +
      `(${report.rows.length - 1} summarisers) and meta, both exit 0; ${all.sentences} resolved sentences held against the labels, ` +
      `incorrect or unsupported findings unlocated ${report.unlocatedFindings}, on no labelled sentence ${report.findingsOffSentences}; ` +
      `balanced accuracy, confusion matrix and summary-level AUROC present per summariser and overall`
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
