import * as assert from 'node:assert/strict';
import { loopTurn, runInSlices, runNow, sliceDue, type Work } from '../../src/core/cooperative';

/** A computation of `steps` steps, each of which takes a whole slice, logging each one. */
function* slowSteps(steps: number, log: string[]): Work<number> {
  for (let i = 0; i < steps; i++) {
    // The clock is real, but the test asserts no duration: each step only runs until the slice is due.
    while (!sliceDue()) {
      /* busy, as an index over a long source is */
    }
    log.push(`step ${i}`);
    yield;
  }
  return steps * 10;
}

describe('cooperative work (the event loop keeps turning through long synchronous work)', () => {
  it('runNow runs to the end without letting anything else run, and gives the same result as runInSlices', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other work'));
    assert.equal(runNow(slowSteps(3, log)), 30);
    assert.deepEqual(log, ['step 0', 'step 1', 'step 2']);
    assert.equal(await runInSlices(slowSteps(3, [])), 30);
  });

  it('runInSlices lets waiting work (I/O, timers, messages) run whenever a slice is due', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other work'));
    const value = await runInSlices(slowSteps(3, log));
    assert.equal(value, 30);
    assert.deepEqual(log.slice(0, 2), ['step 0', 'other work']);
    assert.deepEqual(
      log.filter((l) => l.startsWith('step')),
      ['step 0', 'step 1', 'step 2'],
    );
  });

  it('loopTurn hands the loop a turn when the slice is due, and every loop waiting then resumes after it', async () => {
    const log: string[] = [];
    runNow(slowSteps(1, log));
    setImmediate(() => log.push('other work'));
    await Promise.all([loopTurn().then(() => log.push('loop a')), loopTurn().then(() => log.push('loop b'))]);
    assert.deepEqual(log, ['step 0', 'other work', 'loop a', 'loop b']);
  });
});
