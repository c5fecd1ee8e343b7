import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CapabilityStore, listCapabilities, resetCapabilities } from '../../../src/core/llm/capabilityStore';

describe('llm/capabilityStore: learned quirks are dated, expire, and can be listed and reset', () => {
  let dir: string;
  let now: number;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-caps-'));
    now = Date.now();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const store = () => new CapabilityStore(dir, { now: () => now });

  it('remembers a quirk across stores, says once that it is new, and forgets it after 7 days', () => {
    assert.deepEqual(store().update('http://e/v1', 'm', { topLogprobsCap: 5 }, { because: 'Cannot request more than 5 logprobs.' }), ['topLogprobsCap']);
    assert.deepEqual(store().update('http://e/v1', 'm', { topLogprobsCap: 5 }, { because: 'again' }), [], 'known already: not announced again');
    assert.deepEqual(store().get('http://e/v1', 'm'), { topLogprobsCap: 5 });
    assert.deepEqual(store().get('http://e/v1', 'other-model'), {});
    now += 7 * 24 * 3600 * 1000 + 1;
    assert.deepEqual(store().get('http://e/v1', 'm'), {});
    assert.deepEqual(store().list(), []);
  });

  it('resets one endpoint or all', () => {
    store().update('http://a/v1', 'm', { nCap: 1 }, { because: 'n must be 1' });
    store().update('http://b/v1', 'm', { logprobs: false }, { because: 'no logprobs' });
    assert.equal(resetCapabilities(dir, 'http://a/v1/'), 1);
    assert.deepEqual(
      listCapabilities(dir).map((e) => e.endpoint),
      ['http://b/v1'],
    );
    assert.equal(resetCapabilities(dir), 1);
    assert.deepEqual(listCapabilities(dir), []);
  });

  it('an unreadable or older file is learned again, not an error', () => {
    fs.writeFileSync(path.join(dir, 'capabilities.json'), '{"http://e/v1 m": {"logprobs": false}}');
    assert.deepEqual(store().get('http://e/v1', 'm'), {});
  });
});
