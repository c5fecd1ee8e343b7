/**
 * One error type for everything a user can cause or fix. Each code has its own process
 * exit code so scripts can tell a missing key from an unreachable endpoint (the table in
 * README.md lists them; keep the two in step).
 */
export const errorExitCodes = {
  /** A bug in SumLens, not something the user did. */
  internal: 1,
  usage: 2,
  'no-api-key': 3,
  unreachable: 4,
  auth: 5,
  'model-not-found': 6,
  'context-too-long': 7,
  'bad-input': 8,
  'invalid-reply': 9,
  'rate-limited': 10,
  'server-error': 11,
  template: 12,
  timeout: 13,
  /** Some requested results failed, the others were printed. */
  partial: 14,
  /** The scores fell below --fail-under. */
  'quality-gate': 15,
  /** A 4xx the server gave for a request we cannot adapt: the server refused it, as a 5xx fails it. */
  'bad-request': 11,
  /**
   * The server answered a prompt it had cut (it reported far fewer prompt tokens than were
   * sent): the judge never saw the whole prompt, so its answer is not used.
   */
  'prompt-truncated': 16,
  /** An audit in which no probe could be tested on any aspect: nothing was audited. */
  'nothing-audited': 17,
  /** The run stopped before a request that could have taken it past its spending limit (--max-cost, --max-tokens). */
  'budget-exceeded': 18,
  cancelled: 130,
} as const;

export type ErrorCode = keyof typeof errorExitCodes;

/** The exit code of a command that ended with nothing failed: the one code beside the table's. */
export const SUCCESS_EXIT_CODE = 0;

export class SumLensError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(redactCredentials(message));
    this.name = 'SumLensError';
  }

  get exitCode(): number {
    return exitCodeOf(this.code);
  }
}

/** A failed part of a result (an aspect, a fine-grained metric) as the JSON output shows it. */
export interface Failure {
  code: ErrorCode;
  message: string;
}

/** The code and message of anything thrown; what is not a SumLensError is a bug ('internal'). */
export function failureOf(error: unknown): Failure {
  if (isSumLensError(error)) return { code: error.code, message: error.message };
  return { code: 'internal', message: redactCredentials(error instanceof Error ? error.message : String(error)) };
}

/**
 * A SumLensError, also one made by another copy of this module: each CLI command is its own
 * module (under tsc, dist/commands/*.mjs share one copy) while the entry that reports errors
 * may hold another.
 */
export function isSumLensError(error: unknown): error is SumLensError {
  return (
    error instanceof SumLensError ||
    (error instanceof Error &&
      error.name === 'SumLensError' &&
      typeof (error as SumLensError).code === 'string' &&
      (error as SumLensError).code in errorExitCodes)
  );
}

export function exitCodeOf(code: ErrorCode): number {
  return errorExitCodes[code];
}

export function isCancellation(error: unknown): boolean {
  return (
    (error instanceof SumLensError && error.code === 'cancelled') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError'))
  );
}

export function cancelledError(): SumLensError {
  return new SumLensError('cancelled', 'Cancelled.');
}

/** Throws the cancellation error when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}

/**
 * Removes a secret from text that may reach a user, a log or a file (servers sometimes echo
 * the key back in their error messages).
 */
export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

/**
 * Hides credentials written into URLs: the user:password of http://user:pass@host, and
 * secret-looking query parameters (api-key=…, key=…, token=…, sig=…). Every SumLensError
 * message passes through it, so a base URL with a key in it is never echoed.
 */
export function redactCredentials(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"]+@/gi, '$1[redacted]@')
    .replace(/([?&;](?:api[-_]?key|key|token|access[-_]?token|auth|code|sig|signature|secret|password|pass)=)[^&\s#'"]+/gi, '$1[redacted]');
}
