/**
 * Checks of `sumlens eval`'s options that commander cannot make alone: aspects that exist
 * for the task, a prompts folder that exists, and options the chosen method ignores. Each
 * failure is a usage error (exit 2) naming the problem.
 */
import * as fs from 'node:fs';
import { SumLensError } from '../core/errors';
import { listTemplates } from '../core/prompts/resolveTemplate';
import type { EvalFlags } from './evalFlags';
import { checkChooseUsage } from './chooseOptions';

/** Options only the holistic (G-Eval, rationale) route reads. */
const holisticOptions = ['aspects', 'samples', 'topLogprobs', 'parse'] as const;

export function checkEvalUsage(flags: EvalFlags, given: (option: string) => boolean): void {
  if (flags.prompts !== undefined) checkPromptsDir(flags.prompts);
  checkChooseUsage(flags);
  if (flags.method === 'fine' || flags.method === 'all') {
    if (flags.task !== 'summarization') {
      throw usage(
        `--method ${flags.method} judges a summary against its source and ignores --task ${flags.task}; use --method geval or rationale with that task`,
      );
    }
  }
  if (flags.method === 'fine') {
    const ignored = holisticOptions.filter(given);
    if (ignored.length > 0)
      throw usage(`${ignored.map(flagName).join(', ')} has no effect with --method fine (it scores aspects of --method geval, rationale or all)`);
  }
  if (flags.aspects) checkAspects(flags.aspects, flags.task, flags.prompts);
}

function checkPromptsDir(dir: string): void {
  const stats = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stats) throw usage(`--prompts ${dir} does not exist`);
  if (!stats.isDirectory()) throw usage(`--prompts ${dir} is not a folder`);
}

/** An aspect needs a template <task>/<aspect>.md, built in or in --prompts. */
function checkAspects(aspects: string[], task: string, promptsDir: string | undefined): void {
  const known = listTemplates({ overrideDir: promptsDir })
    .filter((t) => t.id.startsWith(`${task}/`))
    .map((t) => t.id.slice(task.length + 1));
  const unknown = aspects.filter((a) => !known.includes(a));
  if (unknown.length > 0) {
    throw usage(`unknown aspect ${unknown.map((a) => `"${a}"`).join(', ')} for --task ${task}; valid: ${known.join(', ')}`);
  }
}

function flagName(option: string): string {
  return `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function usage(message: string): SumLensError {
  return new SumLensError('usage', message);
}
