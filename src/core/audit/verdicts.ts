/**
 * The audit's verdicts, listed once: the engine decides them (auditStats.ts), the audit file
 * and the agent tool's output declare them, and the panel's webview checks them (it imports
 * this file, so it has no import of its own and holds nothing but the lists).
 */

/** A probe × aspect cell: ok, violated, too few pairs to tell, cannot tell (a must-react probe), or none (no pair at all). */
export const CELL_VERDICTS = ['ok', 'violated', 'too-few-pairs', 'cannot-tell', 'none'] as const;
export type Verdict = (typeof CELL_VERDICTS)[number];

/** A probe's answer: violated, fair, too few pairs to tell, cannot tell (a must-react probe), or not audited at all (with why). */
export const PROBE_VERDICTS = ['violated', 'fair', 'too-few-pairs', 'cannot-tell', 'not-audited'] as const;
export type ProbeVerdict = (typeof PROBE_VERDICTS)[number];
