/**
 * `sumlens report [RUN [RUN_B]] [--audit FILE] [--cross FILE] [--alignment FILE] --html FILE --md FILE`:
 * a report people read, from one or two run files, a judge audit (sumlens audit --format json),
 * a matrix of judge aspects × human aspects (sumlens meta --cross --json) and/or an alignment of
 * the judge to people's scores (sumlens align --json).
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { SumLensError } from '../../core/errors';
import { writeFileAtomically } from '../../core/writeAtomically';
import { reportHtml } from '../../core/run/report/html';
import { reportMarkdown } from '../../core/run/report/markdown';
import { reportData, type ReportData } from '../../core/run/report/reportData';
import { CROSS_STYLE, crossMarkdown, crossSection } from '../../core/run/report/crossSection';
import { readCrossFile } from '../../core/meta/crossFile';
import { readAlignmentFile } from '../../core/align/alignmentFile';
import { ALIGNMENT_STYLE, alignmentMarkdown, alignmentSection } from '../../core/align/alignmentReport';
import { readAuditFile } from '../../core/audit/auditFile';
import { AUDIT_STYLE, auditSection } from '../../core/audit/auditHtml';
import { auditMarkdown } from '../format/auditTable';
import { stderrNotice } from '../datasetRun';
import { cliIo } from '../io';

interface ReportFlags {
  html?: string;
  md?: string;
  allowDifferent?: boolean;
  audit?: string;
  cross?: string;
  alignment?: string;
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a report of a run (or of run A against run B): self-contained HTML and/or Markdown')
    .argument('[run]', 'run file (from eval --data or bench)')
    .argument('[runB]', 'a second run to compare with the first')
    .option('--html <file>', 'write a self-contained HTML report here')
    .option('--md <file>', 'write the figures as Markdown here ("-" for stdout)')
    .option('--allow-different', 'compare runs whose judge, method or templates differ')
    .option('--audit <file>', 'add a judge audit (the JSON of sumlens audit --format json)')
    .option('--cross <file>', 'add the judge aspects × human aspects matrix (the JSON of sumlens meta --cross --json or replay --cross --json)')
    .option('--alignment <file>', 'add an alignment of the judge to your scores (the JSON of sumlens align --json)')
    .action(runReportCommand);
}

/** Whole or not at all: a killed report leaves the previous file, never half of one. */
function write(file: string, text: string): void {
  writeFileAtomically(resolve(file), text);
}

async function runReportCommand(runA: string | undefined, runB: string | undefined, flags: ReportFlags): Promise<void> {
  if (!flags.html && !flags.md) throw new SumLensError('usage', 'give --html FILE and/or --md FILE');
  if (runA === undefined && flags.audit === undefined && flags.cross === undefined && flags.alignment === undefined) {
    throw new SumLensError('usage', 'give a run file, --audit FILE, --cross FILE, --alignment FILE, or several');
  }
  const alignment = flags.alignment !== undefined ? readAlignmentFile(flags.alignment) : undefined;
  const audit = flags.audit !== undefined ? readAuditFile(flags.audit) : undefined;
  const cross = flags.cross !== undefined ? readCrossFile(flags.cross) : undefined;
  const data: ReportData = runA !== undefined ? await reportData(runA, runB, { allowDifferent: flags.allowDifferent }) : { runs: [] };
  if (flags.html) {
    const extra = [
      ...(audit ? [{ style: AUDIT_STYLE, html: auditSection(audit) }] : []),
      ...(cross ? [{ style: CROSS_STYLE, html: crossSection(cross) }] : []),
      ...(alignment ? [{ style: ALIGNMENT_STYLE, html: alignmentSection(alignment) }] : []),
    ];
    write(flags.html, reportHtml(data, extra));
    stderrNotice(`wrote ${flags.html}`);
  }
  const markdown = () =>
    [
      ...(audit ? [auditMarkdown(audit.run, audit.report, audit.prompts), ''] : []),
      ...(cross ? [crossMarkdown(cross)] : []),
      ...(alignment ? [alignmentMarkdown(alignment)] : []),
      ...(data.runs.length > 0 ? [reportMarkdown(data)] : []),
    ].join('\n');
  if (flags.md === '-') cliIo().stdout.write(markdown());
  else if (flags.md) {
    write(flags.md, markdown());
    stderrNotice(`wrote ${flags.md}`);
  }
}
