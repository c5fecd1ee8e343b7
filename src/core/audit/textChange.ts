/**
 * What a probe did to a summary: the changed text and the spans of the change in it (the
 * characters a report highlights), or why the probe cannot apply to this summary.
 */
import type { Span } from '../result';

export type TextChange =
  | {
      text: string;
      spans: Span[];
      note?: string;
      /** Prompt-level probes: who the prompt says wrote the copy, and the baseline it is paired with (instead of the original). */
      author?: string;
      baselineAuthor?: string;
    }
  /** Why the probe cannot apply, one fixed phrase per cause (the audit counts items per cause). */
  | { skip: string };

/** The text with `inserted` put at `at`, and the span it occupies. */
export function insertAt(text: string, at: number, inserted: string): { text: string; span: Span } {
  return { text: text.slice(0, at) + inserted + text.slice(at), span: { start: at, end: at + inserted.length } };
}
