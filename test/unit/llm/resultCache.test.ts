/**
 * The answer cache's promises: an entry written is read back whole; a foreign, torn or
 * misplaced file is a miss, never a wrong answer; writes leave no temporary files; stats and
 * clear count only entries.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultCache } from '../../../src/core/llm/cache';
import type { ChatResult } from '../../../src/core/llm/types';

const answer: ChatResult = { choices: [{ text: '4', finishReason: 'stop' }], promptTokens: 12, completionTokens: 1, cached: false };

describe('ResultCache', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-result-cache-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);

  it('reads back what it wrote, without the cached flag, and leaves no temporary file', async () => {
    const cache = new ResultCache(dir);
    const key = ResultCache.key({ model: 'm', prompt: 'p' });
    assert.equal(await cache.get(key), undefined);
    await cache.put(key, answer);
    const { cached: _cached, ...stored } = answer;
    assert.deepEqual(await new ResultCache(dir).get(key), stored);
    assert.deepEqual(fs.readdirSync(path.dirname(fileOf(key))), [path.basename(fileOf(key))]);
    assert.deepEqual(await ResultCache.stats(dir), { directory: dir, entries: 1, bytes: fs.statSync(fileOf(key)).size });
  });

  it('takes a torn entry, another shape, or another key’s entry for a miss', async () => {
    const cache = new ResultCache(dir);
    const [a, b] = [ResultCache.key({ n: 1 }), ResultCache.key({ n: 2 })];
    await cache.put(a, answer);
    const whole = fs.readFileSync(fileOf(a), 'utf8');
    fs.writeFileSync(fileOf(a), whole.slice(0, whole.length / 2));
    assert.equal(await new ResultCache(dir).get(a), undefined, 'torn');
    fs.writeFileSync(fileOf(a), JSON.stringify({ key: a, result: { choices: 'no' } }));
    assert.equal(await new ResultCache(dir).get(a), undefined, 'another shape');
    fs.mkdirSync(path.dirname(fileOf(b)), { recursive: true });
    fs.writeFileSync(fileOf(b), whole);
    assert.equal(await new ResultCache(dir).get(b), undefined, 'an entry filed under another key');
  });

  it('clear removes every entry and says how many; a missing directory has none', async () => {
    const cache = new ResultCache(dir);
    for (const n of [1, 2, 3]) await cache.put(ResultCache.key({ n }), answer);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not an entry');
    assert.equal((await ResultCache.stats(dir)).entries, 3);
    assert.equal(await ResultCache.clear(dir), 3);
    assert.equal((await ResultCache.stats(dir)).entries, 0);
    assert.equal((await ResultCache.stats(path.join(dir, 'absent'))).entries, 0);
  });
});
