/**
 * The README's "Two commands" run as written, on a copy of the committed tree (what a fresh
 * clone holds): `npm ci`, then the main command with the key placeholder replaced and the
 * provider set by the environment to the fake judge, whose table must be the one the README
 * shows. The third command, `npm test`, is this very run: the test checks that CI calls it.
 */
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../../src/core/paths';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { readmeJudge } from '../../fake/readmeJudge';

const run = promisify(execFile);

interface TwoCommands {
  commands: string[];
  /** The output block the README shows under the main command. */
  shownOutput: string[];
}

function readTwoCommands(readme: string): TwoCommands {
  const start = readme.indexOf('\n## Two commands\n');
  assert.ok(start >= 0, 'README.md has a "## Two commands" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, language, body]) => ({
    language,
    lines: body.split('\n').filter((l) => l.trim()),
  }));
  return {
    commands: blocks.filter((b) => b.language === 'sh').flatMap((b) => b.lines),
    shownOutput: blocks.filter((b) => b.language === 'text').flatMap((b) => b.lines),
  };
}

/**
 * The environment of a fresh machine: no SumLens or OpenAI settings of the developer's, and
 * none of the npm_* variables `npm test` sets (npm_config_local_prefix would make the copy's
 * `npm ci` replace this checkout's node_modules instead of the copy's).
 */
function freshEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(SUMLENS_|OPENAI_|AZURE_OPENAI|npm_)/i.test(name)));
  return { ...env, ...extra };
}

describe("the README's two commands, run as written on a copy of the committed tree", function () {
  this.timeout(300_000);
  const root = packageRoot();
  const { commands, shownOutput } = readTwoCommands(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  let clone: string;

  before(() => {
    clone = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-readme-'));
    // git archive: exactly the committed files, as a clone would have them.
    const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', clone], { input: tar });
  });

  after(() => fs.rmSync(clone, { recursive: true, force: true }));

  it('are npm ci, one sumlens eval on the shipped sample, and npm test', () => {
    assert.equal(commands.length, 3, commands.join('\n'));
    assert.equal(commands[0], 'npm ci');
    assert.match(commands[1], /^OPENAI_API_KEY=sk-\.\.\. npx sumlens eval /);
    assert.equal(commands[2], 'npm test');
  });

  it('npm ci, then the main command prints the table the README shows', async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-readme-cache-'));
    const server = await FakeOpenAiServer.start();
    server.setHandler(readmeJudge());
    try {
      await run('bash', ['-c', commands[0]], { cwd: clone, env: freshEnvironment({}), maxBuffer: 64 * 1024 * 1024 });
      const main = commands[1].replace('sk-...', 'sk-readme-test');
      const { stdout } = await run('bash', ['-c', main], { cwd: clone, env: freshEnvironment({ OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: cache }) });
      const printed = stdout.split('\n').map((l) => l.trimEnd());
      for (const line of shownOutput)
        assert.ok(printed.includes(line.trimEnd()), `the README shows a line sumlens did not print:\n${line}\n--- printed:\n${stdout}`);
      assert.equal(server.requests.filter((r) => r.path.endsWith('/chat/completions')).length, 4, 'one call per aspect');
    } finally {
      await server.close();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('npm test is what CI runs (this run is it)', () => {
    assert.match(fs.readFileSync(path.join(root, '.ci', 'run'), 'utf8'), /^npm test$/m);
  });
});
