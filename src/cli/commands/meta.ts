/**
 * `sumlens meta`: correlation of predicted with human scores on a human-annotated dataset.
 * Predictions come from a bench JSONL file (matched to items by key: `doc_id|system_id`, or a
 * hash of source, system and output when items have no doc_id) or from a field of the items.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Level } from '../../core/meta/datasets';
import { metaJson, metaTable } from '../../core/meta/formatTable';
import { runMeta } from '../../core/meta/runMeta';

/** `--level`, shared with replay and bench. */
export function levelOption(): Option {
  return new Option('--level <level>', "correlation level (default: the dataset's convention)").choices([
    'summary',
    'sample',
    'system',
  ]);
}

/** "coherence, fluency" → ["coherence", "fluency"]; an empty list is a usage error. */
export function parseAspects(text: string): string[] {
  const aspects = text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (aspects.length === 0) throw new InvalidArgumentError('Expected at least one aspect name, e.g. coherence,fluency.');
  return aspects;
}

interface MetaFlags {
  dataset: string;
  aspect: string[];
  predictions?: string;
  field?: string;
  level?: Level;
  json?: boolean;
}

export function registerMeta(program: Command): void {
  program
    .command('meta')
    .description('correlate predicted scores with human scores (Pearson, Spearman, Kendall tau-b)')
    .requiredOption('--dataset <file>', 'dataset JSON (SummEval, Topical-Chat, QAGS, or UniEval/G-Eval result files)')
    .requiredOption('--aspect <names>', 'human-scored aspect, or several separated by commas', parseAspects)
    .addOption(
      new Option('--predictions <file>', 'sumlens bench output (JSONL); lines match items by key').conflicts('field'),
    )
    .option('--field <name>', "per-item record of predicted scores, e.g. UniEval's predict_scores")
    .addOption(levelOption())
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      '\nItem keys: "doc_id|system_id" when items have a doc_id, else "h:" + a hash of (source, system_id, ' +
        'system_output); a repeated key gets "#2", "#3"… in file order.\n' +
        'Levels: summary = per document, averaged, skipping documents with constant human or predicted ' +
        'scores (SummEval default); sample = all items pooled (default elsewhere); system = per-system means.',
    )
    .action((flags: MetaFlags) => {
      const { dataset, results } = runMeta({
        dataset: flags.dataset,
        aspects: flags.aspect,
        predictions: flags.predictions,
        field: flags.field,
        level: flags.level,
      });
      if (flags.json) {
        process.stdout.write(metaJson(results) + '\n');
        return;
      }
      process.stdout.write(`${dataset.path} (${dataset.kind}, ${dataset.items.length} items)\n${metaTable(results)}\n`);
    });
}
