/**
 * The aspect-choice method's flags (`--method choose`, after Tanaka's thesis), shared by `eval`, `eval
 * --data` and `bench`: reasons written first from few-shot examples, and how many. The judge
 * chooses the aspects itself, so `--aspects` and G-Eval's `--preset` do not apply.
 */
import { type Command, Option } from 'commander';
import { DEFAULT_REASONS_K } from '../core/choose/reasonsDefault';
import type { EvaluateOptions } from '../core/evaluate';
import { SumLensError } from '../core/errors';
import type { Method, ReasonExamples } from '../core/result';
import { wholeNumber } from './optionParsers';

export interface ChooseFlags {
  method: Method;
  reasons?: ReasonExamples;
  reasonsK?: number;
  withTemplates?: boolean;
  aspects?: string[];
  preset?: string;
  /** eval's --task (bench takes the dataset's). */
  task?: string;
}

export function addChooseOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--reasons <set>',
        'with --method choose: write reasons first from five few-shot examples (fsv1: the form only; fsv2: examples that explain the aspects), then score conditioned on each',
      ).choices(['fsv1', 'fsv2']),
    )
    .option(
      '--reasons-k <k>',
      `with --reasons: reasons drawn per summary, each scored on its own and pooled (default ${DEFAULT_REASONS_K}, as in Tanaka's thesis)`,
      wholeNumber(1, 100),
    )
    .option(
      '--with-templates',
      'with --method choose: also score each chosen aspect SumLens has a template for with that template (G-Eval), to set the two side by side',
    );
}

/** Usage errors (exit 2) for flags the method ignores. */
export function checkChooseUsage(flags: ChooseFlags): void {
  if (flags.method !== 'choose') {
    if (flags.reasons !== undefined || flags.reasonsK !== undefined || flags.withTemplates)
      throw new SumLensError('usage', '--reasons, --reasons-k and --with-templates go with --method choose');
    return;
  }
  if (flags.task === 'consistency')
    throw new SumLensError(
      'usage',
      '--method choose asks the aspect-choice question about a summary or a dialogue response; use --task summarization or dialogue',
    );
  if (flags.aspects !== undefined)
    throw new SumLensError(
      'usage',
      '--method choose lets the judge choose the aspects from the catalogue (prompts/choose/catalogue.md); --aspects does not apply',
    );
  if (flags.preset !== undefined) throw new SumLensError('usage', `--preset ${flags.preset} reproduces G-Eval's scoring and does not apply to --method choose`);
  if (flags.reasonsK !== undefined && flags.reasons === undefined) throw new SumLensError('usage', '--reasons-k needs --reasons fsv1 or fsv2');
}

/** The evaluate() options these flags set. With --reasons, one answer per reason unless --samples is given; `given` says whether the user typed an option. */
export function chooseOptions(
  flags: ChooseFlags & { samples: number },
  given: (option: string) => boolean,
): Pick<EvaluateOptions, 'reasons' | 'reasonsK' | 'samples' | 'withTemplates'> {
  if (flags.method !== 'choose') return {};
  return {
    ...(flags.reasons ? { reasons: flags.reasons, reasonsK: flags.reasonsK } : {}),
    ...(flags.withTemplates ? { withTemplates: true } : {}),
    samples: flags.reasons && !given('samples') ? undefined : flags.samples,
  };
}
