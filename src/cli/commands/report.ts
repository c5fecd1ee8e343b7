/** `sumlens report RUN [RUN_B] --html FILE --md FILE`: a report people read, from one or two run files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import { SumLensError } from '../../core/errors';
import { reportHtml } from '../../core/run/report/html';
import { reportMarkdown } from '../../core/run/report/markdown';
import { reportData } from '../../core/run/report/reportData';
import { stderrNotice } from '../datasetRun';

interface ReportFlags {
  html?: string;
  md?: string;
  allowDifferent?: boolean;
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a report of a run (or of run A against run B): self-contained HTML and/or Markdown')
    .argument('<run>', 'run file (from eval --data or bench)')
    .argument('[runB]', 'a second run to compare with the first')
    .option('--html <file>', 'write a self-contained HTML report here')
    .option('--md <file>', 'write the figures as Markdown here ("-" for stdout)')
    .option('--allow-different', 'compare runs whose judge, method or templates differ')
    .action(runReportCommand);
}

function write(file: string, text: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

async function runReportCommand(runA: string, runB: string | undefined, flags: ReportFlags): Promise<void> {
  if (!flags.html && !flags.md) throw new SumLensError('usage', 'give --html FILE and/or --md FILE');
  const data = await reportData(runA, runB, { allowDifferent: flags.allowDifferent });
  if (flags.html) {
    write(flags.html, reportHtml(data));
    stderrNotice(`wrote ${flags.html}`);
  }
  if (flags.md === '-') process.stdout.write(reportMarkdown(data));
  else if (flags.md) {
    write(flags.md, reportMarkdown(data));
    stderrNotice(`wrote ${flags.md}`);
  }
}
