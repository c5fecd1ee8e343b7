import { lineColumn } from '../../core/lineColumn';
import { thousands } from '../../core/thousands';
import type { AspectResult, ChoiceSummary, EvaluationResult, FineMetricName, FineResult, MetricScore, NoteName, SourceShown } from '../../core/result';
import { withoutShortening } from '../../core/geval/shortenedLine';

/** The human-readable report of `sumlens eval`: aspects, fine-grained metrics and findings, usage. */
export function formatEvalReport(result: EvaluationResult, notes: Partial<Record<NoteName, string>>): string {
  const lines = [`SumLens · ${result.model} at ${result.endpoint} · method ${result.method} · task ${result.task}`, ''];
  if (result.choice) lines.push(...choiceHead(result.choice));
  if (result.aspects.length)
    lines.push(...aspectTable(result.aspects), ...sourceNote(result.sourceShown), '', ...aspectNotes(result.aspects, result.sourceShown !== undefined));
  if (result.choice) lines.push(...choiceTail(result.choice));
  if (result.fine) lines.push(...fineSection(result.fine, notes));
  lines.push(...warningLines(result));
  const u = result.usage;
  lines.push(
    `usage: ${u.calls} calls, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens` +
      `${u.reasoningTokens ? ` (${u.reasoningTokens} of them reasoning)` : ''}, ` +
      `${u.cacheHits} cache hits, ${u.retries} retries · ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  for (const line of result.provenance ?? []) lines.push(`endpoint: ${line}`);
  if (result.cancelled) lines.push('cancelled: the results above are what finished before the cancel.');
  return lines.join('\n') + '\n';
}

function aspectTable(aspects: AspectResult[]): string[] {
  const rows = aspects.map((a) => [
    a.name,
    a.score === null ? '—' : a.score.toFixed(2),
    `${a.scale[0]}–${a.scale[1]}`,
    a.error ? `failed (${a.errorCode ?? 'error'}, see stderr)` : distribution(a.distribution),
    a.error ? '' : how(a),
  ]);
  return table(['aspect', 'score', 'scale', 'distribution', 'route'], rows);
}

function distribution(d: Record<string, number>): string {
  return Object.entries(d)
    .map(([value, p]) => `${value}:${p.toFixed(2).replace(/^0/, '')}`)
    .join(' ');
}

/** The route column: how the score was made and, from its provenance, why that route. */
function how(a: AspectResult): string {
  const why = a.provenance ? ` · ${a.provenance.why}` : '';
  if (a.method === 'logprobs') return `logprobs, valid mass ${a.validMass.toFixed(2)}${why}`;
  const unread = a.unparsed ? `, ${a.unparsed} unreadable` : '';
  const se = a.provenance?.standardError !== undefined ? `, SE ${a.provenance.standardError.toFixed(2)}` : '';
  return `sampling, n=${a.samples ?? 0}${se}${unread}${why}`;
}

/** The aspect-choice method: what the judge chose, out of how many readings, before the table. */
function choiceHead(choice: ChoiceSummary): string[] {
  const reasons = choice.reasons ? `, after ${choice.reasons.texts.length} reasons (${choice.reasons.examples} examples), each scored and pooled` : '';
  const chosen = choice.chosen.map((c) => `${c.name} ${c.chosenIn}/${c.of}${c.sd !== undefined ? ` (sd ${c.sd.toFixed(2)}, ${c.min}–${c.max})` : ''}`);
  return [`the judge chose ${choice.chosen.length} of ${choice.offered.length} aspects${reasons}: ${chosen.join(', ') || 'none'}`, ''];
}

/** The aspects not chosen (no score, on purpose), and the reasons the scores rest on. */
function choiceTail(choice: ChoiceSummary): string[] {
  const lines = [`not chosen (no score): ${choice.notChosen.join(', ') || 'none'}`];
  if (choice.ownTemplate) {
    const beside = choice.ownTemplate.map((own) => `${own.name} ${own.score === null ? `failed (${own.errorCode ?? 'error'})` : own.score.toFixed(2)}`);
    lines.push(`by SumLens's own templates (G-Eval): ${beside.join(', ') || 'none of the chosen aspects has one'}`);
  }
  choice.reasons?.texts.slice(0, 3).forEach((text, i) => lines.push(`reason ${i + 1}: ${oneLine(text)}`));
  if ((choice.reasons?.texts.length ?? 0) > 3) lines.push(`… ${choice.reasons!.texts.length - 3} more reasons in --json`);
  return [...lines, ''];
}

