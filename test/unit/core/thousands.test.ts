import * as assert from 'node:assert/strict';
import { thousands } from '../../../src/core/thousands';

describe('thousands', () => {
  it('groups whole numbers and keeps a fraction as Intl does for en-US', () => {
    for (const value of [0, 7, 999, 1000, 12345, 4_000_000, 1_234_567.5, -1234, 0.25]) {
      assert.equal(thousands(value), value.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });
});
