/**
 * `sumlens rescore RUN`: re-read a run file under another parse rule and/or a pass
 * threshold; the judge is not called. `--out` writes the rescored run, which
 * `meta --predictions` reads like any other.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { errorExitCodes, SumLensError } from '../../core/errors';
import type { ParseRule } from '../../core/geval/parseScore';
import { readWholeRunFile } from '../../core/runFile/runRecord';
import { writeFileAtomically } from '../../core/writeAtomically';
import { renderTable } from '../../core/meta/formatTable';
import { rescoreRecords, type AspectRescore } from '../../core/meta/rescore';
import { cliIo, setExitCode } from '../io';

interface RescoreFlags {
  parse?: ParseRule;
  threshold?: number;
  out?: string;
  json?: boolean;
}

function scoreThreshold(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError(`expected a number, got "${text}"`);
  return value;
}

const two = (value: number | null): string => (value === null ? '—' : value.toFixed(2));

function rescoreTable(summary: readonly AspectRescore[], threshold: number | undefined): string {
  const header = ['aspect', 'items', 're-read', 'kept', 'not re-readable', 'changed', 'mean before', 'mean after', 'missing'];
  if (threshold !== undefined) header.push(`pass ≥ ${threshold}`);
  return renderTable(
    header,
    summary.map((s) => {
      const row = [
        s.aspect,
        String(s.items),
        String(s.reread),
        String(s.kept),
        String(s.notRereadable),
        String(s.changed),
        two(s.meanBefore),
        two(s.meanAfter),
        String(s.missing),
      ];
      const scored = s.items - s.missing;
      if (s.passed !== undefined) row.push(`${s.passed}/${scored} (${scored ? Math.round((100 * s.passed) / scored) : 0}%)`);
      return row;
    }),
  );
}

export function registerRescore(program: Command): void {
  program
    .command('rescore')
    .description('re-read a bench run file at a new parse rule or pass threshold, without calling the judge')
    .argument('<run>', 'a sumlens bench output file (JSONL)')
    .addOption(new Option('--parse <rule>', "re-read sampled answers: robust, or G-Eval's own rule (leading number, else 0)").choices(['robust', 'geval']))
    .option('--threshold <score>', 'report how many items score at least this', scoreThreshold)
    .option('--out <file>', 'write the rescored run (JSONL) for meta --predictions')
    .option('--json', 'print the summary as JSON')
    .action((run: string, flags: RescoreFlags) => {
      if (flags.parse === undefined && flags.threshold === undefined) {
        throw new SumLensError('usage', 'rescore wants --parse RULE, --threshold SCORE or both');
      }
      const { header, records } = readWholeRunFile(run);
      // Nothing to rescore is not a success: a header alone (or blank lines) is said, as an empty file is.
      if (records.length === 0) throw new SumLensError('bad-input', `${run} holds no item to rescore`);
      // The aspect choice's answers are read by its own parser (a line per chosen aspect), not by a G-Eval parse rule.
      if (flags.parse !== undefined && header?.spec.method === 'choose') {
        throw new SumLensError(
          'usage',
          `${run} is a --method choose run: its answers are read by the choice's own parser, so --parse does not apply (--threshold does)`,
        );
      }
      const rescored = rescoreRecords(records, { parseRule: flags.parse, threshold: flags.threshold });
      if (flags.out) writeFileAtomically(flags.out, rescored.records.map((r) => JSON.stringify(r) + '\n').join(''));
      if (flags.json) cliIo().stdout.write(JSON.stringify(rescored.summary, null, 2) + '\n');
      else {
        const how = flags.parse ? `parse rule ${flags.parse}, sampled answers re-read` : 'scores as recorded';
        cliIo().stdout.write(`${run}: ${records.length} items, ${how}; no judge called\n${rescoreTable(rescored.summary, flags.threshold)}\n`);
        if (flags.out) cliIo().stdout.write(`wrote ${flags.out} (sumlens meta --predictions ${flags.out} correlates it)\n`);
      }
      const stale = rescored.summary.filter((s) => s.notRereadable > 0);
      if (stale.length > 0) {
        const counts = stale.map((s) => `${s.aspect} ${s.notRereadable}`).join(', ');
        cliIo().stderr.write(`sumlens: sampled scores without stored answers kept as recorded, not re-read (${counts}); re-run bench to store them\n`);
        setExitCode(errorExitCodes.partial);
      }
    });
}
