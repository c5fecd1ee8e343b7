/**
 * What one `sumlens` call reads and writes besides files: stdout, stderr, the environment
 * and the exit code. main(argv, io) runs a call inside a scope holding its io; code in
 * src/cli asks cliIo() for the streams and the environment and setExitCode() for the exit
 * code, never process.stdout, process.env or process.exitCode (the layering test checks it).
 * The real binary passes processIo(); a test passes collectors and an environment of its own.
 *
 * Why a scope and not a parameter: the streams are used at every depth of the command code
 * (commander's option parsers, progress callbacks, the one-line error printers), so passing
 * io down would add a parameter to most CLI functions. The scope is an AsyncLocalStorage:
 * each main() call, and everything it awaits, sees its own io, so several calls can run at
 * once in one process (the in-process CLI tests do). A callback that runs outside the call's
 * async chain (a SIGINT listener) must take cliIo() when it is registered.
 *
 * The engine (src/core) never reads this: what it needs (a key, a cache folder) is a parameter.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a call writes: process.stdout / process.stderr, or a test's collector. */
export interface OutputStream {
  write(text: string): unknown;
  /** A terminal: progress lines and colour go only there. */
  isTTY?: boolean;
  columns?: number;
}

/** The environment a call sees (keys, OPENAI_BASE_URL, SUMLENS_MODEL, SUMLENS_DATASETS, XDG_CACHE_HOME, NO_COLOR …). */
export type Environment = Readonly<Record<string, string | undefined>>;

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Environment;
  /** What `sumlens mcp` reads its messages from (the process's stdin; a test may give none). */
  stdin?: NodeJS.ReadableStream;
}

interface Call {
  io: CliIo;
  exitCode: number | undefined;
}

const calls = new AsyncLocalStorage<Call>();

/**
 * The call of the real binary, the only one its process runs, held in a plain variable: the
 * first run() of an AsyncLocalStorage turns on Node's promise hooks for the whole process, and
 * every promise of a run then costs more (a cold `eval`'s CPU went from 732 to 594 ms without it).
 */
let processCall: Call | undefined;

/** A call made inside the process's call (sumlens mcp runs each tool call as one) comes first. */
function currentCall(): Call | undefined {
  return calls.getStore() ?? processCall;
}

/** The io of the process itself: what bin/sumlens.js runs with. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    // Taken only when read: opening stdin for every command would hold the process open on a pipe.
    get stdin() {
      return process.stdin;
    },
  };
}

/**
 * Runs body as one call with this io; returns what it returned and the exit code it set.
 * `wholeProcess`: the process runs this call and no other (bin/sumlens.js).
 */
export async function inCall<T>(io: CliIo, body: () => Promise<T>, wholeProcess = false): Promise<{ value: T; exitCode: number | undefined }> {
  const call: Call = { io, exitCode: undefined };
  if (wholeProcess) {
    if (currentCall()) throw new Error('a whole-process sumlens call inside another');
    processCall = call;
  }
  const value = wholeProcess ? await body() : await calls.run(call, body);
  return { value, exitCode: call.exitCode };
}

/** The io of the call this code runs in. Outside main() it is a bug, so it throws. */
export function cliIo(): CliIo {
  const call = currentCall();
  if (!call) throw new Error('cliIo() called outside a sumlens call (main or inCall)');
  return call.io;
}

/** The exit code main() returns when the command ends without an error. */
export function setExitCode(code: number): void {
  const call = currentCall();
  if (!call) throw new Error('setExitCode() called outside a sumlens call (main or inCall)');
  call.exitCode = code;
}
