/**
 * `sumlens meta`: correlation of predicted with human scores on a human-annotated dataset, each
 * with a bootstrap interval. Predictions come from a run file (matched to items by key:
 * `doc_id|system_id`, or a hash of source, system and output when items have no doc_id), from
 * a field of the items, or from an offline baseline (`--baseline lexical-support`). `--compare` takes two such score sets and tests their difference;
 * `--cross` correlates every judge aspect with every human aspect. On JaFaithSum, a fine-grained run's sentence verdicts are also held against
 * the annotators' sentence labels (meta/sentenceVerdicts.ts).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { datasetFolders, resolveDatasetArgument } from '../../core/datasets/locate';
import { SumLensError } from '../../core/errors';
import type { Level } from '../../core/datasets/dataset';
import { compareTable, metaJson, metaTable, paperSection } from '../../core/meta/formatTable';
import { crossTable } from '../../core/meta/crossTable';
import { sentenceVerdictTable } from '../../core/meta/sentenceVerdictTable';
import { runCross } from '../../core/meta/runCross';
import { DEFAULT_RESAMPLES, runCompare, runMeta, sourceLabel, type ScoreSource } from '../../core/meta/runMeta';
import { BASELINES, type BaselineName } from '../../core/meta/predictions';
import type { Dataset } from '../../core/datasets/dataset';
import { DEFAULT_SEED } from '../../core/stats/random';
import { cliIo } from '../io';
import { parseAspects } from '../optionParsers';

/** `--level`, shared with replay and bench. */
export function levelOption(): Option {
  return new Option('--level <level>', "correlation level (default: the dataset's convention)").choices(['summary', 'sample', 'system']);
}

function wholeNumber(text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new InvalidArgumentError(`expected a whole number from 0 to ${max}, got "${text}"`);
  return value;
}

/** `--subset`, shared with bench. */
export function subsetOption(): Option {
  return new Option('--subset <name>', 'one part of a set that has parts: longeval pubmed|squality (required), longsciverify arxiv|pubmed');
}

/** The line naming what was measured: file, kind, subset, items. */
export function datasetLine(dataset: Dataset): string {
  const what = [dataset.kind, ...(dataset.subset !== undefined ? [`subset ${dataset.subset}`] : []), `${dataset.items.length} items`].join(', ');
  return `${dataset.path} (${what})\n`;
}

