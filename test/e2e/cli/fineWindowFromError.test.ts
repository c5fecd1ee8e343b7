/**
 * A long source on first contact, fine-grained, as a user meets it: the judge's window is
 * unknown until the server refuses a prompt in vLLM's words. The run learns the window from
 * that refusal and goes on: exit 0, the shortening in its provenance, no request sent after
 * the refusal over the window. With --no-cache the next run still knows the window (what the
 * server told about itself is not an answer) until `capabilities reset`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { estimateTokens } from '../../../src/core/fine/tokens';
import { FakeOpenAiServer, type RecordedRequest } from '../../fake/openaiServer';
import { ARTICLE, groundedJudge, SUMMARY, unrelatedArticles } from '../../fixtures/fine/longSource';
import { scriptedJudge } from '../../fixtures/fine/scriptedJudge';
import { runInProcess } from './runInProcess';

const WINDOW = 8192;
const promptTokens = (request: RecordedRequest) => estimateTokens(request.body.messages.map((m: { content: string }) => m.content).join('\n'));

describe('a long source on first contact, fine-grained, at the command line', function () {
  this.timeout(120_000);
  let server: FakeOpenAiServer;
  let work: string;
  /** Each chat request in order, and whether the server refused it. */
  let sent: { tokens: number; refused: boolean }[];

  before(async () => {
    server = await FakeOpenAiServer.start();
    const judge = scriptedJudge(groundedJudge);
    server.setHandler((request) => {
      const tokens = promptTokens(request) + Number(request.body.max_tokens ?? 0);
      const refused = tokens > WINDOW;
      sent.push({ tokens, refused });
      return refused
        ? {
            status: 400,
            error: {
              message: `This model's maximum context length is ${WINDOW} tokens. However, you requested ${tokens} tokens. Please reduce the length of the messages or completion.`,
              type: 'BadRequestError',
              code: 'context_length_exceeded',
            },
          }
        : judge(request);
    });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-fine-window-'));
    // About 20,500 tokens: the article among unrelated ones.
    fs.writeFileSync(path.join(work, 'source.txt'), [unrelatedArticles(85, 3), ARTICLE, unrelatedArticles(85, 5)].join('\n\n'));
    fs.writeFileSync(path.join(work, 'summary.txt'), SUMMARY);
  });
  after(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    sent = [];
  });

  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(work, 'xdg') });
  const evalFine = (...more: string[]) =>
    runInProcess(
      [
        'eval',
        '--source',
        path.join(work, 'source.txt'),
        '--summary',
        path.join(work, 'summary.txt'),
        '--method',
        'fine',
        '--model',
        'local-judge',
        '--json',
        ...more,
      ],
      env(),
    );

  it('the first run learns the window from the refusal, goes on and exits 0, the shortening in its provenance', async () => {
    assert.ok(estimateTokens(fs.readFileSync(path.join(work, 'source.txt'), 'utf8')) > 20_000);
    const run = await evalFine('--no-cache');
    assert.equal(run.code, 0, run.stderr);
    // The prompts in flight when the first refusal came back may be refused too; none sent after.
    const lastRefused = sent.map((s) => s.refused).lastIndexOf(true);
    assert.ok(lastRefused >= 0, 'the server refused a prompt');
    assert.ok(
      sent.slice(lastRefused + 1).every((s) => s.tokens <= WINDOW),
      JSON.stringify(sent),
    );
    assert.ok(sent.filter((s) => s.refused).length <= 3, JSON.stringify(sent.filter((s) => s.refused)));
    const result = JSON.parse(run.stdout);
    const provenance: string[] = result.provenance;
    assert.ok(
      provenance.some((f) => /^fitted again after the server found a prompt too long: .*8,192 tokens/.test(f)),
      JSON.stringify(provenance),
    );
    assert.ok(
      provenance.some((f) => /^source judged against retrieved passages/.test(f)),
      JSON.stringify(provenance),
    );
  });

  it('with --no-cache the next run remembers the window: no request over it; capabilities reset forgets it', async () => {
    const run = await evalFine('--no-cache');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(
      sent.filter((s) => s.refused),
      [],
    );
    const reset = await runInProcess(['capabilities', 'reset'], env());
    assert.equal(reset.code, 0, reset.stderr);
    sent = [];
    const again = await evalFine('--no-cache');
    assert.equal(again.code, 0, again.stderr);
    assert.ok(sent.some((s) => s.refused));
  });
});
