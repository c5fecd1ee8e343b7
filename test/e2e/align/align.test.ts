/**
 * `sumlens align` as a user runs it, against scripted judges through the fake server: a judge
 * that learns from scored examples is aligned (held-out gain with intervals, the template
 * written, and with it `eval --data --prompts` agrees better with people on other documents);
 * a judge that knows nothing of the people gets nothing adopted; no held-out document ever
 * appears in its own prompt as an example; bad input is a clear error before anything is spent.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTemplate } from '../../../src/core/prompts/loadTemplate';
import { seededRandom } from '../../../src/core/stats/random';
import { FakeOpenAiServer, promptTokensOf, type RecordedRequest } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';
import {
  deafJudge,
  disagreementsShown,
  isRewriteRequest,
  learningJudge,
  promptParts,
  ratedItems,
  rewriteReply,
  sourceOf,
  strictness,
  writeRatedData,
} from './scriptedRaters';

const humanOf = (doc: number, k: number) => 1 + ((doc * 3 + k) % 5);

describe('sumlens align', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let dir: string;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-align-'));
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(dir, 'cache'), TMPDIR: dir });
  const align = (data: string, ...more: string[]) =>
    runInProcess(
      [
        'align',
        '--data',
        data,
        '--human',
        'human_coherence',
        '--aspect',
        'coherence',
        '--model',
        'fake-model',
        '--out',
        path.join(dir, 'aligned'),
        '--resamples',
        '500',
        ...more,
      ],
      env(),
    );

  it('a judge that learns from examples and rewritten criteria: adopted on held-out documents, with intervals; the template helps on other documents', async () => {
    server.setHandler(learningJudge(humanOf));
    const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
    const run = await align(data, '--json');
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.sumlens, 'alignment');
    const [coherence] = report.aspects;
    assert.equal(coherence.verdict.adopted, 'criteria+examples');
    for (const name of ['examples', 'criteria', 'criteria+examples']) {
      const candidate = coherence.verdict.candidates.find((c: { name: string }) => c.name === name);
      assert.ok(candidate.significant && candidate.errorChange.interval.high < 0 && candidate.alphaGain.interval.low > 0, JSON.stringify(candidate));
    }
    const rewrites = server.chatRequests.filter(isRewriteRequest);
    // One rewrite per fold, and one on all items for the adopted template: an answer-cache hit
    // when a fold's training items hold the same largest disagreements as all items do.
    assert.ok(rewrites.length === 5 || rewrites.length === 6, `${rewrites.length} rewrite requests`);
    // Asked of the server or of the answer cache (a prompt met before in the run is answered from it).
    assert.equal(
      report.usage.calls + report.usage.cacheHits,
      60 * 4 + 6,
      "each item judged with the original template and its fold's three candidates; 6 rewrites",
    );
    assert.equal(report.usage.calls, server.chatRequests.length);

    // Leakage: nothing a fold's candidates learned from is in that fold, and no prompt shows an example from the document it judges.
    coherence.heldOut.forEach((keys: string[], fold: number) => {
      const learned = new Set(coherence.learnedFrom[fold]);
      assert.ok(!keys.some((key) => learned.has(key)), `fold ${fold + 1} learned from its own items`);
    });
    for (const request of server.chatRequests.filter((r) => !isRewriteRequest(r))) {
      const { judged, examples: shown } = promptParts(request);
      assert.ok(!shown.some((e) => e.doc === judged.doc), `D${judged.doc} shown as its own example`);
    }

    const written = path.join(dir, 'aligned', 'summarization', 'coherence.md');
    assert.equal(coherence.written, written);
    assert.equal(loadTemplate(written).id, 'summarization/coherence', 'a template --prompts reads');
    const text = fs.readFileSync(written, 'utf8');
    assert.match(
      text,
      /^---\n# Aligned by sumlens align on \d{4}-\d{2}-\d{2} \(criteria\+examples\), learned from 60 rated items of .*rated\.jsonl\n# \(sha256 [0-9a-f]{16}…\)/,
    );
    assert.match(text, /## Evaluation Criteria\n\nCoherence \(1-5\): .* The raters are strict/);
    assert.equal((text.match(/^Example \d: score/gm) ?? []).length, 6);

    // The alignment in a report: Markdown as the CLI prints it, HTML with the adopted row marked.
    const alignmentFile = path.join(dir, 'alignment.json');
    fs.writeFileSync(alignmentFile, run.stdout);
    const html = path.join(dir, 'report.html');
    const reported = await runInProcess(['report', '--alignment', alignmentFile, '--md', '-', '--html', html], env());
    assert.equal(reported.code, 0, reported.stderr);
    assert.match(reported.stdout, /^### The judge aligned to your scores\n\n.*rated\.jsonl: 5-fold cross-validation grouped by source document/m);
    assert.match(reported.stdout, /^rewritten \+ examples +0\.\d{3} \[/m);
    assert.match(reported.stdout, /^adopted: rewritten \+ examples, learned again on all 60 items and written to .* \(its examples: D\d+-\d(, D\d+-\d){5}\)$/m);
    const page = fs.readFileSync(html, 'utf8');
    assert.match(page, /<section id="alignment"><h2>The judge aligned to your scores<\/h2>/);
    assert.match(page, /<tr class="adopted"><td>rewritten \+ examples<\/td>/);

    // Other documents: the built-in template and the aligned one, through eval --data.
    const other = writeRatedData(dir, 'other.jsonl', ratedItems(6, humanOf, 100));
    const meanError = async (...prompts: string[]) => {
      const out = path.join(dir, `run-${prompts.length}.jsonl`);
      const evalRun = await runInProcess(['eval', '--data', other, '--aspects', 'coherence', '--model', 'fake-model', '--out', out, ...prompts], env());
      assert.equal(evalRun.code, 0, evalRun.stderr);
      const records = fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line));
      return (
        records.reduce((sum, r) => sum + Math.abs(r.scores.coherence - humanOf(...(r.key.slice(1).split('-').map(Number) as [number, number]))), 0) /
        records.length
      );
    };
    const builtIn = await meanError();
    const aligned = await meanError('--prompts', path.join(dir, 'aligned'));
    assert.ok(aligned < builtIn / 2, `mean |judge - people| ${builtIn} with the built-in template, ${aligned} aligned`);
  });

  describe("the examples' sources, as much as the judge's context allows", () => {
    // Sources of some 800 tokens: six of them whole would not fit beside the judged one in 3,000.
    const MINUTES = 30;
    const promptOf = (request: RecordedRequest) => (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
    const withExamples = () => server.chatRequests.filter((r) => !isRewriteRequest(r) && promptParts(r).examples.length > 0);

    it('a small --context-tokens: each example source shortened to its share by the long-source rule, the judged source whole, every prompt within the window', async () => {
      server.setHandler(learningJudge(humanOf));
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf), MINUTES);
      const run = await align(data, '--strategy', 'examples', '--context-tokens', '3000', '--json');
      assert.equal(run.code, 0, run.stderr);
      const [coherence] = JSON.parse(run.stdout).aspects;
      assert.match(
        coherence.exampleSources,
        /^example sources: up to \d+ tokens each \(the smallest share of the judge's context of 3000 tokens \(--context-tokens 3000\), over 6 templates\); 36 of 36 shortened by the long-source rule/,
      );
      assert.equal(coherence.verdict.adopted, 'examples', 'the shortened examples still teach the judge');
      const shown = withExamples();
      assert.ok(shown.length >= 60);
      for (const request of server.chatRequests) {
        const used = promptTokensOf(request.body) + Number(request.body.max_tokens ?? 0);
        assert.ok(used <= 3000, `a request of ${used} tokens in a window of 3000`);
      }
      for (const request of shown) {
        const prompt = promptOf(request);
        const { judged, examples } = promptParts(request);
        assert.ok(prompt.includes(`\n${sourceOf(judged.doc, MINUTES)}\n`), 'the judged source whole');
        assert.match(prompt, /shown by its opening and the sentences that bear on its summary; \[…\] marks omitted text/);
        for (const example of examples) {
          assert.ok(!prompt.includes(`> ${sourceOf(example.doc, MINUTES)}`), `D${example.doc} shown whole`);
          assert.ok(prompt.includes(`> Document D${example.doc}. The council of town ${example.doc} met on Monday.`), `D${example.doc}'s opening`);
        }
        assert.equal((prompt.match(/^> \[…\]$/gm) ?? []).length >= examples.length, true, 'each example marks what it leaves out');
      }
      const written = fs.readFileSync(path.join(dir, 'aligned', 'summarization', 'coherence.md'), 'utf8');
      assert.match(written, /^# Its example sources: up to \d+ tokens each .* 6 of 6 shortened by the long-source rule/m);
    });

    it('a large window: every example source whole', async () => {
      server.setHandler(learningJudge(humanOf));
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf), MINUTES);
      const run = await align(data, '--strategy', 'examples', '--context-tokens', '100000', '--json');
      assert.equal(run.code, 0, run.stderr);
      const [coherence] = JSON.parse(run.stdout).aspects;
      assert.equal(coherence.exampleSources, "example sources: whole (each fits its share of the judge's context of 100000 tokens (--context-tokens 100000))");
      for (const request of withExamples()) {
        const prompt = promptOf(request);
        for (const example of promptParts(request).examples) assert.ok(prompt.includes(`> ${sourceOf(example.doc, MINUTES)}\n`), `D${example.doc} whole`);
        assert.doesNotMatch(prompt, /marks omitted text/);
      }
    });
  });

  describe('--rounds: criteria rewritten again from the disagreements the last round left, on training items only', () => {
    it("round 2 reads round 1's criteria and the training items they still disagree with; no held-out item is judged or shown before its fold is scored", async () => {
      server.setHandler(learningJudge(humanOf));
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
      // No cache: every request reaches the server, in the order the alignment makes it.
      const run = await align(data, '--rounds', '2', '--no-cache', '--json');
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout);
      assert.equal(report.rounds, 2);
      const [coherence] = report.aspects;
      assert.deepEqual(
        coherence.verdict.candidates.map((c: { name: string }) => c.name),
        ['examples', 'criteria', 'criteria+examples', 'calibration'],
        "one candidate per recipe, its last round's criteria: Holm counts no round chosen on held-out scores",
      );
      // Round 2's criteria (0.1 above people) on held-out documents, where round 1's would read 0.3 above them.
      const criteria = coherence.verdict.candidates.find((c: { name: string }) => c.name === 'criteria');
      assert.ok(criteria.agreement.meanAbsoluteDifference.value < 0.25, JSON.stringify(criteria.agreement.meanAbsoluteDifference));
      assert.equal(coherence.verdict.adopted, 'criteria+examples');
      assert.match(fs.readFileSync(path.join(dir, 'aligned', 'summarization', 'coherence.md'), 'utf8'), /The raters are strict, stricter still/);

      // The requests in order: the original template on every item; then per fold (and last for the adopted
      // template, on all items) a round-1 rewrite, its criteria judging the training items, a round-2 rewrite, the fold judged
      // by the three candidates.
      const requests = server.chatRequests;
      assert.ok(requests.slice(0, 60).every((r) => !isRewriteRequest(r) && strictness(r) === 0));
      const segments: { shown: string[]; trainingJudged: string[]; heldOutJudged: string[]; rewrites: number[] }[] = [];
      const key = (item: { doc: number; k: number }) => `D${item.doc}-${item.k}`;
      for (const request of requests.slice(60)) {
        if (isRewriteRequest(request)) {
          const round = strictness(request) + 1;
          if (round === 1) segments.push({ shown: [], trainingJudged: [], heldOutJudged: [], rewrites: [] });
          const segment = segments[segments.length - 1];
          segment.rewrites.push(round);
          segment.shown.push(...disagreementsShown(request).map(key));
        } else {
          const segment = segments[segments.length - 1];
          (strictness(request) === 1 ? segment.trainingJudged : segment.heldOutJudged).push(key(promptParts(request).judged));
        }
      }
      assert.equal(segments.length, 6, 'five folds and the adopted template');
      segments.forEach((segment, fold) => {
        assert.deepEqual(segment.rewrites, [1, 2]);
        if (fold === 5) {
          assert.equal(segment.trainingJudged.length, 60, 'the adopted template: round 1 judged on every rated item');
          return;
        }
        const heldOut = new Set<string>(coherence.heldOut[fold]);
        assert.equal(segment.trainingJudged.length, 60 - heldOut.size, `fold ${fold + 1}: round 1's criteria judged on each training item`);
        assert.ok(!segment.trainingJudged.some((k) => heldOut.has(k)), `fold ${fold + 1}: a held-out item judged for a later round`);
        assert.ok(!segment.shown.some((k) => heldOut.has(k)), `fold ${fold + 1}: a held-out item shown to the optimizer`);
        assert.equal(segment.heldOutJudged.length, 3 * heldOut.size);
        assert.deepEqual([...new Set(segment.heldOutJudged)].sort(), [...heldOut].sort(), `fold ${fold + 1}: its own items judged by its candidates`);
      });
    });

    it('a second round whose reply is never usable: the candidate dropped, naming the round', async () => {
      const junk = { choices: [{ text: 'I would rather not.' }] };
      server.setHandler(learningJudge(humanOf, (request) => (strictness(request) > 0 ? junk : rewriteReply)));
      const run = await align(writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf)), '--strategy', 'criteria', '--rounds', '2');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^dropped: criteria rewritten: fold 1: round 2: the optimizer's reply could not be used twice/m);
      assert.equal(server.chatRequests.filter(isRewriteRequest).length, 3, 'round 1, then round 2 asked again once');
    });

    it('--dry-run counts the rounds; more than 3 rounds is a usage error', async () => {
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
      const run = await align(data, '--dry-run', '--rounds', '2');
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stdout,
        /^dry run: 540 judge requests \(60 coherence items × 4 templates \+ 300 judgements of training items in rounds 2-2\) and 12 criteria rewrites \(2 rounds\), /,
      );
      const tooMany = await align(data, '--rounds', '4');
      assert.equal(tooMany.code, 2);
      assert.match(tooMany.stderr, /--rounds/);
      assert.equal(server.chatRequests.length, 0);
    });
  });

  it('an optimizer whose reply is never usable: the rewritten candidates dropped and named, the examples still measured', async () => {
    server.setHandler(learningJudge(humanOf, { choices: [{ text: 'I would rather not.' }] }));
    const run = await align(writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf)));
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^dropped: criteria rewritten: fold 1: the optimizer's reply could not be used twice \(align:criteria:coherence: invalid reply after one retry: the reply is not valid JSON/m,
    );
    assert.match(run.stdout, /^dropped: rewritten \+ examples: fold 1: /m);
    assert.match(run.stdout, /^adopted: with scored examples, learned again on all 60 items/m);
    assert.equal(server.chatRequests.filter(isRewriteRequest).length, 2, 'asked again once, then dropped');
  });

  it("--ratings: the editor's Your score file, its texts found by hash among the files; a rating without its files named and skipped", async () => {
    server.setHandler(learningJudge(humanOf));
    const texts = path.join(dir, 'workspace');
    fs.mkdirSync(texts);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const lines = ratedItems(12, humanOf).map((item) => {
      const { source, summary } = JSON.parse(fs.readFileSync(writeRatedData(dir, 'one.jsonl', [item]), 'utf8'));
      fs.writeFileSync(path.join(texts, `D${item.doc}.txt`), source);
      fs.writeFileSync(path.join(texts, `D${item.doc}-${item.k}.md`), summary);
      return {
        v: 1,
        at: '2026-11-26T10:00:00Z',
        aspect: 'coherence',
        person: item.human,
        judge: 3,
        judgeName: 'fake-model',
        scale: [1, 5],
        sourceSha256: sha(source),
        summarySha256: sha(summary),
      };
    });
    lines.push({ ...lines[0], summarySha256: sha('a selection, not a file') });
    const ratings = path.join(dir, 'ratings.jsonl');
    fs.writeFileSync(ratings, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const run = await runInProcess(
      ['align', '--ratings', ratings, '--texts', texts, '--model', 'fake-model', '--out', path.join(dir, 'aligned'), '--strategy', 'examples'],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /skipped .*ratings\.jsonl:61 \(coherence\): its summary is not a file under .*workspace \(a selection, or a file since changed\)/);
    assert.match(run.stdout, /^coherence: 60 rated items/m);
    assert.match(run.stdout, /^adopted: with scored examples, learned again on all 60 items/m);
  });

  it('a judge that fails mid-way: its error and exit code; the same command again resumes from the cache', async () => {
    const learning = learningJudge(humanOf);
    let answered = 0;
    server.setHandler((request) => (++answered > 70 ? { status: 401, error: { message: 'Incorrect API key provided' } } : learning(request)));
    const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
    const failed = await align(data);
    assert.equal(failed.code, 5, failed.stderr);
    assert.match(failed.stderr, /Incorrect API key/);
    assert.ok(!fs.existsSync(path.join(dir, 'aligned')), 'nothing written');
    server.setHandler(learning);
    const resumed = await align(data);
    assert.equal(resumed.code, 0, resumed.stderr);
    // At least the answers the failed run got: the same command's own repeats hit the cache too, as many as its timing lets.
    const hits = Number(/cache hits (\d+)/.exec(resumed.stdout)?.[1] ?? 0);
    assert.ok(hits >= 60, resumed.stdout);
  });

  it('people whose scores the judge cannot know: nothing adopted, nothing written', async () => {
    server.setHandler(deafJudge());
    const random = seededRandom(7);
    const data = writeRatedData(
      dir,
      'rated.jsonl',
      ratedItems(12, () => 1 + Math.floor(random() * 5)),
    );
    const run = await align(data);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /keep your template: no candidate both lowers the judge's error significantly/);
    assert.ok(!fs.existsSync(path.join(dir, 'aligned')));
  });

  it('--dry-run counts the requests and sends none', async () => {
    const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
    const run = await align(data, '--dry-run');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^dry run: 240 judge requests \(60 coherence items × 4 templates\) and 6 criteria rewrites, ~\d+ prompt/);
    // Long sources: a known small window counts the examples' sources at their share of it.
    const long = writeRatedData(dir, 'long.jsonl', ratedItems(12, humanOf), 30);
    const promptTokens = async (...more: string[]) => Number(/~(\d+) prompt/.exec((await align(long, '--dry-run', ...more)).stdout)![1]);
    const whole = await promptTokens();
    assert.ok((await promptTokens('--context-tokens', '3000')) < whole * 0.8, 'the examples counted at their share of 3,000 tokens');
    assert.equal(await promptTokens('--context-tokens', '100000'), whole);
    assert.equal(server.chatRequests.length, 0);
  });

  describe('bad input: a clear error and its exit code, nothing spent', () => {
    it('a --human column no row has: exit 8', async () => {
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
      const run = await runInProcess(['align', '--data', data, '--human', 'expert', '--model', 'fake-model'], env());
      assert.equal(run.code, 8);
      assert.match(run.stderr, /no row has a column 'expert'/);
    });

    it('a score that is not a number: exit 8 naming its cell', async () => {
      const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
      fs.writeFileSync(data, fs.readFileSync(data, 'utf8').replace('"human_coherence":1', '"human_coherence":"good"'));
      const run = await align(data);
      assert.equal(run.code, 8);
      assert.match(run.stderr, /rated\.jsonl: line \d+, column human_coherence: "good" is not a decimal number/);
      assert.equal(server.chatRequests.length, 0);
    });

    it('fewer documents than folds: exit 8', async () => {
      const run = await align(writeRatedData(dir, 'rated.jsonl', ratedItems(3, humanOf)));
      assert.equal(run.code, 8);
      assert.match(run.stderr, /3 source document\(s\); 5 folds grouped by document need at least 5/);
      assert.equal(server.chatRequests.length, 0);
    });

    it('people on another scale than the template: exit 8', async () => {
      const run = await align(
        writeRatedData(
          dir,
          'rated.jsonl',
          ratedItems(12, (d, k) => humanOf(d, k) * 2),
        ),
      );
      assert.equal(run.code, 8);
      assert.match(run.stderr, /outside the coherence template's scale 1-5; rescale the ratings/);
    });

    it('one human score only: exit 8', async () => {
      const run = await align(
        writeRatedData(
          dir,
          'rated.jsonl',
          ratedItems(12, () => 3),
        ),
      );
      assert.equal(run.code, 8);
      assert.match(run.stderr, /every item has the same human score \(3\)/);
    });

    it('a template already at --out: exit 2 before any request, unless --force', async () => {
      fs.mkdirSync(path.join(dir, 'aligned', 'summarization'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'aligned', 'summarization', 'coherence.md'), 'mine');
      const run = await align(writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf)));
      assert.equal(run.code, 2);
      assert.match(run.stderr, /coherence\.md exists; move it, choose another --out, or pass --force/);
      assert.equal(server.chatRequests.length, 0);
      assert.equal(fs.readFileSync(path.join(dir, 'aligned', 'summarization', 'coherence.md'), 'utf8'), 'mine');
    });

    it('--resamples below 100: usage error', async () => {
      const run = await align(writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf)), '--resamples', '0');
      assert.equal(run.code, 2);
      assert.match(run.stderr, /align decides on 95% intervals/);
    });
  });
});
