/** One summary before a jury, as text: a column per judge, the jury's pooled score and spread, and each judge that failed. */
import type { JuryResult } from '../../core/jury/evaluateJury';
import { alignColumns } from './columns';

const score = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));

export function formatJuryReport(jury: JuryResult): string {
  const names = [...new Set(jury.judges.flatMap((j) => j.result?.aspects.map((a) => a.name) ?? []))];
  const rows = [['aspect', ...jury.judges.map((j) => j.name), `jury (${jury.pool})`, 'spread (sd, min–max)']];
  for (const name of names) {
    const pooled = jury.jury.aspects.find((a) => a.name === name);
    rows.push([
      name,
      ...jury.judges.map((j) => score(j.result?.aspects.find((a) => a.name === name)?.score)),
      score(pooled?.score),
      pooled
        ? `${pooled.sd.toFixed(2)}, ${pooled.min.toFixed(2)}–${pooled.max.toFixed(2)}${pooled.leftOut.length ? ` (without ${pooled.leftOut.join(', ')})` : ''}`
        : '—',
    ]);
  }
  const lines = [`jury of ${jury.judges.length}: ${jury.judges.map((j) => `${j.name} = ${j.model} at ${j.endpoint}`).join('; ')}`, '', ...alignColumns(rows)];
  for (const j of jury.judges) if (j.error) lines.push(`judge ${j.name} failed (${j.error.code}): ${j.error.message}`);
  return lines.join('\n') + '\n';
}
