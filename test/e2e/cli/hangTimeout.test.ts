/**
 * A server that accepts connections and never answers, not even its metadata routes: the run
 * ends with exit 13 (timeout) and one line, within --timeout + 3 s, whatever the method. The
 * bound is the issue's own promise to a user waiting at a terminal; it holds with a wide margin
 * (a run takes about --timeout + 1 s: half a --timeout for the metadata, then the calls).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli, stderrLines } from './runCli';

const TIMEOUT_S = 2;

describe('a server that never answers, at the command line', function () {
  this.timeout(60_000);
  let server: http.Server;
  let url: string;
  let work: string;

  before(async () => {
    server = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-hang-'));
    fs.writeFileSync(path.join(work, 'article.txt'), 'The council approved the new park on Monday. It will cost 3 million pounds.');
    fs.writeFileSync(path.join(work, 'summary.txt'), 'The council approved a new park.');
  });
  after(() => {
    server.closeAllConnections();
    server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  for (const method of ['fine', 'geval', 'choose', 'all']) {
    it(`--method ${method} --timeout ${TIMEOUT_S}: exit 13, one line, within --timeout + 3 s`, async () => {
      const started = Date.now();
      const run = await runCli(
        ['eval', '--source', path.join(work, 'article.txt'), '--summary', path.join(work, 'summary.txt'), '--method', method, '--timeout', String(TIMEOUT_S)],
        { OPENAI_BASE_URL: url, OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(work, 'cache') },
      );
      const seconds = (Date.now() - started) / 1000;
      assert.equal(run.code, 13, run.stderr);
      assert.equal(stderrLines(run).length, 1, run.stderr);
      assert.match(run.stderr, /did not answer in time; raise --timeout/);
      assert.ok(seconds < TIMEOUT_S + 3, `${seconds.toFixed(1)} s`);
    });
  }
});
