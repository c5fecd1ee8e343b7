import * as assert from 'node:assert/strict';
import { colourOn } from '../../../src/cli/stderr';

describe('colour on stderr', () => {
  it('only on a terminal, and never when NO_COLOR is set', () => {
    assert.equal(colourOn({ isTTY: true, write: () => true }, {}), true);
    assert.equal(colourOn({ isTTY: false, write: () => true }, {}), false);
    assert.equal(colourOn({ isTTY: true, write: () => true }, { NO_COLOR: '1' }), false);
  });
});
