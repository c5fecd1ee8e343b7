import * as assert from 'node:assert/strict';
import { setMaxListeners } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isCancellation } from '../../../src/core/errors';
import { evaluateFine } from '../../../src/core/fine/evaluateFine';
import { createOpenAiSession } from '../../../src/core/llm/openaiSession';
import type { LlmSession } from '../../../src/core/llm/types';
import type { FineResult } from '../../../src/core/result';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { noteOfFacts, schemaName, scriptedJudge, sentencesOf, userContent, type Script } from '../../fixtures/fine/scriptedJudge';

const SOURCE = [
  'Doctor: What brings you in today?',
  'Patient: I have had a cough for two weeks, and a fever since Monday.',
  'Doctor: Any medication? Patient: I take metformin 500 mg twice a day.',
  'Doctor: Your chest X-ray is clear.',
].join('\n');
const REFERENCE =
  'Chief complaint:\r\nCough for two weeks.\r\nFever since Monday.\r\nMedications:\r\nMetformin 500 mg twice daily.\r\nImaging:\r\nChest X-ray clear.';
const SUMMARY = 'Chief complaint:\nCough for two weeks.\nFever since Tuesday.\nMedications:\nChest X-ray clear.\nThe patient loves 🐈 cats.';

describe('fine-grained evaluation through the fake server', () => {
  let server: FakeOpenAiServer;
  let session: LlmSession;

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    session = createOpenAiSession({
      baseURL: server.url,
      apiKey: 'test',
      model: 'fake-model',
      cacheDir: null,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
  });
  afterEach(() => server.close());

  const run = (script: Script, input: { source: string; summary: string; reference?: string }, extra = {}): Promise<FineResult> => {
    server.setHandler(scriptedJudge(script));
    return evaluateFine(input, { session, ...extra });
  };
  const callsByPrompt = () => server.chatRequests.map(schemaName);

  describe('a full run with a reference', () => {
    let result: FineResult;
    let fullServer: FakeOpenAiServer;
    const progress: { done: number; total: number }[] = [];
    before(async () => {
      fullServer = await FakeOpenAiServer.start();
      const fullSession = createOpenAiSession({ baseURL: fullServer.url, apiKey: 'test', model: 'fake-model', cacheDir: null });
      const script: Script = {
        answer(angle, _id, text) {
          if (angle.startsWith('completeness')) {
            if (text.startsWith('Metformin')) return ' no'; // case and spaces are forgiven
            if (text.startsWith('Fever')) return angle === 'completeness-present' ? 'Yes' : 'Contradict';
            if (text.startsWith('Chest')) return angle === 'completeness-support' ? 'Yes' : 'Partially'; // partial + partial + yes → yes
            return 'Yes';
          }
          if (angle.startsWith('correctness')) {
            if (text.startsWith('Fever')) return 'No';
            if (text.includes('cats')) return 'Unknown';
            return 'Yes';
          }
          if (angle.startsWith('alignment')) return text.startsWith('Chest') || text.includes('cats') ? 'No' : 'Yes';
          return 'Yes';
        },
        evidence: (angle, id) => (angle === 'correctness-supported' && id === 'T2' ? [{ note: 'source', quote: 'a fever since monday' }] : []),
        issues: (angle) =>
          angle === 'readability-language' ? [{ quote: 'loves 🐈 cats', category: 'inappropriate language', explanation: 'too casual' }] : [],
      };
      fullServer.setHandler(scriptedJudge(script));
      result = await evaluateFine({ source: SOURCE, summary: SUMMARY, reference: REFERENCE }, { session: fullSession, onProgress: (p) => progress.push(p) });
    });
    after(() => fullServer.close());

    it('makes one call per extraction step and per prompt angle', () => {
      const calls = fullServer.chatRequests.map(schemaName).sort();
      assert.equal(calls.length, 16);
      assert.deepEqual(
        [...new Set(calls)],
        [
          'fine_alignment_definition',
          'fine_alignment_reference',
          'fine_completeness_coverage',
          'fine_completeness_present',
          'fine_completeness_support',
          'fine_correctness_evidence',
          'fine_correctness_faithful',
          'fine_correctness_supported',
          'fine_extract',
          'fine_readability_flow',
          'fine_readability_language',
          'fine_source',
          'fine_verify',
        ],
      );
      assert.ok(fullServer.chatRequests.every((r) => r.body.response_format?.type === 'json_schema' && r.body.temperature === 0));
    });

    it('scores completeness against the reference with the voting exceptions', () => {
      assert.equal(result.rubricSource, 'reference');
      const byText = (t: string) => result.entities.find((e) => e.note === 'reference' && e.text.startsWith(t))!;
      assert.equal(byText('Cough').verdict, 'Yes');
      assert.equal(byText('Fever').verdict, 'Contradict');
      assert.equal(byText('Metformin').verdict, 'No');
      assert.equal(byText('Chest').verdict, 'Yes');
      assert.deepEqual(result.completeness, { ratio: 2 / 4, score: 3, counted: 4 });
      assert.equal(byText('Fever').votes.length, 3);
      assert.deepEqual(
        byText('Fever').votes.map((v) => v.answer),
        ['Yes', 'Contradict', 'Contradict'],
      );
    });

    it('scores correctness and alignment of the target entities', () => {
      const target = result.entities.filter((e) => e.note === 'target');
      assert.deepEqual(
        target.map((e) => e.verdict),
        ['Yes', 'No', 'Yes', 'Unknown'],
      );
      // Unknown (T4: nothing supports it) weighs as an unsupported claim: 1 − (1 + 1) ÷ 4.
      assert.deepEqual(result.correctness, { ratio: 0.5, score: 3, counted: 4 });
      assert.deepEqual(result.alignment, { ratio: 0.5, score: 3, counted: 4 });
      assert.deepEqual(target[2].verdicts, { correctness: 'Yes', alignment: 'No' });
      assert.equal(target[2].section, 'Medications');
      assert.equal(target[2].votes.length, 5);
    });

    it('pins findings to exact spans, with evidence in other notes', () => {
      const at = (note: string, f: { start: number; end: number }) => ({ target: SUMMARY, reference: REFERENCE, source: SOURCE })[note]!.slice(f.start, f.end);
      const incorrect = result.findings.find((f) => f.kind === 'incorrect' && f.note === 'target')!;
      assert.equal(at('target', incorrect), 'Fever since Tuesday.');
      assert.equal(incorrect.entityId, 'T2');
      assert.deepEqual(
        incorrect.evidence?.map((e) => [e.note, at(e.note, e)]),
        [['source', 'a fever since Monday']],
      );
      const missing = result.findings.find((f) => f.kind === 'missing')!;
      assert.equal(missing.note, 'reference');
      assert.equal(at('reference', missing), 'Metformin 500 mg twice daily.');
      const contradicted = result.findings.find((f) => f.kind === 'incorrect' && f.note === 'reference')!;
      assert.equal(at('reference', contradicted), 'Fever since Monday.');
      assert.deepEqual(
        result.findings.filter((f) => f.kind === 'misplaced').map((f) => at('target', f)),
        ['Chest X-ray clear.', 'The patient loves 🐈 cats.'],
      );
      const readability = result.findings.find((f) => f.kind === 'readability')!;
      assert.equal(at('target', readability), 'loves 🐈 cats');
      assert.equal(readability.category, 'inappropriate language');
      assert.equal(result.findings.find((f) => f.kind === 'unsupported')?.entityId, 'T4');
    });

    it('scores readability from the share of sentences with issues', () => {
      assert.deepEqual(result.readability, { ratio: 0.75, score: 4, counted: 4 });
      assert.equal(result.stats?.sentences, 4);
    });

    it('prints its rules and reports progress up to the number of calls', () => {
      assert.ok(result.rules && 'voting' in result.rules && 'metrics' in result.rules && 'spans' in result.rules);
      assert.equal(progress.at(-1)?.done, 16);
      assert.ok(progress.every((p) => p.total === 16));
      assert.equal(result.errors, undefined);
    });
  });

  it('without a reference: rubric from the source, alignment by definition only', async () => {
    const result = await run({}, { source: SOURCE, summary: SUMMARY });
    assert.equal(result.rubricSource, 'source');
    assert.ok(result.entities.some((e) => e.note === 'source' && e.id.startsWith('S')));
    assert.equal(server.chatRequests.length, 15);
    assert.ok(!callsByPrompt().includes('fine_alignment_reference'));
    assert.ok(result.notes?.some((n) => /No reference/.test(n)));
    const correctnessPrompt = userContent(server.chatRequests.find((r) => schemaName(r) === 'fine_correctness_supported')!);
    assert.match(correctnessPrompt, /no reference summary was given/);
  });

  it('retries a malformed JSON reply once, with the problem in the conversation', async () => {
    const result = await run(
      { override: (name, attempt) => (name === 'fine_completeness_present' && attempt === 0 ? '{"results": [' : undefined) },
      { source: SOURCE, summary: SUMMARY, reference: REFERENCE },
    );
    const present = server.chatRequests.filter((r) => schemaName(r) === 'fine_completeness_present');
    assert.equal(present.length, 2);
    const retry = present[1].body.messages;
    assert.equal(retry.at(-2).role, 'assistant');
    assert.equal(retry.at(-2).content, '{"results": [');
    assert.match(retry.at(-1).content, /not valid JSON/);
    assert.equal(result.errors, undefined);
    assert.ok(result.entities.filter((e) => e.note === 'reference').every((e) => e.votes.length === 3));
  });

  it('retries a schema-violating reply, then reports it and votes with the other prompts', async () => {
    const bad = JSON.stringify({ results: [{ id: 'T1', explanation: 'x', evidence: [], answer: 'Maybe' }] });
    const result = await run(
      { override: (name) => (name === 'fine_correctness_faithful' ? bad : undefined) },
      { source: SOURCE, summary: SUMMARY, reference: REFERENCE },
    );
    const faithful = server.chatRequests.filter((r) => schemaName(r) === 'fine_correctness_faithful');
    assert.equal(faithful.length, 2);
    assert.match(
      faithful[1].body.messages.at(-1).content,
      /does not match the schema[\s\S]*expected one of "Yes"\|"No"\|"Partially"\|"Unknown"[\s\S]*results\[0\]\.answer/,
    );
    assert.equal(result.errors?.length, 1);
    assert.match(result.errors[0], /correctness \(correctness-faithful\).*invalid reply after one retry/);
    const target = result.entities.filter((e) => e.note === 'target');
    assert.ok(target.every((e) => e.votes.filter((v) => v.prompt.startsWith('correctness')).length === 2));
    assert.deepEqual(result.correctness, { ratio: 1, score: 5, counted: 4 }); // Yes + Yes stands whatever the third would have said
  });

  it('retries a reply that leaves an entity out, then keeps the other judgements', async () => {
    const judge = scriptedJudge({});
    server.setHandler(async (request) => {
      const reply = await judge(request);
      if (schemaName(request) !== 'fine_correctness_evidence' || !('choices' in reply)) return reply;
      const parsed = JSON.parse(reply.choices[0].text);
      parsed.results = parsed.results.filter((r: { id: string }) => r.id !== 'T3');
      return { choices: [{ text: JSON.stringify(parsed) }] };
    });
    const result = await evaluateFine({ source: SOURCE, summary: SUMMARY, reference: REFERENCE }, { session });
    const evidence = server.chatRequests.filter((r) => schemaName(r) === 'fine_correctness_evidence');
    assert.equal(evidence.length, 2);
    assert.match(evidence[1].body.messages.at(-1).content, /no result for entities T3/);
    assert.equal(result.errors?.length, 1);
    assert.match(result.errors[0], /correctness-evidence.*T3.*no vote from this prompt/);
    const votes = (id: string) => result.entities.find((e) => e.id === id)!.votes.filter((v) => v.prompt.startsWith('correctness')).length;
    assert.deepEqual(['T1', 'T2', 'T3', 'T4'].map(votes), [3, 3, 2, 3]);
  });

  it('reports a failed extraction and still scores what does not depend on it', async () => {
    const result = await run(
      { override: (name) => (name === 'fine_extract' ? 'not json at all' : undefined) },
      { source: SOURCE, summary: SUMMARY, reference: REFERENCE },
    );
    assert.equal(result.completeness, null);
    assert.equal(result.correctness, null);
    assert.equal(result.alignment, null);
    assert.notEqual(result.readability, null);
    assert.equal(result.errors?.length, 2);
    assert.ok(result.errors.every((e) => /entity extraction/.test(e)));
  });

  it('handles a summary with zero entities', async () => {
    const script: Script = {
      entities: (note) => (note.startsWith('Thanks') ? [] : sentencesOf(note).map((s) => ({ text: s, quotes: [s] }))),
      answer: (angle) => (angle.startsWith('completeness') ? 'No' : 'Yes'),
    };
    const result = await run(script, { source: SOURCE, summary: 'Thanks for visiting!', reference: REFERENCE });
    assert.deepEqual(result.completeness, { ratio: 0, score: 1, counted: 4 }); // the rubric is still judged: all of it is missing
    assert.equal(result.findings.filter((f) => f.kind === 'missing').length, 4);
    // Extraction stops after step 1 for the summary; correctness and alignment make no call.
    assert.equal(server.chatRequests.length, 1 + 3 + 3 + 2);
    assert.equal(result.correctness, null);
    assert.equal(result.alignment, null);
    assert.equal(result.entities.filter((e) => e.note === 'target').length, 0);
    assert.ok(result.notes?.some((n) => /summary yielded no entities/.test(n)));
    assert.deepEqual(result.readability, { ratio: 1, score: 5, counted: 1 });
  });

  it('handles both notes without entities, and an empty summary', async () => {
    const result = await run({ entities: () => [] }, { source: SOURCE, summary: '', reference: REFERENCE });
    assert.equal(result.completeness, null);
    assert.equal(result.correctness, null);
    assert.equal(result.readability, null);
    assert.deepEqual(result.entities, []);
    assert.deepEqual(callsByPrompt(), ['fine_extract']); // the empty summary costs nothing
  });

  it('drops entities without a supporting quote and marks unlocatable ones', async () => {
    const script: Script = {
      entities: (note) =>
        note.startsWith('Chief')
          ? [
              { text: 'Cough for two weeks', quotes: ['Cough for two weeks.'] },
              { text: 'Invented fact', quotes: [] },
              { text: 'Paraphrased fact', quotes: ['an entirely different sentence not in the note'] },
            ]
          : [{ text: 'Fever since Monday', quotes: ['fever since monday'] }],
      answer: (angle) => (angle.startsWith('correctness') ? 'No' : 'Yes'),
    };
    const result = await run(script, { source: SOURCE, summary: SUMMARY, reference: REFERENCE });
    const target = result.entities.filter((e) => e.note === 'target');
    assert.deepEqual(
      target.map((e) => [e.id, e.text, e.located]),
      [
        ['T1', 'Cough for two weeks', true],
        ['T2', 'Paraphrased fact', false],
      ],
    );
    const unlocated = result.findings.find((f) => f.entityId === 'T2' && f.kind === 'incorrect')!;
    assert.deepEqual([unlocated.located, unlocated.start, unlocated.end], [false, 0, 0]);
    // The reference starts like the summary, so it got the same script: one unlocated entity each.
    assert.equal(result.stats?.unlocatedEntities, 2);
  });

  it('makes the same number of calls for 5 and 60 entities', async () => {
    const counts: number[] = [];
    for (const n of [5, 60]) {
      server.requests.length = 0;
      const result = await run({}, { source: noteOfFacts(n, 'The doctor says the patient'), summary: noteOfFacts(n), reference: noteOfFacts(n, 'Patient') });
      assert.equal(result.entities.filter((e) => e.note === 'target').length, n);
      assert.equal(result.entities.filter((e) => e.note === 'reference').length, n);
      assert.ok(result.entities.every((e) => e.located && e.verdict === 'Yes'));
      counts.push(server.chatRequests.length);
    }
    assert.deepEqual(counts, [16, 16]);
  });

  it('splits an angle only past the limits, and judges every entity', async () => {
    const result = await run(
      {},
      { source: noteOfFacts(25, 'Doctor says'), summary: noteOfFacts(25), reference: noteOfFacts(25, 'Patient') },
      { maxEntitiesPerCall: 10 },
    );
    // 8 judging angles × 3 parts instead of 1.
    assert.equal(server.chatRequests.length, 6 + 8 * 3 + 2);
    assert.equal(result.errors, undefined);
    assert.ok(result.entities.every((e) => e.verdict === 'Yes'));
    assert.deepEqual(result.completeness, { ratio: 1, score: 5, counted: 25 });
  });

  it('works where the server lacks json_schema (json_object fallback, schema in the prompt)', async () => {
    const judge = scriptedJudge({});
    server.setHandler((request) =>
      request.body.response_format?.type === 'json_schema'
        ? { status: 400, error: { message: 'response_format json_schema is not supported', param: 'response_format' } }
        : judge(request),
    );
    const result = await evaluateFine({ source: SOURCE, summary: SUMMARY, reference: REFERENCE }, { session });
    assert.equal(result.errors, undefined);
    assert.deepEqual(result.correctness, { ratio: 1, score: 5, counted: 4 });
    const answered = server.chatRequests.filter((r) => r.body.response_format?.type === 'json_object');
    assert.equal(answered.length, 16);
    assert.ok(answered.every((r) => /Output format: reply with only a JSON object[\s\S]*"required"/.test(userContent(r))));
  });

  it('extracts a long note chunk by chunk, concurrently, and locates every entity in the whole note', async () => {
    const source = Array.from({ length: 6 }, (_, p) => noteOfFacts(10, `In visit ${p + 1} the patient`)).join('\n\n');
    const result = await run({}, { source, summary: noteOfFacts(5) }, { maxExtractionTokens: 400 });
    const rubric = result.entities.filter((e) => e.note === 'source');
    assert.equal(rubric.length, 60);
    assert.deepEqual(
      rubric.map((e) => e.id),
      Array.from({ length: 60 }, (_, i) => `S${i + 1}`),
    );
    assert.ok(rubric.every((e) => e.located && source.slice(e.spans[0].start, e.spans[0].end) === e.quotes?.[0]));
    const chunks = server.chatRequests.filter((r) => schemaName(r) === 'fine_extract').length - 1;
    assert.ok(chunks > 1, `${chunks} chunks`);
    assert.equal(server.chatRequests.length, 3 * (chunks + 1) + 3 + 3 + 1 + 2);
    assert.equal(result.errors, undefined);
  });

  it('halves an entity list when the server says the context is too long', async () => {
    const judge = scriptedJudge({});
    server.setHandler((request) => {
      const entities = (userContent(request).match(/^T\d+: /gm) ?? []).length;
      return schemaName(request) === 'fine_correctness_supported' && entities > 5
        ? { status: 400, error: { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' } }
        : judge(request);
    });
    const result = await evaluateFine({ source: noteOfFacts(20, 'Doctor'), summary: noteOfFacts(20), reference: noteOfFacts(20, 'Patient') }, { session });
    assert.equal(result.errors, undefined);
    const supported = server.chatRequests.filter((r) => schemaName(r) === 'fine_correctness_supported');
    assert.equal(supported.length, 1 + 2 + 4); // 20 → 10 + 10 → 5 + 5 + 5 + 5
    assert.ok(result.entities.filter((e) => e.note === 'target').every((e) => e.votes.filter((v) => v.prompt === 'correctness-supported').length === 1));
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    server.setHandler(scriptedJudge({}));
    const pending = evaluateFine({ source: SOURCE, summary: SUMMARY, reference: REFERENCE }, { session, signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (error: unknown) => isCancellation(error));
  });

  it('keeps the metrics that finished when cancelled later', async () => {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal); // as evaluate() does: every call in flight listens
    const judge = scriptedJudge({});
    server.setHandler((request) => (schemaName(request).startsWith('fine_correctness') ? { hang: true } : judge(request)));
    // Abort once the other 13 of the 16 calls are done (correctness never answers).
    const pending = evaluateFine(
      { source: SOURCE, summary: SUMMARY, reference: REFERENCE },
      { session, signal: controller.signal, onProgress: (p) => p.done === 13 && controller.abort() },
    );
    const result = await pending;
    assert.equal(result.correctness, null);
    assert.notEqual(result.completeness, null);
    assert.notEqual(result.alignment, null);
    assert.notEqual(result.readability, null);
    assert.ok(result.notes?.includes('Cancelled before correctness finished: not scored.'), String(result.notes));
    assert.ok(result.entities.some((e) => e.note === 'target' && e.verdicts?.alignment === 'Yes'));
  });

  it('fails fast on a broken override template, before any call', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-fine-prompts-'));
    try {
      fs.mkdirSync(path.join(dir, 'fine'));
      fs.writeFileSync(path.join(dir, 'fine', 'verify.md'), '---\nid: fine/verify\ntask: fine\nplaceholders: [note]\n---\nNo note here: {{nothing}}\n');
      await assert.rejects(run({}, { source: SOURCE, summary: SUMMARY }, { promptOverrideDir: dir }), /verify\.md:6: unknown placeholder \{\{nothing\}\}/);
      assert.equal(server.chatRequests.length, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses a workspace template that shadows a built-in one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-fine-prompts-'));
    try {
      fs.mkdirSync(path.join(dir, 'fine'));
      const custom =
        '---\nid: fine/readability-flow\ntask: fine\nplaceholders: [target]\nsystem: Custom editor.\n---\nCUSTOM FLOW CHECK\n"""\n{{target}}\n"""\n';
      fs.writeFileSync(path.join(dir, 'fine', 'readability-flow.md'), custom);
      await run({}, { source: SOURCE, summary: SUMMARY }, { promptOverrideDir: dir });
      const flow = server.chatRequests.find((r) => schemaName(r) === 'fine_readability_flow')!;
      assert.equal(flow.body.messages[0].content, 'Custom editor.');
      assert.match(flow.body.messages[1].content, /^CUSTOM FLOW CHECK[\s\S]*Output format: reply with only a JSON object/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
