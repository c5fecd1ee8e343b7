/** The panel's export: the result as JSON (the CLI's shape) or as a Markdown report. */
import type { EvaluationResult } from '../core/result';
import { formatCount, formatPercent, formatScore, formatSeconds, plural } from './webview/numberFormat';
import { fallbacksText, scoredHow } from './webview/provenanceText';
import { formatShare, shownGroups, shownTokens, shownWhy } from './webview/sourceShownText';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/**
 * `anchored`: the findings as they stand in the documents (file, line and column), listed
 * instead of the engine's note offsets (the agent tools, agentTools/findingLines.ts).
 */
export function resultToMarkdown(result: EvaluationResult, title: string, anchored?: string[]): string {
  const lines = [`# SumLens: ${title}`, '', `Model ${result.model} at ${result.endpoint}, method ${result.method}, task ${result.task}.`, ''];
  if (result.cancelled) lines.push('The run was cancelled; these are partial results.', '');
  for (const warning of result.warnings ?? []) lines.push(`> ⚠ ${cell(warning)}`, '');
  if (result.provenance?.length) lines.push(`Fallbacks of the run: ${cell(result.provenance.join('; '))}.`, '');
  for (const { shown, aspects } of shownGroups(result)) {
    const who = aspects.length ? ` (${aspects.join(', ')})` : '';
    lines.push(
      `The judge saw excerpts of the source${who}: ${formatShare(shown.share)} of it, ${shownTokens(shown)}, in ${plural(shown.ranges.length, 'excerpt')}, because ${shownWhy(shown)}; chosen by ${shown.rule}.`,
      '',
    );
  }
  if (result.aspects.length) {
    lines.push('| Aspect | Score | Scale | How it was scored |', '|---|---|---|---|');
    for (const a of result.aspects) {
      lines.push(`| ${cell(a.name)} | ${formatScore(a.score)} | ${a.scale[0]}–${a.scale[1]} | ${cell(scoredHow(a))} |`);
    }
    lines.push('');
    for (const a of result.aspects) {
      // The shortening is said once, above the table.
      const fallbacks = a.provenance ? fallbacksText(a.provenance, { shortenedShown: a.sourceShown !== undefined }) : '';
      if (fallbacks) lines.push(`**${cell(a.name)}** ${cell(fallbacks)}`, '');
      for (const warning of a.warnings ?? []) lines.push(`**${cell(a.name)}** ⚠ ${cell(warning)}`, '');
    }
    for (const a of result.aspects.filter((x) => x.reason || x.error)) {
      lines.push(`**${cell(a.name)}**: ${cell(a.error ?? a.reason ?? '')}`, '');
    }
  }
  const fine = result.fine;
  if (fine) {
    lines.push('## Fine-grained', '', '| Metric | Score (1–5) | Ratio |', '|---|---|---|');
    for (const name of ['completeness', 'correctness', 'alignment', 'readability'] as const) {
      const m = fine[name];
      lines.push(`| ${name} | ${formatScore(m?.score)} | ${m ? formatPercent(m.ratio) : '—'} |`);
    }
    lines.push('');
    const findings = anchored ?? fine.findings.map((f) => `- **${f.kind}** (${f.note} ${f.start}–${f.end}): ${cell(f.message)}`);
    if (findings.length) lines.push('### Findings', '', ...findings, '');
  }
  const u = result.usage;
  lines.push(
    `${plural(u.calls, 'call')}, ${formatCount(u.promptTokens)} prompt and ${formatCount(u.completionTokens)} completion tokens, ${plural(u.cacheHits, 'cache hit')}, ${formatSeconds(result.durationMs)}.`,
    '',
  );
  return lines.join('\n');
}

export function resultToJson(result: EvaluationResult): string {
  return JSON.stringify(result, null, 2) + '\n';
}
