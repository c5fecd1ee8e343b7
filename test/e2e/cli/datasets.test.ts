/**
 * `sumlens datasets` as a user outside this repository meets it: the downloader against a
 * local mirror serving the shared files (right bytes, wrong bytes, a connection that breaks
 * off and then a resume by Range, a server that is down), then `meta --dataset summeval`
 * finding the downloaded set by name.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { registryEntry } from '../../../src/core/datasets/registry';
import { sharedDatasetsFolder } from '../../setup/sharedDatasets';
import { runInProcess } from './runInProcess';

type Mode = 'serve' | 'corrupt' | 'break';

/** A mirror of the shared datasets folder that honours Range and can misbehave on demand. */
class Mirror {
  mode: Mode = 'serve';
  readonly ranges: string[] = [];
  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<Mirror> {
    const server = http.createServer((request, response) => mirror.answer(request, response));
    const mirror = new Mirror(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return mirror;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const file = path.join(sharedDatasetsFolder, decodeURIComponent(new URL(request.url ?? '/', this.url).pathname));
    if (!fs.existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    let body = fs.readFileSync(file);
    if (this.mode === 'corrupt') body = Buffer.concat([body.subarray(0, body.length - 1), Buffer.from('!')]);
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    if (request.headers.range) this.ranges.push(request.headers.range);
    const start = range ? Number(range[1]) : 0;
    const rest = body.subarray(start);
    response.writeHead(range ? 206 : 200, { 'content-length': rest.length, 'content-type': 'application/json' });
    if (this.mode === 'break') {
      // Half the bytes, then the connection drops: the client keeps a part file.
      response.write(rest.subarray(0, Math.floor(rest.length / 2)), () => response.socket?.destroy());
      return;
    }
    response.end(rest);
  }
}

describe('e2e cli: sumlens datasets (list, get from a mirror, path) and --dataset NAME', function () {
  this.timeout(60_000);
  let mirror: Mirror;
  let cache: string;
  const summeval = registryEntry('summeval')!.files[0];

  beforeEach(async () => {
    mirror = await Mirror.start();
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-datasets-'));
  });
  afterEach(async () => {
    await mirror.close();
    fs.rmSync(cache, { recursive: true, force: true });
  });

  const env = () => ({ XDG_CACHE_HOME: cache, SUMLENS_DATASETS_MIRROR: mirror.url });
  const downloaded = () => path.join(cache, 'sumlens', 'datasets', summeval.path);

  it('lists every set with its address, licence and checksum, and says how to get an absent one', async () => {
    const result = await runInProcess(['datasets', 'list'], env());
    assert.equal(result.code, 0, result.stderr);
    for (const name of ['summeval', 'topical-chat', 'qags-cnndm', 'qags-xsum', 'topical-chat-gpt35']) {
      assert.match(result.stdout, new RegExp(`^${name} .*absent: sumlens datasets get ${name}$`, 'm'));
    }
    assert.ok(result.stdout.includes(summeval.url!) && result.stdout.includes(summeval.sha256));
    assert.match(result.stdout, /licence: MIT/);
  });

  it('gets a set from the mirror with its checksum right; path prints it; meta --dataset summeval reads it', async () => {
    const got = await runInProcess(['datasets', 'get', 'summeval'], env());
    assert.equal(got.code, 0, got.stderr);
    assert.equal(got.stdout.trim(), downloaded());
    assert.match(got.stderr, /downloaded from http:\/\/127\.0\.0\.1:\d+\/summeval\/summeval\.json, checksum right/);
    assert.equal(fs.readFileSync(downloaded()).length, summeval.bytes);

    const again = await runInProcess(['datasets', 'get', 'summeval'], env());
    assert.match(again.stderr, /already here, checksum right/);

    const where = await runInProcess(['datasets', 'path', 'summeval'], env());
    assert.equal(where.stdout.trim(), downloaded());

    const meta = await runInProcess(['meta', '--dataset', 'summeval', '--aspect', 'coherence', '--field', 'scores', '--resamples', '0', '--json'], env());
    assert.equal(meta.code, 0, meta.stderr);
    // The human scores against themselves: 1,600 items in 100 documents, a perfect correlation.
    assert.deepEqual((({ aspect, items, documents, spearman }) => ({ aspect, items, documents, spearman }))(JSON.parse(meta.stdout)), {
      aspect: 'coherence',
      items: 1600,
      documents: 100,
      spearman: 1,
    });
  });

  it('a wrong checksum deletes the download and exits 8 naming both hashes', async () => {
    mirror.mode = 'corrupt';
    const result = await runInProcess(['datasets', 'get', 'summeval'], env());
    assert.equal(result.code, 8);
    assert.match(result.stderr, new RegExp(`checksum mismatch: expected SHA-256 ${summeval.sha256}, got [0-9a-f]{64}; the download was deleted`));
    assert.equal(
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('sumlens: ') && /mismatch/.test(l)).length,
      1,
    );
    assert.ok(!fs.existsSync(downloaded()) && !fs.existsSync(`${downloaded()}.part`));
  });

  it('a download that breaks off keeps its part file, exits 4, and the next get resumes with Range', async () => {
    mirror.mode = 'break';
    const broken = await runInProcess(['datasets', 'get', 'summeval'], env());
    assert.equal(broken.code, 4, broken.stderr);
    assert.match(broken.stderr, /broke off at [\d,]+ of 5,052,406 bytes.*run the same command again to resume/);
    const kept = fs.statSync(`${downloaded()}.part`).size;
    assert.ok(kept > 0 && kept < summeval.bytes);
    assert.ok(!fs.existsSync(downloaded()));

    mirror.mode = 'serve';
    const resumed = await runInProcess(['datasets', 'get', 'summeval'], env());
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resumed from .*checksum right/);
    assert.deepEqual(mirror.ranges, [`bytes=${kept}-`]);
    assert.equal(fs.readFileSync(downloaded()).length, summeval.bytes);
  });

  it('a server that is down: exit 4 and one line naming the address', async () => {
    const url = mirror.url;
    await mirror.close();
    const result = await runInProcess(['datasets', 'get', 'qags-xsum', '--mirror', url], { XDG_CACHE_HOME: cache });
    assert.equal(result.code, 4);
    assert.match(result.stderr, new RegExp(`cannot reach ${url.replace(/\./g, '\\.')}/qags/qags_xsum\\.json: ECONNREFUSED`));
    mirror = await Mirror.start(); // for afterEach
  });

  it('a set that is not here: meta and bench name the one command that gets it (exit 8); an unknown name is a usage error', async () => {
    for (const args of [
      ['meta', '--dataset', 'topical-chat', '--aspect', 'coherence', '--field', 'scores'],
      ['bench', '--dataset', 'topical-chat', '--dry-run'],
    ]) {
      const result = await runInProcess(args, { XDG_CACHE_HOME: cache });
      assert.equal(result.code, 8, result.stderr);
      assert.match(result.stderr, /dataset "topical-chat" is not here: get it with `sumlens datasets get topical-chat`/);
    }
    const unknown = await runInProcess(['datasets', 'get', 'nope'], { XDG_CACHE_HOME: cache });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no dataset "nope"; known: summeval, topical-chat/);
  });

  it('SUMLENS_DATASETS names a local copy, found before the downloads', async () => {
    const result = await runInProcess(['datasets', 'path', 'qags-cnndm'], { XDG_CACHE_HOME: cache, SUMLENS_DATASETS: sharedDatasetsFolder });
    assert.equal(result.stdout.trim(), path.join(sharedDatasetsFolder, 'qags', 'qags_cnndm.json'));
  });
});
