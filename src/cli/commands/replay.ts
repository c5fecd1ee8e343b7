/**
 * `sumlens replay`: score recorded judge answers (G-Eval's results format) with our parser and
 * sampling estimator, no model called, and correlate with the human scores. Without --parse
 * it prints our rule ('robust') beside G-Eval's own (leading number, else 0). `--cross`
 * correlates the replayed scores with every human aspect of the file instead.
 */
import { Option, type Command } from 'commander';
import type { ParseRule } from '../../core/geval/parseScore';
import { readDataset, type Level } from '../../core/datasets/dataset';
import { bootstrapNote, figureColumns, paperSection, renderTable } from '../../core/meta/formatTable';
import { crossTable } from '../../core/meta/crossTable';
import { parseScaleRange, replay, replayedScores, type ReplayResult } from '../../core/meta/replay';
import { crossOfPredictions } from '../../core/meta/runCross';
import { addResamplingOptions, levelOption } from './meta';
import { cliIo } from '../io';

interface ReplayFlags {
  results: string;
  aspect: string;
  scale: string;
  level?: Level;
  parse?: ParseRule;
  cross?: boolean;
  resamples: number;
  seed: number;
  json?: boolean;
}

const RULE_LABELS: Record<ParseRule, string> = {
  robust: 'robust (ours)',
  geval: 'geval (leading number, else 0)',
};

function replayTable(results: readonly ReplayResult[]): string {
  const figures = figureColumns(results);
  const table = renderTable(
    ['parse rule', 'level', ...figures.header, 'items', 'documents', 'skipped', 'unparsed'],
    results.map((r) => [
      RULE_LABELS[r.rule],
      r.level,
      ...figures.cells(r),
      String(r.items),
      String(r.documents),
      String(r.skipped),
      `${r.unparsed}/${r.samples}`,
    ]),
  );
  const info = results.find((r) => r.bootstrap)?.bootstrap;
  return info ? `${table}\n${bootstrapNote(info)}` : table;
}

export function registerReplay(program: Command): void {
  const command = program
    .command('replay')
    .description('score recorded judge answers (items with all_responses) and correlate with human scores')
    .requiredOption('--results <file>', 'G-Eval results JSON (items with all_responses)')
    .requiredOption('--aspect <name>', 'human-scored aspect the answers rate')
    .requiredOption('--scale <min-max>', 'score scale of the prompt, e.g. 1-5')
    .addOption(levelOption())
    .addOption(new Option('--parse <rule>', "one parse rule only (default: ours beside G-Eval's)").choices(['robust', 'geval']))
    .option('--cross', 'the replayed scores (as the --aspect judge aspect, --parse rule, default ours) against every human aspect, as meta --cross')
    .option('--json', 'print JSON (without --parse: ours, with G-Eval rule figures under "gevalRule")');
  addResamplingOptions(command).action((flags: ReplayFlags) => {
    const dataset = readDataset(flags.results);
    const scale = parseScaleRange(flags.scale);
    if (flags.cross) {
      const rule = flags.parse ?? 'robust';
      const judge = { [flags.aspect]: replayedScores(dataset, scale, rule).predicted };
      const run = crossOfPredictions(dataset, { source: `recorded answers, parse rule ${rule}`, judge }, flags.level, flags);
      cliIo().stdout.write(flags.json ? JSON.stringify(run, null, 2) + '\n' : `${crossTable(run)}\n`);
      return;
    }
    const rules: ParseRule[] = flags.parse ? [flags.parse] : ['robust', 'geval'];
    const resampling = { resamples: flags.resamples, seed: flags.seed };
    const results = rules.map((rule) => replay(dataset, flags.aspect, scale, { rule, level: flags.level, resampling }));
    if (flags.json) {
      const [main, gevalRule] = results;
      cliIo().stdout.write(JSON.stringify(gevalRule ? { ...main, gevalRule } : main, null, 2) + '\n');
      return;
    }
    cliIo().stdout.write(
      `${dataset.path}: ${flags.aspect} on ${flags.scale}, ${dataset.items.length} items\n${replayTable(results)}\n` +
        // The published figures beside the first rule's (ours, or the one asked for).
        paperSection(dataset, results.slice(0, 1)),
    );
  });
}
