/** The options `sumlens eval` takes for a dataset (--data FILE) beside those for one summary. */
import { Option, type Command } from 'commander';
import { positiveInt } from './sessionOptions';

export function addDataOptions(command: Command): Command {
  return command
    .option('--data <file>', 'evaluate every row of a dataset: JSONL, JSON array, CSV or TSV with id, source, summary[, reference, system]')
    .option('--map <pairs>', 'with --data: field names from other columns, e.g. summary=output,source=article')
    .option('--strict', 'with --data: refuse the data when any row is bad (default: report and skip bad rows)')
    .option('--out <file>', 'with --data: the run file (JSONL), appended per item (default: sumlens-<data>-<method>.jsonl)')
    .option('--restart', 'with --data: start the run file over, even when it was made with other settings')
    .option('--dry-run', 'estimate calls, tokens and cost without sending anything (one summary: also whether its prompts fit the context window)')
    .option('--batch', 'with --data: send through the OpenAI Batch API (half price, results within 24 h)')
    .option('--poll-seconds <n>', 'with --batch: seconds between status polls', positiveInt, 30)
    .option('--fail-under <thresholds>', 'with --data: exit 15 when an aspect mean is below its threshold, e.g. consistency=4,relevance=3.5')
    .option('--strict-ci', 'with --fail-under: compare the lower bound of the 95% interval instead of the mean')
    .addOption(new Option('--format <format>', 'with --data: what stdout gets').choices(['table', 'json', 'sarif']).default('table'))
    .option('--progress-every <n>', 'with --data, when stderr is not a terminal: a progress line every N items', positiveInt, 10);
}
