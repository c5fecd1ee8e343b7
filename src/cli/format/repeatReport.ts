import type { Usage } from '../../core/llm/types';
import { renderTable } from '../../core/meta/formatTable';
import type { AspectSpread, RepeatedEvaluation } from '../../core/repeat';

const two = (value: number | null): string => (value === null ? '—' : value.toFixed(2));

function thresholdCell(s: AspectSpread): string {
  if (!s.threshold) return '';
  const { passed, passRate, straddles } = s.threshold;
  return `${passed}/${s.scored} (${Math.round(passRate * 100)}%)${straddles ? '  straddles' : ''}`;
}

/** The report of `sumlens eval --repeat N`: per aspect the spread over the runs, then usage. */
export function formatRepeatReport(repeated: RepeatedEvaluation, usage: Usage, threshold: number | undefined): string {
  const first = repeated.runs[0];
  const n = repeated.runs.length;
  const header = ['aspect', 'mean', 'sd', 'min', 'max', 'runs scored', 'scores by run'];
  if (threshold !== undefined) header.push(`pass ≥ ${threshold}`);
  const rows = repeated.spread.map((s) => {
    const row = [s.name, two(s.mean), two(s.sd), two(s.min), two(s.max), `${s.scored}/${n}`, s.scores.map(two).join(' ')];
    if (threshold !== undefined) row.push(thresholdCell(s));
    return row;
  });
  const lines = [
    `SumLens · ${first.model} at ${first.endpoint} · method ${first.method} · task ${first.task} · ${n} independent runs (cache slots 1–${n})`,
    '',
    renderTable(header, rows),
    '',
  ];
  const straddling = repeated.spread.filter((s) => s.threshold?.straddles).map((s) => s.name);
  if (straddling.length > 0) {
    lines.push(`runs fall on both sides of ${threshold}: ${straddling.join(', ')} (one run alone would have decided by chance)`, '');
  }
  const errors = repeated.runs.flatMap((r, k) => r.aspects.filter((a) => a.error).map((a) => `run ${k + 1} ${a.name}: ${a.error}`));
  if (errors.length > 0) lines.push(...errors, '');
  lines.push(
    `usage: ${usage.calls} calls, ${usage.promptTokens} prompt + ${usage.completionTokens} completion tokens, ` +
      `${usage.cacheHits} cache hits, ${usage.retries} retries`,
  );
  if (repeated.cancelled) lines.push('cancelled: the results above are what finished before the cancel.');
  return lines.join('\n') + '\n';
}
