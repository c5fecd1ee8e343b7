/**
 * The panel's sections on people: the reviewer's verdicts on the findings against the judge's,
 * and a template's measurements against people's scores, newest first.
 */
import { captionedTable, el, intervalBar } from './dom';
import type { PanelAgreement } from './measurementSchemas';
import { formatCount, formatEstimate, formatPercent, formatPValue } from './numberFormat';
import type { PanelMeasurements } from './panelModel';
import { ui } from './uiText';

const kindNames: Record<string, () => string> = {
  incorrect: () => ui('Incorrect facts'),
  unsupported: () => ui('Unsupported facts'),
  partial: () => ui('Partly supported facts'),
  missing: () => ui('Missing facts'),
  misplaced: () => ui('Misplaced facts'),
  readability: () => ui('Readability issues'),
};

/** The reviewer's verdicts: per kind of finding, how often they agreed with the judge (95% Wilson interval). */
export function agreementSection(rows: PanelAgreement[]): HTMLElement {
  const section = el('section', 'agreement');
  section.append(el('h2', undefined, ui('Your verdicts on the findings')));
  const { table, body } = captionedTable('agreement', ui('How often you agreed with the judge (Agree / Disagree quick fixes), with a 95% Wilson interval'), [
    ui('Kind'),
    ui('Agreed'),
    ui('Share'),
    ui('95% interval'),
    '',
  ]);
  for (const row of rows) {
    const tr = el('tr');
    const interval = el('td');
    interval.append(intervalBar({ value: row.share, low: row.low, high: row.high }, [0, 1], `${formatPercent(row.low)} to ${formatPercent(row.high)}`));
    tr.append(
      el('td', undefined, kindNames[row.kind]?.() ?? row.kind),
      el('td', 'num', ui('{0} of {1}', row.agreed, row.reviewed)),
      el('td', 'num', formatPercent(row.share)),
      el('td', 'num', `${formatPercent(row.low)}–${formatPercent(row.high)}`),
      interval,
    );
    body.append(tr);
  }
  section.append(table);
  return section;
}

const figureText = (f: PanelMeasurements['history'][number]['candidate']) => formatEstimate(f.correlation, f.low, f.high);

/** "12 calls · 9,812 tokens · 1 cache hit". */
function costOf(m: { calls: number; tokens: number; cacheHits: number }): string {
  const calls = m.calls === 1 ? ui('1 call') : ui('{0} calls', formatCount(m.calls));
  const hits = m.cacheHits === 1 ? ui('1 cache hit') : ui('{0} cache hits', formatCount(m.cacheHits));
  return `${calls} · ${ui('{0} tokens', formatCount(m.tokens))} · ${hits}`;
}

/** A template's measurements against people, newest first: did the last edit help? */
export function measurementsSection({ templateId, history }: PanelMeasurements): HTMLElement {
  const section = el('section', 'measurements');
  section.append(el('h2', undefined, ui('{0} against people', templateId)));
  const { table, body } = captionedTable(
    'agreement',
    ui(
      'Spearman correlation with the human scores (95% bootstrap interval), beside the built-in template on the same items; Δ with a paired permutation p-value',
    ),
    [ui('When'), ui('Set'), ui('This template'), ui('Built-in'), 'Δ', 'p', ui('Cost')],
  );
  for (const m of history) {
    const tr = el('tr');
    tr.append(
      el('td', 'num', m.at.slice(0, 16).replace('T', ' ')),
      el('td', undefined, m.set),
      el('td', 'num', figureText(m.candidate)),
      el('td', 'num', figureText(m.baseline)),
      el('td', 'num', figureText(m.difference)),
      el('td', 'num', formatPValue(m.pValue)),
      el('td', 'num', costOf(m)),
    );
    body.append(tr);
  }
  section.append(table);
  return section;
}
