/**
 * Caveats reach the user: unread samples and a low valid mass, unjudged entities, an entity
 * list halved to fit the context. Through evaluate() (JSON fields) and the CLI's text report.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SumLensError } from '../../src/core/errors';
import { evaluate } from '../../src/core/evaluate';
import { createOpenAiSession } from '../../src/core/llm/openaiSession';
import { FakeOpenAiServer, type ChatHandler } from '../fake/openaiServer';
import { noteOfFacts, schemaName, scriptedJudge, userContent } from '../fixtures/fine/scriptedJudge';
import { runInProcess } from './cli/runInProcess';

const SOURCE = 'The council met on Monday. It approved a new bus route to the hospital. The vote was 7 to 2.';
const SUMMARY = 'The council approved a bus route. The vote was 7 to 2. It met on Monday.';

/** Logprobs refused; of every 4 sampled answers only the first holds a score. */
const mostlyUnreadable: ChatHandler = (request) =>
  request.body.logprobs
    ? { status: 400, error: { message: 'logprobs are not supported', param: 'logprobs' } }
    : { choices: Array.from({ length: request.body.n ?? 1 }, (_, i) => ({ text: i % 4 === 0 ? '4' : 'I cannot say.' })) };

/** The faithful prompt always fails; the evidence prompt disagrees about "The vote…": that entity is unjudged. */
const failingPrompt: ChatHandler = scriptedJudge({
  override: (name) => (name === 'fine_correctness_faithful' ? 'not json' : undefined),
  answer: (angle, _id, text) => (angle === 'correctness-evidence' && text.startsWith('The vote') ? 'No' : 'Yes'),
});

describe('warnings are visible', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-warnings-'));
    fs.writeFileSync(path.join(dir, 'source.txt'), SOURCE);
    fs.writeFileSync(path.join(dir, 'summary.txt'), SUMMARY);
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const session = () =>
    createOpenAiSession({ baseURL: server.url, apiKey: 'test', model: 'fake-model', cacheDir: null, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
  const cliArgs = (...extra: string[]) => [
    'eval',
    '--source',
    path.join(dir, 'source.txt'),
    '--summary',
    path.join(dir, 'summary.txt'),
    '--no-cache',
    ...extra,
  ];
  const env = () => ({ OPENAI_API_KEY: 'test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });

  it('sampling: unread answers and a valid mass below 0.5 are warned on the aspect', async () => {
    server.setHandler(mostlyUnreadable);
    const result = await evaluate(
      { source: SOURCE, summary: SUMMARY, task: 'summarization' },
      { method: 'geval', aspects: ['coherence'], samples: 20, maxStandardError: 0, session: session() },
    );
    const [coherence] = result.aspects;
    assert.equal(coherence.method, 'sampling');
    assert.deepEqual(coherence.warnings, [
      '15 of 20 sampled answers held no readable score',
      'valid mass 0.25 (below 0.5): the score rests on 5 answer(s) out of 20',
    ]);
  });

  it('fine-grained: a failed prompt leaves an entity unjudged, and the metric says what it rests on', async () => {
    server.setHandler(failingPrompt);
    const result = await evaluate({ source: SOURCE, summary: SUMMARY, task: 'summarization' }, { method: 'fine', session: session() });
    const fine = result.fine!;
    const vote = fine.entities.find((e) => e.note === 'target' && e.text.startsWith('The vote'))!;
    assert.equal(vote.verdict, 'Unjudged');
    assert.deepEqual(
      vote.votes.filter((v) => v.prompt.startsWith('correctness')).map((v) => v.answer),
      ['Yes', 'No'],
    ); // the failed prompt is no vote
    assert.deepEqual(fine.correctness, { ratio: 1, score: 5, counted: 2, unjudged: 1 });
    assert.ok(!fine.findings.some((f) => f.entityId === vote.id && f.kind !== 'misplaced'), 'an unjudged entity is no finding');
    assert.deepEqual(result.warnings, [
      `fine-grained: correctness: 1 of 3 entities unjudged (${vote.id}): too few of their prompts answered; the score rests on the other 2`,
    ]);
  });

  it('the CLI text report prints the warnings and what each metric rests on', async () => {
    server.setHandler(failingPrompt);
    const fine = await runInProcess(cliArgs('--method', 'fine'), env());
    assert.equal(fine.code, 0, fine.stderr);
    assert.match(fine.stdout, /correctness\s+5\.00\s+1\.00\s+2 entities, 1 unjudged/);
    assert.match(fine.stdout, /warnings\n {2}fine-grained: correctness: 1 of 3 entities unjudged/);

    server.setHandler(mostlyUnreadable);
    const sampled = await runInProcess(cliArgs('--aspects', 'coherence', '--max-se', '0'), env());
    assert.equal(sampled.code, 0, sampled.stderr);
    assert.match(sampled.stdout, /warnings\n {2}coherence: 15 of 20 sampled answers held no readable score\n {2}coherence: valid mass 0\.25/);
  });

  describe('a context too long for the model', () => {
    const tooLongAbove = (limit: number): ChatHandler => {
      const judge = scriptedJudge({});
      return (request) => {
        const entities = (userContent(request).match(/^T\d+: /gm) ?? []).length;
        return schemaName(request) === 'fine_correctness_supported' && entities > limit
          ? { status: 400, error: { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' } }
          : judge(request);
      };
    };
    const input = { source: noteOfFacts(8, 'Doctor'), summary: noteOfFacts(8), reference: noteOfFacts(8, 'Patient'), task: 'summarization' as const };

    it('is halved and retried inside evaluate(), and the result says so', async () => {
      server.setHandler(tooLongAbove(2));
      const supported = () => server.chatRequests.filter((r) => schemaName(r) === 'fine_correctness_supported').length;
      const before = supported();
      const result = await evaluate(input, { method: 'fine', session: session() });
      assert.equal(result.fine?.errors, undefined);
      assert.deepEqual(result.fine?.correctness, { ratio: 1, score: 5, counted: 8 });
      assert.equal(supported() - before, 7); // 8 → 4 + 4 → 2 + 2 + 2 + 2
      assert.ok(
        result.warnings?.some((w) => /context was too long.*halved.*3 time/.test(w)),
        String(result.warnings),
      );
      assert.deepEqual(result.provenance?.filter((p) => p.startsWith('context halved')).length, 3);
      assert.match(
        result.provenance.find((p) => p.startsWith('context halved'))!,
        /^context halved: fine:correctness-supported \(8 entities were too long for the model; judged as 4 \+ 4\)$/,
      );
      assert.ok(
        result.provenance.some((p) => /^learned: context window 8192 tokens \(stated in a too-long error\)/.test(p)),
        'the window the error stated is named too',
      );
    });

    it('stops the run (exit 7) when even one entity does not fit', async () => {
      server.setHandler(tooLongAbove(0));
      await assert.rejects(evaluate(input, { method: 'fine', session: session() }), (error: unknown) => error instanceof SumLensError && error.exitCode === 7);
    });
  });
});
