/** Terminal plumbing shared by the commands: Ctrl-C as cancellation, and a progress line. */
import { exitCodeOf } from '../core/errors';
import { cliIo } from './io';

/** The first Ctrl-C cancels the run (finished work is still printed); a second one quits at once. */
export function cancelOnInterrupt(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  // Taken now: a signal listener runs outside the call's scope (see io.ts).
  const { stderr } = cliIo();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(exitCodeOf('cancelled'));
    stderr.write('\nsumlens: cancelling (Ctrl-C again to quit now)…\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onInterrupt) };
}

/** A one-line progress display on stderr when it is a terminal; silent otherwise (pipes, CI). */
export function progressLine(): ((p: { done: number; total: number; label: string }) => void) | undefined {
  const { stderr } = cliIo();
  if (!stderr.isTTY) return undefined;
  return ({ done, total, label }) => {
    stderr.write(`\r\x1b[K[${done}/${total}] ${label}`);
    if (done >= total) stderr.write('\r\x1b[K');
  };
}
