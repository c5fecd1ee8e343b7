import * as assert from 'node:assert/strict';
import { colourOn } from '../../../src/cli/stderr';

describe('colour on stderr', () => {
  const saved = process.env.NO_COLOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
  });

  it('only on a terminal, and never when NO_COLOR is set', () => {
    delete process.env.NO_COLOR;
    assert.equal(colourOn({ isTTY: true } as NodeJS.WriteStream), true);
    assert.equal(colourOn({ isTTY: false } as NodeJS.WriteStream), false);
    process.env.NO_COLOR = '1';
    assert.equal(colourOn({ isTTY: true } as NodeJS.WriteStream), false);
  });
});
