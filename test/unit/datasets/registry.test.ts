/**
 * The registry of human-scored sets: every entry names its files with a place in the datasets
 * folder, a size and a SHA-256, and where it comes from pinned to a commit (one address, or the
 * addresses it was built from when no address publishes it as one file). Every registered file
 * the datasets folder holds has exactly the registered size and SHA-256.
 */
import * as assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { sha256Of } from '../../../src/core/datasets/download';
import { datasetFolders, findDatasetFile } from '../../../src/core/datasets/locate';
import { datasetRegistry, registryEntry } from '../../../src/core/datasets/registry';

const PINNED = /\/[0-9a-f]{40}\//;

describe('datasets registry', () => {
  it('every entry: a unique name, files with a place, size, SHA-256 and an origin pinned to a commit', () => {
    assert.equal(new Set(datasetRegistry.map((e) => e.name)).size, datasetRegistry.length);
    for (const entry of datasetRegistry) {
      assert.ok(entry.title && entry.licence, entry.name);
      for (const file of entry.files) {
        assert.match(file.sha256, /^[0-9a-f]{64}$/, file.path);
        assert.ok(file.bytes > 0, file.path);
        const origins = file.url !== undefined ? [file.url] : (file.builtFrom ?? []);
        assert.ok(origins.length > 0, `${file.path} names no origin`);
        for (const origin of origins) assert.match(origin, PINNED, `${file.path}: ${origin}`);
      }
    }
  });

  it("the long-document sets: no single address, what they are built from, the README's SHA-256", () => {
    const expected = {
      longeval: ['long/longeval.jsonl', '47495dad1794f0895cfd2ef1f96b3d9635ef7a35c7fbe21b15e666a08117ae46', 4],
      longsciverify: ['long/longsciverify.jsonl', 'e8aea109ff639a8b75c5e930935393ac6dff0123da8af1ef3c5b1d7f5fcd5867', 2],
    } as const;
    for (const [name, [path, sha256, sources]] of Object.entries(expected)) {
      const [file, ...more] = registryEntry(name)!.files;
      assert.equal(more.length, 0);
      assert.deepEqual({ path: file.path, sha256: file.sha256, url: file.url, sources: file.builtFrom?.length }, { path, sha256, url: undefined, sources });
    }
  });

  for (const entry of datasetRegistry) {
    it(`${entry.name}: the files in the datasets folder have the registered size and SHA-256`, async function () {
      const present = entry.files.map((file) => ({ file, path: findDatasetFile(file.path, datasetFolders(process.env)) })).filter((f) => f.path !== undefined);
      if (present.length === 0) {
        console.log(`    (skipped: no file of ${entry.name} in any datasets folder; set SUMLENS_DATASETS)`);
        this.skip();
      }
      for (const { file, path } of present) {
        assert.equal(statSync(path!).size, file.bytes, file.path);
        assert.equal(await sha256Of(path!), file.sha256, file.path);
      }
    });
  }
});
