/**
 * `bench --method fine` on SummEval as the paper's §4.3 runs it: a rubric per article from
 * the entities at least 5 of its 11 references carry (one call per article), consistency
 * from correctness, relevance from completeness and alignment, coherence and fluency from
 * the readability categories; `meta` then correlates the scores like any other method.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { schemaName, scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from '../cli/runInProcess';

/** 0–255 from a text, so the scripted answers vary from summary to summary. */
const byte = (text: string) => createHash('sha256').update(text).digest()[0];

const judge = scriptedJudge({
  answer(angle, _id, text) {
    const b = byte(text);
    if (angle.startsWith('correctness')) return b % 3 === 0 ? 'Unknown' : b % 5 === 0 ? 'No' : 'Yes';
    if (angle.startsWith('completeness')) return b % 2 === 0 ? 'Yes' : 'No';
    return b % 4 === 0 ? 'No' : 'Yes';
  },
  issues(angle, target) {
    const quote = target.slice(0, 20);
    if (angle === 'readability-flow' && byte(target) % 2 === 0) return [{ quote, category: 'awkward flow', explanation: 'jumps' }];
    if (angle === 'readability-language' && byte(target) % 3 === 0) return [{ quote, category: 'spelling', explanation: 'typo' }];
    return [];
  },
});

describe('e2e meta: bench --method fine on SummEval (paper §4.3)', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(judge);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-finebench-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('scores the four aspects of every item, one rubric call per article, and meta correlates them', async function () {
    this.timeout(60_000);
    const dataset = requireDataset(this, 'summeval/summeval.json');
    const out = path.join(dir, 'fine.jsonl');
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
    const run = await runInProcess(['bench', '--dataset', dataset, '--method', 'fine', '--limit', '32', '--out', out, '--no-cache', '--json'], env);
    assert.equal(run.code, 0, run.stderr);

    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const records = lines.filter((line) => line.sumlens !== 'run'); // the first line is the run file's header
    assert.equal(records.length, 32);
    for (const r of records) {
      // The four fine-grained metrics, and SummEval's four aspects read from them.
      assert.deepEqual(Object.keys(r.scores).sort(), [
        'alignment',
        'coherence',
        'completeness',
        'consistency',
        'correctness',
        'fluency',
        'readability',
        'relevance',
      ]);
      for (const score of Object.values<number>(r.scores)) assert.ok(score >= 1 && score <= 5, JSON.stringify(r.scores));
      assert.equal(r.errors, undefined);
      const fine = r.result.fine;
      assert.equal(r.scores.consistency, fine.correctness.score);
      assert.ok(Math.abs(r.scores.relevance - (1 + 2 * (fine.completeness.ratio + fine.alignment.ratio))) < 1e-12);
      assert.equal(r.scores.coherence, 1 + 4 * (1 - fine.stats.sentencesWithFlowIssues / fine.stats.sentences));
      assert.equal(r.scores.fluency, 1 + 4 * (1 - fine.stats.sentencesWithGrammarOrSpelling / fine.stats.sentences));
      // The rubric: the sentences of the first reference (carried by 5), not the fact only 4 references carry.
      assert.ok(
        fine.entities.filter((e: { note: string }) => e.note === 'reference').every((e: { text: string }) => e.text !== 'a fact only four references carry'),
      );
      assert.ok(
        fine.notes.some((n: string) => /carried by at least 5 of the 11 references/.test(n)),
        fine.notes,
      );
      assert.equal(fine.rules.rubric.quorum, 5);
    }

    const calls = server.chatRequests.map(schemaName);
    assert.equal(calls.filter((c) => c === 'fine_rubric').length, 2, 'one rubric call per article (2 articles × 16 systems)');
    assert.equal(calls.filter((c) => c === 'fine_extract').length, 32, 'the rubric replaces the reference extraction');
    assert.equal(calls.length, 2 + 32 * 13);
    const rubricPrompt = server.chatRequests.find((r) => schemaName(r) === 'fine_rubric')!.body.messages.at(-1).content as string;
    assert.match(rubricPrompt, /^\[11\] /m);

    const { meta } = JSON.parse(run.stdout);
    assert.deepEqual(meta.map((m: { aspect: string }) => m.aspect).sort(), ['coherence', 'consistency', 'fluency', 'relevance']);
    for (const m of meta) {
      assert.equal(m.items, 32, m.aspect);
      assert.ok(Number.isFinite(m.spearman), `${m.aspect}: ${m.spearman}`);
    }
  });
});
