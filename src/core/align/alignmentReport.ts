/**
 * An alignment's section of `sumlens report --alignment FILE`: per aspect the held-out figures
 * of your template and of each candidate, what was dropped, and the verdict (with the adopted
 * examples). HTML rendered on the server and escaped; Markdown as the CLI prints it.
 */
import { esc } from '../run/report/svg';
import type { AlignmentFile } from './alignmentFile';
import { alignmentFigures, alignmentText } from './alignmentText';

export const ALIGNMENT_STYLE = `
#alignment td{font-variant-numeric:tabular-nums;white-space:nowrap}#alignment tr.adopted td{font-weight:600}
`;

function intro(file: AlignmentFile): string {
  return `${file.data}: ${file.folds}-fold cross-validation grouped by source document, ${file.examples} scored examples, strategy ${file.strategy}${(file.rounds ?? 1) > 1 ? `, criteria rewritten in ${file.rounds} rounds` : ''}; 95% bootstrap intervals (${file.resamples} resamples, seed ${file.seed}); ${file.usage.calls} calls, ${file.usage.promptTokens} prompt + ${file.usage.completionTokens} completion tokens.`;
}

export function alignmentSection(file: AlignmentFile): string {
  const aspects = file.aspects
    .map((alignment) => {
      const { title, head, rows, notes } = alignmentFigures(alignment);
      const adoptedRow = alignment.verdict.candidates.findIndex((c) => c.name === alignment.verdict.adopted) + 1;
      const body = rows
        .map((r, i) => `<tr${i === adoptedRow && adoptedRow > 0 ? ' class="adopted"' : ''}>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
        .join('');
      return `<h3>${esc(title)}</h3><table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>${notes.map((n) => `<p>${esc(n)}</p>`).join('')}`;
    })
    .join('');
  return `<section id="alignment"><h2>The judge aligned to your scores</h2><p>${esc(intro(file))}</p>${aspects}</section>`;
}

export function alignmentMarkdown(file: AlignmentFile): string {
  return ['### The judge aligned to your scores', '', intro(file), '', '```text', file.aspects.map(alignmentText).join('\n\n'), '```', ''].join('\n');
}
