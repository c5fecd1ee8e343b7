/**
 * "Your score" in the panel: a row of buttons on each scored aspect (the whole numbers of its
 * scale; the one you gave is pressed), and the agreement of the judge with your scores over
 * every summary you rated: Krippendorff's alpha, weighted kappa and Spearman with their
 * intervals, and a warning while they rest on fewer than 30 summaries.
 */
import { captionedTable, el } from './dom';
import { ui } from './uiText';
import { formatEstimate, formatScore } from './numberFormat';
import type { PanelRatingAgreement } from './datasetSchemas';
import type { FromWebview } from './protocol';
import type { PanelResult } from './resultSchema';

/** Enough rated summaries for intervals that mean something. */
const FEW = 30;

export function yourScoreRow(aspect: PanelResult['aspects'][number], given: number | undefined, send: (message: FromWebview) => void): HTMLElement {
  const row = el('div', 'your-score');
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', ui('Your score for {0}', aspect.name));
  row.append(el('span', 'muted', ui('Your score')));
  const [low, high] = aspect.scale;
  for (let value = low; value <= high && high - low <= 10; value++) {
    const button = el('button', value === given ? 'your-score-value pressed' : 'your-score-value', String(value));
    button.setAttribute('aria-pressed', String(value === given));
    button.title = ui('You would give {0} {1} (the judge gave {2})', aspect.name, value, formatScore(aspect.score));
    button.addEventListener('click', () => send({ type: 'rate', aspect: aspect.name, score: value }));
    row.append(button);
  }
  return row;
}

export function ratingAgreementSection(rows: PanelRatingAgreement[]): HTMLElement {
  const section = el('section', 'rating-agreement');
  section.append(el('h2', undefined, ui('The judge against your scores')));
  const { table, body } = captionedTable(
    'agreement',
    ui(
      "Over every summary you scored: Krippendorff's alpha (interval), Cohen's kappa (quadratic weights, scores rounded), Spearman, and the mean absolute difference, each with a 95% bootstrap interval",
    ),
    [ui('Aspect'), ui('Judge'), ui('Rated'), 'Alpha', 'Kappa', 'Spearman', ui('Mean |difference|')],
  );
  for (const r of rows) {
    const tr = el('tr');
    const estimate = (e: PanelRatingAgreement['kappa']) => el('td', 'num', formatEstimate(e.value, e.low, e.high));
    tr.append(
      el('td', undefined, r.aspect),
      el('td', undefined, r.judge),
      el('td', 'num', String(r.n)),
      estimate(r.alphaInterval),
      estimate(r.kappa),
      estimate(r.spearman),
      estimate(r.meanAbsoluteDifference),
    );
    body.append(tr);
  }
  section.append(table);
  const few = rows.filter((r) => r.n < FEW);
  if (few.length)
    section.append(
      el(
        'div',
        'warning',
        ui(
          '⚠ {0}: under {1}, the intervals are wide.',
          few.map((r) => (r.n === 1 ? ui('{0} rests on 1 summary', r.aspect) : ui('{0} rests on {1} summaries', r.aspect, r.n))).join('; '),
          FEW,
        ),
      ),
    );
  return section;
}
