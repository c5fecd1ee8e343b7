/**
 * `sumlens replay`: score recorded judge answers (G-Eval's results format) with our parser and
 * sampling estimator, no model called, and correlate with the human scores. Without --parse
 * it prints our rule ('robust') beside G-Eval's own (leading number, else 0).
 */
import { Option, type Command } from 'commander';
import type { ParseRule } from '../../core/geval/parseScore';
import { readDataset, type Level } from '../../core/meta/datasets';
import { formatFigure, renderTable } from '../../core/meta/formatTable';
import { parseScaleRange, replay, type ReplayResult } from '../../core/meta/replay';
import { levelOption } from './meta';

interface ReplayFlags {
  results: string;
  aspect: string;
  scale: string;
  level?: Level;
  parse?: ParseRule;
  json?: boolean;
}

const RULE_LABELS: Record<ParseRule, string> = {
  robust: 'robust (ours)',
  geval: 'geval (leading number, else 0)',
};

function replayTable(results: readonly ReplayResult[]): string {
  return renderTable(
    ['parse rule', 'level', 'pearson', 'spearman', 'kendall', 'items', 'documents', 'skipped', 'unparsed'],
    results.map((r) => [
      RULE_LABELS[r.rule],
      r.level,
      formatFigure(r.pearson),
      formatFigure(r.spearman),
      formatFigure(r.kendall),
      String(r.items),
      String(r.documents),
      String(r.skipped),
      `${r.unparsed}/${r.samples}`,
    ]),
  );
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('score recorded judge answers (items with all_responses) and correlate with human scores')
    .requiredOption('--results <file>', 'G-Eval results JSON (items with all_responses)')
    .requiredOption('--aspect <name>', 'human-scored aspect the answers rate')
    .requiredOption('--scale <min-max>', 'score scale of the prompt, e.g. 1-5')
    .addOption(levelOption())
    .addOption(
      new Option('--parse <rule>', "one parse rule only (default: ours beside G-Eval's)").choices(['robust', 'geval']),
    )
    .option('--json', 'print JSON (without --parse: ours, with G-Eval rule figures under "gevalRule")')
    .action((flags: ReplayFlags) => {
      const dataset = readDataset(flags.results);
      const scale = parseScaleRange(flags.scale);
      const rules: ParseRule[] = flags.parse ? [flags.parse] : ['robust', 'geval'];
      const results = rules.map((rule) => replay(dataset, flags.aspect, scale, rule, flags.level));
      if (flags.json) {
        const [main, gevalRule] = results;
        process.stdout.write(JSON.stringify(gevalRule ? { ...main, gevalRule } : main, null, 2) + '\n');
        return;
      }
      process.stdout.write(
        `${dataset.path}: ${flags.aspect} on ${flags.scale}, ${dataset.items.length} items\n${replayTable(results)}\n`,
      );
    });
}
