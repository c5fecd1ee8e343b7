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
// About 0.5 MB of SumLens and its dependencies, and 1.1 MB of the o200k tokenizer's ranks (gpt-tokenizer).
const tarballBudget = 2 * 1024 * 1024;

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
    assert.ok(tarballSize < tarballBudget, `tarball is ${tarballSize} bytes`);
    const outside = packedFiles.filter(
      (file) =>
        !/^(package\.json|README\.md|LICENSE|bin\/sumlens\.js|prompts\/.+|dist\/cli\.mjs|dist\/front-matter\.json|dist\/(commands|chunks)\/[^/]+\.mjs)$/.test(
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
