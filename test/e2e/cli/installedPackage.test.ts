/**
 * SumLens as a user outside this repository gets it: `npm pack` makes the tarball (its
 * "prepack" step builds the production CLI), `npm install -g` puts it into an empty prefix,
 * and the installed `sumlens` runs from an empty folder with the user's own files.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { packageRoot, packageVersion } from '../../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { startMcp } from '../mcp/mcpClient';

const run = promisify(execFile);
// About 0.6 MB of SumLens and its bundled dependencies; OpenAI's tokenizer (gpt-tokenizer,
// 1.1 MB compressed alone) is an optional peer the user installs beside it.
const tarballBudget = 1024 * 1024;

interface PackedFile {
  path: string;
}

describe('the installed npm package (npm pack → npm install -g into an empty prefix)', function () {
  this.timeout(180_000);
  let work: string;
  let sumlens: string;
  let packedFiles: string[];
  let tarballSize: number;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-install-'));
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageRoot(), maxBuffer: 16 * 1024 * 1024 });
    const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; size: number; files: PackedFile[] }[];
    packedFiles = info[0].files.map((file) => file.path);
    tarballSize = fs.statSync(path.join(work, info[0].filename)).size;
    const prefix = path.join(work, 'prefix');
    await run('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', path.join(work, info[0].filename)], { cwd: work });
    sumlens = path.join(prefix, 'bin', 'sumlens');
  });

  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it(`is under ${tarballBudget / 1024 / 1024} MB and holds only what a user runs: the CLI build, bin, prompts, README, LICENSE`, () => {
    console.log(`      tarball: ${tarballSize} bytes, ${packedFiles.length} files`);
    assert.ok(tarballSize < tarballBudget, `tarball is ${tarballSize} bytes`);
    const outside = packedFiles.filter(
      (file) =>
        !/^(package\.json|README\.md|LICENSE|bin\/sumlens\.js|prompts\/.+|dist\/cli\.mjs|dist\/front-matter\.json|dist\/yaml\.cjs|dist\/(commands|chunks)\/[^/]+\.mjs)$/.test(
          file,
        ),
    );
    assert.deepEqual(outside, []);
    assert.ok(packedFiles.includes('dist/cli.mjs') && packedFiles.includes('dist/commands/eval.mjs'));
    assert.ok(packedFiles.includes('dist/front-matter.json'), "the built-in templates' front matter, parsed at build time");
    assert.ok(packedFiles.some((file) => file.startsWith('prompts/summarization/')));
  });

  it('`sumlens --version` and `--help` work from an empty folder', async () => {
    const empty = fs.mkdtempSync(path.join(work, 'empty-'));
    const version = await run(sumlens, ['--version'], { cwd: empty });
    assert.equal(version.stdout.trim(), packageVersion());
    const help = await run(sumlens, ['--help'], { cwd: empty });
    assert.match(help.stdout, /Usage: sumlens[\s\S]*eval[\s\S]*meta/);
  });

  it("`sumlens eval` scores the user's own files through the fake server, with the built-in templates", async () => {
    const server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const folder = fs.mkdtempSync(path.join(work, 'user-'));
    try {
      fs.writeFileSync(path.join(folder, 'article.txt'), 'The council approved the new park on Monday after a long debate.');
      fs.writeFileSync(path.join(folder, 'summary.txt'), 'The council approved a new park.');
      const result = await run(sumlens, ['eval', '--source', 'article.txt', '--summary', 'summary.txt', '--no-cache', '--json'], {
        cwd: folder,
        env: { PATH: process.env.PATH, HOME: folder, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url },
      });
      const parsed = JSON.parse(result.stdout) as { aspects: { aspect: string; score: number }[] };
      assert.deepEqual(
        parsed.aspects.map((a) => a.score),
        [3, 3, 3, 3],
      );
      assert.equal(server.chatRequests.length, 4);
    } finally {
      await server.close();
    }
  });

  it("a workspace's own template (its YAML front matter read by the parser the package keeps apart) scores from an empty folder", async () => {
    const server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('2', { '2': 1 }));
    const folder = fs.mkdtempSync(path.join(work, 'templates-'));
    try {
      const builtIn = path.join(packageRoot(), 'prompts', 'summarization', 'coherence.md');
      fs.mkdirSync(path.join(folder, 'mine', 'summarization'), { recursive: true });
      const own = fs.readFileSync(builtIn, 'utf8').replace('## Task', '## Task\n\nOur own wording.');
      fs.writeFileSync(path.join(folder, 'mine', 'summarization', 'coherence.md'), own);
      fs.writeFileSync(path.join(folder, 'article.txt'), 'The council approved the new park on Monday after a long debate.');
      fs.writeFileSync(path.join(folder, 'summary.txt'), 'The council approved a new park.');
      const args = ['eval', '--source', 'article.txt', '--summary', 'summary.txt', '--aspects', 'coherence', '--prompts', 'mine', '--no-cache', '--json'];
      const result = await run(sumlens, args, {
        cwd: folder,
        env: { PATH: process.env.PATH, HOME: folder, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url },
      });
      assert.equal((JSON.parse(result.stdout) as { aspects: { score: number }[] }).aspects[0].score, 2);
      assert.match(JSON.stringify(server.chatRequests[0].body), /Our own wording/);
    } finally {
      await server.close();
    }
  });

  it('without the optional gpt-tokenizer, a long source is fitted by an estimate the run names; installed beside it, counts are exact', async () => {
    const server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const folder = fs.mkdtempSync(path.join(work, 'long-'));
    try {
      const sentence = 'The council met again on Monday and discussed the budget for the new park at length. ';
      fs.writeFileSync(path.join(folder, 'article.txt'), sentence.repeat(400));
      fs.writeFileSync(path.join(folder, 'summary.txt'), 'The council discussed the park budget.');
      const args = [
        'eval',
        '--source',
        'article.txt',
        '--summary',
        'summary.txt',
        '--aspects',
        'coherence',
        '--model',
        'gpt-4o-mini',
        '--context-tokens',
        '4000',
        '--no-cache',
        '--json',
      ];
      const env = { PATH: process.env.PATH, HOME: folder, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
      // The run's provenance names the estimate; the aspect's, the shortening.
      const provenance = async () => (await run(sumlens, args, { cwd: folder, env })).stdout;
      const estimated = await provenance();
      assert.match(estimated, /"tokens of gpt-4o-mini estimated .*gpt-tokenizer, is not installed beside SumLens"/);
      assert.match(estimated, /source shortened/);
      const version = (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'node_modules', 'gpt-tokenizer', 'package.json'), 'utf8')) as { version: string })
        .version;
      // From npm's cache, which `npm ci` filled: the registry is not needed.
      await run('npm', ['install', '-g', '--prefix', path.join(work, 'prefix'), '--prefer-offline', '--no-audit', '--no-fund', `gpt-tokenizer@${version}`], {
        cwd: work,
      });
      const exact = await provenance();
      assert.doesNotMatch(exact, /estimated/);
      assert.match(exact, /source shortened/);
    } finally {
      await server.close();
    }
  });

  it('`sumlens mcp` starts from an empty folder and lists its tools to an MCP client (initialize, tools/list)', async () => {
    const empty = fs.mkdtempSync(path.join(work, 'mcp-'));
    const session = await startMcp(empty, {}, { command: sumlens, args: ['mcp'] });
    try {
      const { tools } = await session.client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'evaluate_summary') && tools.every((tool) => tool.outputSchema));
      assert.equal(session.client.getServerVersion()?.version, packageVersion());
    } finally {
      await session.close();
    }
  });
});
