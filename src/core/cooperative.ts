/**
 * Long synchronous work (indexing, splitting and ranking a 100,000-word source, locating
 * hundreds of quotes in it) done in slices, so that the event loop it runs on keeps turning:
 * the VS Code extension host never freezes (issue 26), and the CLI's progress line and Ctrl-C
 * stay live. The same code runs in both, with no worker to start or feed.
 *
 * A heavy loop is written once as a generator that `yield`s (nothing) at safe points now and
 * then; runNow() drives it to the end at once (small inputs, callers that must stay
 * synchronous), runInSlices() hands the event loop a turn whenever SLICE_MS have passed since
 * its last one. An async loop that is heavy only in sum (one quote located per step) calls
 * `await loopTurn()` once per step instead. The slice is one for the whole process: work that
 * follows other work without a turn in between carries on the same slice, not a fresh one.
 */

/** A computation that yields at safe points and returns T. */
export type Work<T> = Generator<void, T, void>;

/** The longest stretch of work between two turns of the event loop. */
export const SLICE_MS = 12;

let sliceStarted = performance.now();

/** Has the current slice run its time? */
export function sliceDue(): boolean {
  return performance.now() - sliceStarted >= SLICE_MS;
}

let pendingTurn: Promise<void> | undefined;

/**
 * Lets everything the event loop has waiting (I/O, timers, messages) run, then starts a new
 * slice. Loops that ask at once share one turn (and so one slice after it).
 */
function yieldToLoop(): Promise<void> {
  pendingTurn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      pendingTurn = undefined;
      sliceStarted = performance.now();
      resolve();
    }),
  );
  return pendingTurn;
}

/**
 * One step of an async loop: turns of the event loop until the slice is no longer due (the
 * loops that resumed after the same turn used it up), else nothing.
 */
export async function loopTurn(): Promise<void> {
  while (sliceDue()) await yieldToLoop();
}

/** Runs the work to its end without yielding. */
export function runNow<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs the work, handing the event loop a turn at a yield point whenever the slice is due. */
export async function runInSlices<T>(work: Work<T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await loopTurn();
  }
}
