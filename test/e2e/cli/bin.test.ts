/**
 * `sumlens` as the README runs it after `npm ci`: `npx sumlens` in the repository folder,
 * which runs bin/sumlens.js and the bundles in dist/ (the entry, and one per command).
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { packageRoot, packageVersion } from '../../../src/core/paths';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';

const run = promisify(execFile);

describe('sumlens as the README runs it (npx sumlens, the bundled bin)', function () {
  this.timeout(60_000);

  it('`npx sumlens --version` and `--help` work in the repository folder, offline', async () => {
    const version = await run('npx', ['--offline', 'sumlens', '--version'], { cwd: packageRoot() });
    assert.equal(version.stdout.trim(), packageVersion());
    const help = await run('npx', ['--offline', 'sumlens', '--help'], { cwd: packageRoot() });
    assert.match(help.stdout, /Usage: sumlens[\s\S]*eval[\s\S]*bench/);
  });

  it('the bundled bin scores a summary through the fake server (the eval command bundle loads on demand)', async () => {
    const server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 1 }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-bin-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.txt'), 'An article.');
      fs.writeFileSync(path.join(dir, 's.txt'), 'A summary.');
      const args = [
        path.join(packageRoot(), 'bin', 'sumlens.js'),
        'eval',
        '--source',
        path.join(dir, 'a.txt'),
        '--summary',
        path.join(dir, 's.txt'),
        '--no-cache',
        '--json',
      ];
      const result = await run(process.execPath, args, { env: { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url } });
      assert.deepEqual(
        JSON.parse(result.stdout).aspects.map((a: { score: number }) => a.score),
        [3, 3, 3, 3],
      );
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
