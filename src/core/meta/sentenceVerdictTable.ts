/** The JaFaithSum sentence-verdict report (sentenceVerdicts.ts) as a plain-text table with its notes. */
import { formatFigure, formatInterval, renderTable } from './formatTable';
import type { SentenceVerdictReport } from './sentenceVerdicts';

export function sentenceVerdictTable(report: SentenceVerdictReport): string {
  const rows = report.rows.map((r) => [
    r.summariser,
    String(r.summaries),
    String(r.sentences),
    String(r.unresolved),
    String(r.confusion.truePositive),
    String(r.confusion.falsePositive),
    String(r.confusion.falseNegative),
    String(r.confusion.trueNegative),
    formatFigure(r.balancedAccuracy.value),
    formatInterval(r.balancedAccuracy),
    formatFigure(r.summaryLevel.value),
    formatInterval(r.summaryLevel),
  ]);
  const table = renderTable(
    ['summariser', 'summaries', 'sentences', 'unresolved', 'TP', 'FP', 'FN', 'TN', 'balanced acc', '95% CI', 'AUROC (summary)', '95% CI'],
    rows,
  );
  const notes = [
    `summaries without a fine-grained result: ${report.notJudged}; without a correctness ratio (left out of the AUROC): ${report.withoutCorrectness}`,
    `incorrect or unsupported findings unlocated: ${report.unlocatedFindings}; on no labelled sentence: ${report.findingsOffSentences}`,
    `TP: unfaithful by both; FP: flagged by SumLens only; FN: unfaithful by the annotators only. ${report.method}`,
  ];
  return `sentence verdicts against the annotators (JaFaithSum)\n${table}\n${notes.join('\n')}\n`;
}
