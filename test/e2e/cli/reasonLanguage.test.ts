/**
 * --reason-language: reasons, rationales and finding explanations asked in a language, the
 * instructions in English; a Japanese template as a workspace override.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { schemaName, scriptedJudge, userContent } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from './runInProcess';

const NOTE = 'in Japanese (ja)';

describe('sumlens eval --reason-language', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  const env = () => ({ OPENAI_API_KEY: 'test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') });
  const files = () => ['--source', path.join(dir, 'source.txt'), '--summary', path.join(dir, 'summary.txt'), '--no-cache'];
  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-reason-language-'));
    fs.writeFileSync(path.join(dir, 'source.txt'), '博物館は月曜日に再開した。入場料は500円である。');
    fs.writeFileSync(path.join(dir, 'summary.txt'), '博物館は火曜日に再開した。');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks for the rationale in Japanese, after English instructions, and the score as before', async () => {
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const from = server.chatRequests.length;
    const run = await runInProcess(['eval', ...files(), '--method', 'rationale', '--aspects', 'coherence', '--reason-language', 'ja'], env());
    assert.equal(run.code, 0, run.stderr);
    const prompts = server.chatRequests.slice(from).map(userContent);
    const reasonPrompts = prompts.filter((p) => p.includes('Write the reason for judging'));
    assert.equal(reasonPrompts.length, 1);
    assert.ok(reasonPrompts[0].includes(NOTE) && reasonPrompts[0].startsWith('## Task'));
    assert.ok(
      prompts.filter((p) => !p.includes('Write the reason')).every((p) => !p.includes(NOTE)),
      'the score prompt asks for the score only',
    );
  });

  it('asks the fine-grained judges for explanations in Japanese, not the extraction; English by default', async () => {
    server.setHandler(scriptedJudge());
    const from = server.chatRequests.length;
    const run = await runInProcess(['eval', ...files(), '--method', 'fine', '--reason-language', 'ja'], env());
    assert.equal(run.code, 0, run.stderr);
    const requests = server.chatRequests.slice(from);
    for (const request of requests) {
      const name = schemaName(request);
      const judging = !['fine_extract', 'fine_verify', 'fine_source'].includes(name);
      assert.equal(userContent(request).includes(NOTE), judging, name);
    }
    const english = server.chatRequests.length;
    assert.equal((await runInProcess(['eval', ...files(), '--method', 'fine'], env())).code, 0);
    assert.ok(server.chatRequests.slice(english).every((r) => !userContent(r).includes('Language of your explanations')));
  });

  it('refuses a tag that is no language: exit 2, one stderr line, no call', async () => {
    const from = server.chatRequests.length;
    const run = await runInProcess(['eval', ...files(), '--reason-language', 'not a tag!'], env());
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.ok(run.stderr.includes('is not a language tag'), run.stderr);
    assert.equal(server.chatRequests.length, from);
  });

  it('uses a template written in Japanese from the workspace (--prompts)', async () => {
    const prompts = path.join(dir, 'prompts');
    fs.mkdirSync(path.join(prompts, 'summarization'), { recursive: true });
    fs.writeFileSync(
      path.join(prompts, 'summarization', 'coherence.md'),
      '---\nid: summarization/coherence\ntask: summarization\naspect: coherence\nscale: [1, 5]\nplaceholders: [document, summary]\n---\n' +
        '## Task\n\n要約の一貫性を評価してください。\n\n## Evaluation Criteria\n\n一貫性：文と文のつながりが自然であること。\n\n' +
        '## Input\n\n元の記事：\n\n{{document}}\n\n要約：\n\n{{summary}}\n\n## Evaluation Form\n\n- 一貫性（1〜5）：\n',
    );
    server.setHandler(() => scoreReply('4', { '4': 1 }));
    const from = server.chatRequests.length;
    const run = await runInProcess(['eval', ...files(), '--aspects', 'coherence', '--prompts', prompts, '--json'], env());
    assert.equal(run.code, 0, run.stderr);
    const sent = server.chatRequests.slice(from).map(userContent);
    assert.ok(sent.some((p) => p.includes('要約の一貫性を評価してください。') && p.includes('博物館は火曜日に再開した。')));
    assert.equal(JSON.parse(run.stdout).aspects[0].score, 4);
  });
});
