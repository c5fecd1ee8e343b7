/**
 * One error type for everything a user can cause or fix. Each code has its own process
 * exit code so scripts can tell a missing key from an unreachable endpoint.
 */
export const errorExitCodes = {
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
  'bad-request': 14,
  cancelled: 130,
} as const;

export type ErrorCode = keyof typeof errorExitCodes;

export class SumLensError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SumLensError';
  }

  get exitCode(): number {
    return errorExitCodes[this.code];
  }
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
