/**
 * `sumlens pairwise --a FILE --b FILE`: two systems' data files matched by item id, with
 * people's preferences (accuracy and kappa), a jury whose judges vote, a workspace template
 * overriding the built-in question, and the spending limit (exit 18).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { preferringJudge } from '../../fake/pairwiseJudges';
import { runInProcess } from '../cli/runInProcess';

describe('sumlens pairwise: two data files matched by id', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  let env: Record<string, string>;
  let args: string[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-pairwise-files-'));
    const line = (id: string, summary: string) => JSON.stringify({ id, source: `Source text of item ${id}, with several facts in it.`, summary });
    // Item k: the old system writes k words, the new one 6 − k; item "only-old" has no partner.
    const ids = ['1', '2', '4', '5'];
    fs.writeFileSync(path.join(dir, 'old.jsonl'), [...ids.map((k) => line(k, 'word '.repeat(Number(k)).trim())), line('only-old', 'x')].join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'new.jsonl'), ids.map((k) => line(k, 'term '.repeat(6 - Number(k)).trim())).join('\n') + '\n');
    fs.writeFileSync(
      path.join(dir, 'people.jsonl'),
      [
        { item: '1', a: 'old', b: 'new', preference: 'B', rater: 'ann' },
        { item: '2', a: 'new', b: 'old', preference: 'A', rater: 'ann', margin: 1 },
        { item: '4', a: 'old', b: 'new', preference: 'B', rater: 'bob' },
        { item: '5', a: 'old', b: 'new', preference: 'tie', rater: 'bob' },
      ]
        .map((p) => JSON.stringify(p))
        .join('\n') + '\n',
    );
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg'), JURY_KEY: 'sk-jury' };
    args = ['pairwise', '--a', path.join(dir, 'old.jsonl'), '--b', path.join(dir, 'new.jsonl'), '--no-cache', '--json'];
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.requests.splice(0));

  it("matches items by id, names the systems by the files, and measures people's agreement", async () => {
    // Prefers the longer summary: old wins items 4 and 5, new items 1 and 2.
    server.setHandler(preferringJudge((s) => s.split(' ').length, 0));
    const run = await runInProcess([...args, '--preferences', path.join(dir, 'people.jsonl')], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /1 item\(s\) are in only one of --a and --b/);
    const json = JSON.parse(run.stdout);
    assert.equal(server.chatRequests.length, 2 * 4);
    assert.deepEqual([json.winRate.of, json.winRate.over, json.winRate.value], ['new', 'old', 0.5]);
    assert.equal(json.longerWinRate.value, 1);
    // Judge: B, B, A, A; people: B, B, B, tie: 2 of 4.
    assert.deepEqual([json.humanAgreement.preferences.items, json.humanAgreement.preferences.accuracy], [4, 0.5]);
  });

  it('a jury: every judge asked both orders, the majority decides, their agreement shown', async () => {
    server.setHandler((request) =>
      request.body.model === 'contrarian' ? scoreReply('tie', { tie: 1 }) : preferringJudge((s) => s.split(' ').length, 0)(request),
    );
    const judges = path.join(dir, 'judges.yaml');
    fs.writeFileSync(
      judges,
      'judges:\n' + ['one', 'two', 'contrarian'].map((m) => `  - { name: ${m}, baseUrl: ${server.url}, model: ${m}, apiKeyEnv: JURY_KEY }`).join('\n') + '\n',
    );
    const run = await runInProcess([...args, '--judges', judges], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.chatRequests.length, 3 * 2 * 4, 'calls = judges × 2 × pairs × aspects');
    const json = JSON.parse(run.stdout);
    assert.equal(json.winRate.ties, 0, 'two judges of three outvote the one saying tie');
    const agreement = new Map(json.judgeAgreement.map((j: { judges: string[]; accuracy: number }) => [j.judges.join('+'), j.accuracy]));
    assert.deepEqual([agreement.get('one+two'), agreement.get('one+contrarian')], [1, 0]);
  });

  it('a workspace template overrides the built-in question', async () => {
    const prompts = path.join(dir, 'prompts', 'pairwise');
    fs.mkdirSync(prompts, { recursive: true });
    const builtin = fs.readFileSync(path.join(__dirname, '../../../../prompts/pairwise/overall.md'), 'utf8');
    fs.writeFileSync(path.join(prompts, 'overall.md'), builtin.replace('Answer with one word', 'HOUSE RULES. Answer with one word'));
    server.setHandler(preferringJudge((s) => s.split(' ').length, 0));
    const run = await runInProcess([...args, '--prompts', path.join(dir, 'prompts')], env);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(server.chatRequests.every((r) => JSON.stringify(r.body.messages).includes('HOUSE RULES')));
  });

  it('--max-cost stops the run before a request could pass it: exit 18, one line', async () => {
    server.setHandler(preferringJudge((s) => s.split(' ').length, 0));
    const run = await runInProcess([...args, '--model', 'gpt-4o', '--max-cost', '0.0001', '--concurrency', '1'], env);
    assert.equal(run.code, 18, run.stderr);
    assert.ok(server.chatRequests.length < 8);
    const errors = run.stderr.split('\n').filter((l) => l.startsWith('sumlens:') && !l.startsWith('sumlens: warning:'));
    assert.equal(errors.length, 1, run.stderr);
  });
});