/** `--resamples` and `--seed`, shared with replay. */
export function addResamplingOptions(command: Command): Command {
  return command
    .option(
      '--resamples <n>',
      'bootstrap resamples behind each 95% interval (and permutations with --compare); 0 = no intervals',
      (text: string) => wholeNumber(text, 1_000_000),
      DEFAULT_RESAMPLES,
    )
    .option('--seed <n>', 'seed of the resampling, printed with the intervals', (text: string) => wholeNumber(text, 2 ** 32 - 1), DEFAULT_SEED);
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

interface MetaFlags {
  dataset: string;
  subset?: string;
  aspect?: string[];
  predictions?: string[];
  field?: string[];
  baseline?: BaselineName;
  level?: Level;
  compare?: boolean;
  cross?: boolean;
  resamples: number;
  seed: number;
  json?: boolean;
}

function sources(flags: MetaFlags): ScoreSource[] {
  return [
    ...(flags.predictions ?? []).map((predictions) => ({ predictions })),
    ...(flags.field ?? []).map((field) => ({ field })),
    ...(flags.baseline !== undefined ? [{ baseline: flags.baseline }] : []),
  ];
}

export function registerMeta(program: Command): void {
  const command = program
    .command('meta')
    .description('correlate predicted scores with human scores (Pearson, Spearman, Kendall tau-b) with 95% bootstrap intervals')
    .requiredOption(
      '--dataset <name|file>',
      "a set by name (summeval, topical-chat, qags-cnndm, qags-xsum, longeval, longsciverify; see sumlens datasets list) or a dataset file (JSON; also UniEval/G-Eval result files and the long sets' JSON lines)",
      (value: string) => resolveDatasetArgument(value, datasetFolders(cliIo().env)),
    )
    .option(
      '--aspect <names>',
      'human-scored aspect, or several separated by commas (with --cross: the judge aspects, default all the predictions have)',
      parseAspects,
    )
    .option('--predictions <file>', 'sumlens bench output (JSONL); lines match items by key (twice with --compare)', collect)
    .option('--field <name>', "per-item record of predicted scores, e.g. UniEval's predict_scores (twice with --compare)", collect)
    .addOption(
      new Option(
        '--baseline <name>',
        `scores computed offline from each item's text (one of the score sets with --compare): ${BASELINES['lexical-support'].describe}`,
      ).choices(Object.keys(BASELINES)),
    )
    .addOption(subsetOption())
    .option('--compare', 'compare two score sets on the same items: A − B per coefficient, its interval and a paired permutation p-value')
    .option(
      '--cross',
      'every judge aspect × every human aspect: Spearman with intervals, and a judge aspect that follows another human aspect more than its own',
    )
    .addOption(levelOption())
    .option('--json', 'print JSON');
  addResamplingOptions(command)
    .addHelpText(
      'after',
      '\nItem keys: "doc_id|system_id" when items have a doc_id, else "h:" + a hash of (source, system_id, ' +
        'system_output); a repeated key gets "#2", "#3"… in file order.\n' +
        'Levels: summary = per document, averaged, skipping documents with constant human or predicted ' +
        'scores (SummEval default); sample = all items pooled (default elsewhere); system = per-system means.\n' +
        'Intervals: documents are resampled at the summary level, items at the others (Deutsch, Dror and Roth, 2021).\n' +
        'With --compare, A is the first --predictions file (else the first --field) and B the other score set.\n' +
        'With --cross, every cell is over the items with every judge aspect, on the same resamples; a judge aspect is ' +
        'flagged as confused with human aspect B when ρ(judge, B) − ρ(judge, own) has its interval above 0 and a ' +
        'Holm-adjusted two-sided bootstrap p below 0.05.',
    )
    .action((flags: MetaFlags) => {
      if (flags.cross) {
        runCrossCommand(flags);
        return;
      }
      if (flags.aspect === undefined) throw new SumLensError('usage', 'give --aspect NAMES (optional only with --cross)');
      const common = { dataset: flags.dataset, subset: flags.subset, aspects: flags.aspect, level: flags.level, resamples: flags.resamples, seed: flags.seed };
      if (flags.compare) {
        const { dataset, results } = runCompare({ ...common, sources: sources(flags) });
        cliIo().stdout.write(flags.json ? metaJson(results) + '\n' : `${datasetLine(dataset)}${compareTable(results)}\n`);
        return;
      }
      const [source, ...others] = sources(flags);
      if (!source || others.length > 0) {
        throw new SumLensError('usage', 'give exactly one of --predictions FILE, --field NAME or --baseline NAME (two with --compare)');
      }
      const { dataset, results, sentences } = runMeta({ ...common, ...source });
      if (flags.json) {
        // JaFaithSum's sentence verdicts beside the correlations: { meta, sentenceVerdicts }.
        cliIo().stdout.write((sentences ? JSON.stringify({ meta: results, sentenceVerdicts: sentences }, null, 2) : metaJson(results)) + '\n');
        return;
      }
      const sentenceSection = sentences ? `\n${sentenceVerdictTable(sentences)}` : '';
      cliIo().stdout.write(
        `${datasetLine(dataset)}predictions: ${sourceLabel(source)}\n${metaTable(results)}\n${paperSection(dataset, results)}${sentenceSection}`,
      );
    });
}

function runCrossCommand(flags: MetaFlags): void {
  if (flags.compare) throw new SumLensError('usage', '--cross and --compare do not go together: --cross takes one score set');
  const [source, ...others] = sources(flags);
  if (!source || others.length > 0) throw new SumLensError('usage', '--cross takes exactly one of --predictions FILE or --field NAME');
  const run = runCross({
    dataset: flags.dataset,
    subset: flags.subset,
    source,
    aspects: flags.aspect,
    level: flags.level,
    resamples: flags.resamples,
    seed: flags.seed,
  });
  cliIo().stdout.write(flags.json ? JSON.stringify(run, null, 2) + '\n' : `${crossTable(run)}\n`);
}
