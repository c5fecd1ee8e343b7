/**
 * Tanaka's thesis drew 20 reasons per question. A file of its own so that the CLI's flags and
 * the run spec can show the default without loading the aspect choice's code.
 */
export const DEFAULT_REASONS_K = 20;
