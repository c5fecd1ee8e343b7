/**
 * Progress in the user's words. The engine reports its steps by internal names
 * ("fine:extract:target", "fine:correctness-supported", "coherence"); the notification and
 * the panel say what is being done to which document, with the calls and tokens so far.
 */
import type { Usage } from '../../core/llm/types';
import { formatCount, plural } from '../webview/numberFormat';

const noteWords: Record<string, string> = { target: 'the summary', source: 'the article', reference: 'the reference summary' };

/** What the step named `label` is doing, as a sentence fragment. */
export function describeStep(label: string): string {
  const [kind, step, note, chunk] = label.split(':');
  if (kind !== 'fine') return `Scoring ${label}`;
  const where = noteWords[note ?? ''] ?? 'the text';
  // A long note is read in parts ("source:3/26"): say which.
  const [k, n] = (chunk ?? '').split('/');
  const part = n ? ` (part ${k} of ${n})` : '';
  if (step === 'extract') return `Finding the facts in ${where}${part}`;
  if (step === 'verify') return `Double-checking the facts found in ${where}${part}`;
  if (step === 'source') return `Locating the facts in ${where}${part}`;
  if (step.startsWith('correctness')) return "Checking the summary's facts against the article";
  if (step.startsWith('completeness')) return "Looking for the article's facts in the summary";
  if (step.startsWith('alignment')) return 'Checking that each fact is in the right place';
  if (step.startsWith('readability')) return 'Reading the summary for clarity';
  return 'Judging the summary';
}

/** "Checking the summary's facts against the article · step 7 of 15 · 7 calls, 3,210 tokens so far". */
export function progressMessage(progress: { done: number; total: number; label: string }, usage: Usage): string {
  const tokens = usage.promptTokens + usage.completionTokens;
  return `${describeStep(progress.label)} · step ${progress.done} of ${progress.total} · ${plural(usage.calls, 'call')}, ${formatCount(tokens)} tokens so far`;
}
