/** A template that never shows the judge the summary is a broken template: exit 12, one stderr line with file:line. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';

describe('sumlens eval with a template that never shows the summary', () => {
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-blind-'));
    fs.writeFileSync(path.join(dir, 'source.txt'), 'The museum reopened on Monday.');
    fs.writeFileSync(path.join(dir, 'summary.txt'), 'The museum reopened.');
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cases: [string, string, string, string[]][] = [
    [
      'summarization/coherence.md',
      '---\nid: summarization/coherence\ntask: summarization\naspect: coherence\nscale: [1, 5]\nplaceholders: [document]\n---\n' +
        '## Task\n\nJudge.\n\n## Evaluation Criteria\n\nCoherence.\n\n## Input\n\n{{document}}\n\n## Evaluation Form\n\n- Coherence:\n',
      ':6: the template never shows the judge the text it evaluates: declare and use {{summary}}',
      ['--aspects', 'coherence'],
    ],
    [
      'fine/readability-flow.md',
      '---\nid: fine/readability-flow\ntask: fine\nplaceholders: [source]\n---\nCheck the flow of {{source}}.\n',
      ':4: the template never shows the judge what it judges: declare and use {{target}}',
      ['--method', 'fine'],
    ],
  ];
  for (const [file, text, message, extra] of cases) {
    it(`${file}: exit 12, before any call`, async () => {
      const prompts = path.join(dir, `prompts-${path.basename(file, '.md')}`);
      fs.mkdirSync(path.join(prompts, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(prompts, file), text);
      const before = server.chatRequests.length;
      const run = await runInProcess(
        ['eval', '--source', path.join(dir, 'source.txt'), '--summary', path.join(dir, 'summary.txt'), '--prompts', prompts, '--no-cache', ...extra],
        { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') },
      );
      assert.equal(run.code, 12, run.stderr);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      assert.ok(run.stderr.includes(`${path.join(prompts, file)}${message}`), run.stderr);
      assert.equal(server.chatRequests.length, before, 'no call was made');
    });
  }
});
