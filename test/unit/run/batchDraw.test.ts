import { strict as assert } from 'assert';
import { customId } from '../../../src/core/run/batch/batchSession';

describe('bench --batch: sampling batches of one prompt are lines of their own', () => {
  it('a later draw of the same body gets its own custom_id; the first keeps the body hash', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'Rate it.' }], n: 5 };
    assert.notEqual(customId(body, 1), customId(body));
    assert.notEqual(customId(body, 1), customId(body, 2));
    assert.equal(customId(body, undefined), customId(body));
  });
});