/** One line under the table when every aspect that used the source was shown the same excerpts of it. */
function sourceNote(shown: SourceShown | undefined): string[] {
  if (!shown) return [];
  const percent = shown.share < 0.01 ? '<1%' : `${Math.round(shown.share * 100)}%`;
  const window = shown.window ? ` of ${thousands(shown.window.tokens)} tokens (${shown.window.detail})` : '';
  const limit = shown.reason === 'context' ? `the judge's context${window}` : '--source-tokens';
  const tokens = `${thousands(shown.shownTokens)} of ${thousands(shown.sourceTokens)} tokens`;
  return [`source shortened for ${limit}: ${percent} shown (${tokens}) · ${shown.rule}; its character ranges in --json`];
}

/** Reasons (rationale mode) and generated evaluation steps (errors go to stderr); a shared shortening is said once, under the table. */
function aspectNotes(aspects: AspectResult[], sourceNoted: boolean): string[] {
  const lines: string[] = [];
  for (const a of aspects) {
    const fallbacks = a.provenance?.fallbacks ?? [];
    for (const fallback of sourceNoted ? withoutShortening(fallbacks) : fallbacks) lines.push(`${a.name} fallback: ${oneLine(fallback)}`);
    if (a.reason) lines.push(`${a.name} reason: ${oneLine(a.reason)}`);
    if (a.stepsGenerated && a.steps) lines.push(`${a.name} evaluation steps (generated): ${oneLine(a.steps)}`);
  }
  return lines.length ? [...lines, ''] : [];
}

function fineSection(fine: FineResult, notes: Partial<Record<NoteName, string>>): string[] {
  const unit = (name: string) => (name === 'readability' ? 'sentences' : 'entities');
  const restsOn = (name: string, m: MetricScore | null) =>
    m?.counted === undefined ? '' : `${m.counted} ${unit(name)}${m.unjudged ? `, ${m.unjudged} unjudged` : ''}`;
  const metric = (name: FineMetricName, m: MetricScore | null) =>
    fine.failures?.[name]
      ? [name, '—', `failed (${fine.failures[name]?.code}, see stderr)`, '']
      : [name, m ? m.score.toFixed(2) : '—', m ? m.ratio.toFixed(2) : '—', restsOn(name, m)];
  const lines = [
    'fine-grained' + (fine.rubricSource === 'source' ? ' (no reference: completeness is judged against facts of the source)' : ''),
    ...table(
      ['metric', 'score 1–5', 'ratio', 'rests on'],
      [
        metric('completeness', fine.completeness),
        metric('correctness', fine.correctness),
        metric('alignment', fine.alignment),
        metric('readability', fine.readability),
      ],
    ),
    '',
  ];
  if (fine.findings.length) {
    lines.push('findings');
    const at = (note: NoteName, start: number, end: number) => {
      const text = notes[note];
      const where = text ? lineColumn(text, start) : undefined;
      return `${note}${where ? `:${where.line}:${where.column}` : ''}${text ? ` "${oneLine(text.slice(start, end), 80)}"` : ''}`;
    };
    for (const f of fine.findings) {
      lines.push(`  ${f.kind.padEnd(11)} ${at(f.note, f.start, f.end)} — ${oneLine(f.message)}`);
      // Where the judges' evidence stands, so a long source's line can be opened.
      for (const e of f.evidence ?? []) lines.push(`  ${''.padEnd(11)} evidence ${at(e.note, e.start, e.end)}`);
    }
    lines.push('');
  }
  return lines;
}

/** Every caveat of the run: aspect by aspect, then run-wide (unjudged entities, a halved context). */
function warningLines(result: EvaluationResult): string[] {
  const all = [...result.aspects.flatMap((a) => (a.warnings ?? []).map((w) => `${a.name}: ${w}`)), ...(result.warnings ?? [])];
  return all.length ? ['warnings', ...all.map((w) => `  ${oneLine(w)}`), ''] : [];
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)];
}

function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
