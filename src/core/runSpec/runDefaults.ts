/**
 * The defaults of a run that the front ends show before the engine is loaded (the CLI's help,
 * the editor's settings schema): constants only, so importing them costs nothing. The methods,
 * tasks, aspects and samples are in ../methodsAndTasks.ts; the engine's other defaults (standard
 * error, top log-probabilities, reasons) are gathered in buildSpec.ts.
 */

/** Requests in flight at once, per judge (the CLI's --concurrency, the editor's sumlens.concurrency). */
export const DEFAULT_CONCURRENCY = 8;

/**
 * Items evaluated at once per request the session may have in flight: an item waits between
 * its calls (a reason, then its score), so twice as many items keep the session's slots busy.
 */
export const ITEMS_PER_REQUEST_SLOT = 2;
