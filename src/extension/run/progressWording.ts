/**
 * Progress in the user's words. The engine reports its steps by internal names
 * ("fine:extract:target", "fine:correctness-supported", "coherence"); the notification and
 * the panel say what is being done to which document, with the calls and tokens so far.
 */
import type { Usage } from '../../core/llm/types';
import { english, type Translate } from '../translation';
import { formatCount } from '../webview/numberFormat';

/** The note a fine-grained step reads, in words. */
function noteWords(note: string | undefined, t: Translate): string {
  if (note === 'target') return t('the summary');
  if (note === 'source') return t('the article');
  if (note === 'reference') return t('the reference summary');
  return t('the text');
}

/** What the step named `label` is doing, as a sentence fragment. */
export function describeStep(label: string, t: Translate = english): string {
  const [kind, step, note, chunk] = label.split(':');
  if (kind !== 'fine') return t('Scoring {0}', label);
  const where = noteWords(note, t);
  // A long note is read in parts ("source:3/26"): say which.
  const [k, n] = (chunk ?? '').split('/');
  const part = n ? ` ${t('(part {0} of {1})', k, n)}` : '';
  if (step === 'extract') return t('Finding the facts in {0}', where) + part;
  if (step === 'verify') return t('Double-checking the facts found in {0}', where) + part;
  if (step === 'source') return t('Locating the facts in {0}', where) + part;
  if (step.startsWith('correctness')) return t("Checking the summary's facts against the article");
  if (step.startsWith('completeness')) return t("Looking for the article's facts in the summary");
  if (step.startsWith('alignment')) return t('Checking that each fact is in the right place');
  if (step.startsWith('readability')) return t('Reading the summary for clarity');
  return t('Judging the summary');
}

/** "Checking the summary's facts against the article · step 7 of 15 · 7 calls, 3,210 tokens so far". */
export function progressMessage(progress: { done: number; total: number; label: string }, usage: Usage, t: Translate = english): string {
  const tokens = usage.promptTokens + usage.completionTokens;
  const calls = usage.calls === 1 ? t('1 call') : t('{0} calls', formatCount(usage.calls));
  return t('{0} · step {1} of {2} · {3}, {4} tokens so far', describeStep(progress.label, t), progress.done, progress.total, calls, formatCount(tokens));
}
