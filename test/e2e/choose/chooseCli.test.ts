import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chooseJudge } from '../../fake/chooseJudge';
import { FakeOpenAiServer, scoreReply, type RecordedRequest } from '../../fake/openaiServer';
import { openaiReasoning } from '../../fake/profiles';
import { runInProcess } from '../cli/runInProcess';
import { stderrLines } from '../cli/runCli';

describe('sumlens eval --method choose (reason-grounded evaluation: the judge chooses the aspects)', function () {
  this.timeout(90_000);
  let server: FakeOpenAiServer;
  let dir: string;
  let files: { source: string; summary: string; article2: string };

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-choose-'));
    files = { source: path.join(dir, 'article.txt'), summary: path.join(dir, 'summary.txt'), article2: path.join(dir, 'article2.txt') };
    fs.writeFileSync(
      files.source,
      'The museum reopened on Monday after a two-year renovation. The work cost 8 million euros. Visitors queued for hours. The new wing shows modern art.',
    );
    fs.writeFileSync(files.summary, 'The museum reopened on Monday after a two-year renovation. The work cost 8 million euros.');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const env = (cache = 'xdg') => ({ OPENAI_API_KEY: 'sk-choose', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, cache) });
  const evalArgs = (...more: string[]) => ['eval', '--source', files.source, '--summary', files.summary, '--method', 'choose', ...more];

  it('one request: the chosen aspects with reasons and probability-weighted scores; the others "not chosen", never a number', async () => {
    server.setHandler(chooseJudge('chooser'));
    const before = server.chatRequests.length;
    const run = await runInProcess(evalArgs('--json'), env('one'));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length - before, 1, 'one request per summary');
    const asked = server.chatRequests.at(-1)!.body;
    assert.equal(asked.logprobs, true);
    assert.match(asked.messages[0].content, /choose appropriate evaluation aspects from the following aspects list/);
    assert.match(asked.messages[0].content, /"humor or emotional appeal", "interactivity", "robustness"\]/);
    const result = JSON.parse(run.stdout);
    assert.equal(result.method, 'choose');
    assert.deepEqual(
      result.aspects.map((a: { name: string }) => a.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    const consistency = result.aspects[1];
    assert.equal(consistency.method, 'logprobs');
    assert.equal(consistency.score, 5, 'both sentences are in the article');
    assert.match(consistency.reason, /consistency of the output is good/);
    const coherence = result.aspects[0];
    const expected = Object.entries(coherence.distribution as Record<string, number>).reduce((sum, [v, p]) => sum + Number(v) * p, 0);
    assert.ok(Math.abs(coherence.score - expected) < 1e-9, 'Σ p(s)·s at its own score token');
    assert.equal(result.choice.offered.length, 20);
    assert.equal(result.choice.catalogueOrigin, 'builtin');
    assert.equal(result.choice.notChosen.length, 16);
    assert.ok(result.choice.notChosen.includes('empathy'));
    assert.ok(!result.aspects.some((a: { name: string }) => a.name === 'empathy'));
  });

  it('the table says what was chosen, and lists the rest as not chosen', async () => {
    server.setHandler(chooseJudge('chooser'));
    const run = await runInProcess(evalArgs(), env('one'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /the judge chose 4 of 20 aspects: coherence 1\/1, consistency 1\/1/);
    assert.match(run.stdout, /not chosen \(no score\): naturalness, engagingness, groundedness, clarity/);
    assert.match(run.stdout, /consistency reason: the consistency of the output is good on the whole/);
  });

  it('--reasons fsv2 --reasons-k 8: one request for 8 reasons (temperature 1, top-p 0.5, 200 tokens), then one per reason; scores pooled with their spread', async () => {
    server.setHandler(chooseJudge('chooser'));
    const before = server.chatRequests.length;
    const run = await runInProcess(evalArgs('--reasons', 'fsv2', '--reasons-k', '8', '--json'), env('reasons'));
    assert.equal(run.code, 0, run.stderr);
    const requests = server.chatRequests.slice(before);
    assert.equal(requests.length, 1 + 8);
    const reasonRequest = requests.find((r) => r.body.n === 8)!;
    assert.equal(reasonRequest.body.temperature, 1);
    assert.equal(reasonRequest.body.top_p, 0.5);
    assert.equal(reasonRequest.body.max_tokens, 200);
    assert.match(reasonRequest.body.messages[0].content, /What the aspects of the list mean:\n- coherence:/);
    assert.match(reasonRequest.body.messages[0].content, /knowledge: - coherence \(4\): coherence asks whether/);
    const result = JSON.parse(run.stdout);
    assert.equal(result.choice.reasons.examples, 'fsv2');
    assert.equal(result.choice.reasons.texts.length, 8);
    const coherence = result.choice.chosen.find((c: { name: string }) => c.name === 'coherence');
    assert.equal(coherence.chosenIn, 8);
    assert.equal(coherence.of, 8);
    // Every fourth reason gives coherence a 3: two of eight.
    const stated = result.aspects.find((a: { name: string }) => a.name === 'coherence');
    assert.ok(coherence.min === 3 && coherence.sd > 0, JSON.stringify(coherence));
    assert.ok(stated.score < coherence.max);
  });

  it('--with-templates: each chosen aspect SumLens has a template for is also scored by it, side by side; a failed one makes the run partial (exit 14)', async () => {
    const gevalOr = (token: string) => (request: RecordedRequest) =>
      JSON.stringify(request.body.messages).includes('aspects list:') ? chooseJudge('chooser')(request) : scoreReply(token, { [token]: 0.5, '2': 0.5 });
    server.setHandler(gevalOr('3'));
    const run = await runInProcess(evalArgs('--with-templates', '--json'), env('with'));
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(
      result.choice.ownTemplate.map((a: { name: string }) => a.name),
      ['coherence', 'consistency', 'fluency', 'relevance'],
    );
    assert.equal(result.choice.ownTemplate[0].score, 2.5);
    const text = await runInProcess(evalArgs('--with-templates'), env('with'));
    assert.match(text.stdout, /by SumLens's own templates \(G-Eval\): coherence 2\.50, consistency 2\.50/);

    // "4" is off fluency's 1–3 scale: that own-template score fails, the rest stand.
    server.setHandler(gevalOr('4'));
    const partial = await runInProcess(evalArgs('--with-templates', '--route', 'logprobs'), env('with-failed'));
    assert.equal(partial.code, 14, partial.stderr);
    assert.match(partial.stderr, /fluency by its own template/);
    const json = await runInProcess(evalArgs('--with-templates', '--route', 'logprobs', '--json'), env('with-failed'));
    const fluency = JSON.parse(json.stdout).choice.ownTemplate.find((a: { name: string }) => a.name === 'fluency');
    assert.equal(fluency.error.code, 'bad-request');
    assert.ok(!('score' in fluency), 'a failed part has its error in place of a score');
  });

  it('a server without logprobs: the choice is sampled (n answers), each aspect chosen by most answers, provenance says why', async () => {
    const sampled = await FakeOpenAiServer.start({ profile: openaiReasoning() });
    try {
      sampled.setHandler(chooseJudge('chooser'));
      const run = await runInProcess(evalArgs('--samples', '5', '--json'), { ...env('sampled'), OPENAI_BASE_URL: sampled.url, SUMLENS_MODEL: 'o4-mini' });
      assert.equal(run.code, 0, run.stderr);
      const result = JSON.parse(run.stdout);
      const consistency = result.aspects.find((a: { name: string }) => a.name === 'consistency');
      assert.equal(consistency.method, 'sampling');
      assert.equal(consistency.samples, 5);
      assert.match(consistency.provenance.why, /logprobs/);
      assert.equal(result.choice.chosen.find((c: { name: string }) => c.name === 'consistency').of, 5);
    } finally {
      await sampled.close();
    }
  });

  it('a malformed choice is asked again with the problem stated, and the second answer is used', async () => {
    server.setHandler(chooseJudge('malformed-once'));
    const before = server.chatRequests.length;
    const run = await runInProcess(evalArgs('--json'), env('malformed-once'));
    assert.equal(run.code, 0, run.stderr);
    const requests = server.chatRequests.slice(before);
    assert.equal(requests.length, 2);
    assert.match(requests[1].body.messages.at(-1).content, /Your answer could not be used: the line for "coherence" does not end with "Score:"/);
  });

  it('malformed twice: exit 9 and one stderr line; nothing printed as a score', async () => {
    server.setHandler(chooseJudge('malformed'));
    const run = await runInProcess(evalArgs('--json'), env('malformed'));
    assert.equal(run.code, 9, run.stderr);
    const lines = stderrLines(run);
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0], /choice could not be read twice/);
  });

  it('a judge that ignores the catalogue (aspects of its own): asked again, then exit 9 naming the aspect', async () => {
    server.setHandler(chooseJudge('off-catalogue'));
    const run = await runInProcess(evalArgs(), env('off'));
    assert.equal(run.code, 9, run.stderr);
    assert.match(run.stderr, /"overall quality" is not in the aspects list/);
    assert.equal(stderrLines(run).length, 1);
  });

  it('a dialogue without its knowledge fact: exit 8, saying to give the fact as the reference, nothing sent', async () => {
    const before = server.chatRequests.length;
    const run = await runInProcess(evalArgs('--task', 'dialogue'), env('dialogue'));
    assert.equal(run.code, 8, run.stderr);
    assert.match(run.stderr, /choose\/question-dialogue needs \{\{fact\}\}: give the knowledge fact, given as the reference/);
    assert.equal(server.chatRequests.length, before);
  });

  it('a workspace catalogue replaces the built-in one; --aspects and --reasons without choose are usage errors (exit 2)', async () => {
    server.setHandler(chooseJudge('chooser'));
    const prompts = path.join(dir, 'prompts');
    fs.mkdirSync(path.join(prompts, 'choose'), { recursive: true });
    fs.writeFileSync(
      path.join(prompts, 'choose', 'catalogue.md'),
      '---\nid: choose/catalogue\ntask: choose\nplaceholders: []\n---\n- coherence: organised\n- consistency: faithful\n- fluency: well written\n- relevance: important content\n- tone: the register suits the reader\n',
    );
    const run = await runInProcess(evalArgs('--prompts', prompts, '--json'), env('own'));
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(result.choice.offered, ['coherence', 'consistency', 'fluency', 'relevance', 'tone']);
    assert.equal(result.choice.catalogueOrigin, 'override');
    assert.deepEqual(result.choice.notChosen, ['tone']);
    assert.match(server.chatRequests.at(-1)!.body.messages[0].content, /aspects list: \["coherence", "consistency", "fluency", "relevance", "tone"\]/);

    const aspects = await runInProcess(evalArgs('--aspects', 'coherence'), env('own'));
    assert.equal(aspects.code, 2);
    assert.match(aspects.stderr, /--aspects does not apply/);
    const reasons = await runInProcess(['eval', '--source', files.source, '--summary', files.summary, '--reasons', 'fsv1'], env('own'));
    assert.equal(reasons.code, 2);
    assert.match(reasons.stderr, /--reasons, --reasons-k and --with-templates go with --method choose/);
  });
});
