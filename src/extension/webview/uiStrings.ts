/**
 * The English strings of the webviews' own UI (the panel, the rating view, the review status).
 * A webview cannot call vscode.l10n: the extension translates each of these through its
 * bundle (l10n/bundle.l10n.*.json) and writes the table into the page (webviewHtml), where
 * the view's script reads it (uiText.ts). Text from the engine or the judge is not in here.
 * Placeholders are {0}, {1} …, as in vscode.l10n.t.
 */
export const uiStrings = [
  // the comparison view
  'tie',
  '{0} better ({1})',
  '{0} shown first',
  '{0}: {1}, A {2} · tie {3} · B {4} ({5}: {6})',
  'flipped with the order: counted as a tie',
  'Each order’s answer ({0})',
  '{0} (A) vs {1} (B)',
  'of {0}, judged by {1} in both orders · {2}',
  'Comparing {0} and {1} as summaries of {2}…',
  '{0} better on {1} of {2} aspects',
  'ties: {0}',
  // the panel
  'Export JSON',
  'Export Markdown',
  'Evaluating…',
  'Summary',
  'Dataset',
  'Comparison',
  'Audit',
  '(reference: {0})',
  'cancelled (partial results)',
  'No evaluation yet. Select a summary, right-click and choose “SumLens: Evaluate Selected Summary”.',
  'Aspect {0}',
  '{0} score',
  'Probability of each score',
  'Reason',
  'Evaluation steps',
  'Evaluation steps (generated)',
  'Fine-grained (SumAutoEval)',
  'of the key facts are in the summary',
  'of the summary’s facts are correct',
  'of the facts are in the right place',
  'of the sentences read without issues',
  'not measured',
  'Entities ({0}) — Enter or click to show in the editor',
  'Entity',
  'In',
  'Metric',
  'Verdict',
  'Votes',
  'summary',
  'source',
  'reference',
  '{0}: {1}. Show in editor',
  'Incorrect facts',
  'Unsupported facts',
  'Partly supported facts',
  'Missing facts',
  'Misplaced facts',
  'Readability issues',
  'Your verdicts on the findings',
  'How often you agreed with the judge (Agree / Disagree quick fixes), with a 95% Wilson interval',
  'Kind',
  'Agreed',
  'Share',
  '95% interval',
  '{0} of {1}',
  'How these scores were made',
  '{0} calls · {1} prompt + {2} completion tokens · {3} cache hits · {4} retries · {5}',
  // your score (panel)
  'Your score for {0}',
  'Your score',
  'The judge against your scores',
  // the rating view and the review status
  '{0} of {1} items rated',
  'This item changed after the review began: its source or summary is not what was dealt.',
  'Source',
  'Aspects',
  'Comment (optional)',
  'Digits score · Tab or ↑↓ next aspect · ←→ change · s skip · Enter next item · Backspace back',
  'After your rating',
  'Why skip {0}? Enter to skip, Escape to cancel',
  'Why skip {0}? (Enter)',
  'All {0} items rated. Thank you. Backspace goes back to change one.',
  'All items rated',
  'Progress',
  'rater',
  'items rated',
  'Agreement (95% bootstrap intervals, {0} resamples)',
  'Each rater against the mean of the others',
  'Open the item',
  'Why (optional)',
  'Settle with:',
  'Judge: {0} (change…)',
  'Compare with the judge’s run…',
  'Review {0}',
  'Disagreements ({0})',
  '{0} more on items you still rate: hidden until you have rated them.',
  // Your score (yourScoreView.ts)
  'You would give {0} {1} (the judge gave {2})',
  "Over every summary you scored: Krippendorff's alpha (interval), Cohen's kappa (quadratic weights, scores rounded), Spearman, and the mean absolute difference, each with a 95% bootstrap interval",
  'Aspect',
  'Judge',
  'Rated',
  'Mean |difference|',
  '⚠ {0}: under {1}, the intervals are wide.',
  '{0} rests on 1 summary',
  '{0} rests on {1} summaries',
  // Jury (juryView.ts)
  'Jury of {0}',
  '{0}: {1} at {2}',
  "Each judge's score, the jury's mean, and the judges' spread (standard deviation, lowest–highest)",
  'Jury',
  'Spread',
  '{0} failed and is left out: {1}',
] as const;

export type UiString = (typeof uiStrings)[number];

/** The id of the page's JSON block that holds the translated table. */
export const uiStringsElementId = 'sumlens-ui-strings';

/** `english` with {0}, {1} … filled in, through a translated table (English where it has none). */
export function fillUiString(table: Readonly<Record<string, string>>, english: UiString, args: readonly (string | number)[]): string {
  return (table[english] ?? english).replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
}
