/**
 * The `sumlens` command line: a thin adapter over the engine in src/core. Errors print as
 * one line on stderr and exit with the error's own code (see src/core/errors.ts).
 */
import { Command } from 'commander';
import { SumLensError } from '../core/errors';
import { packageVersion } from '../core/paths';
import { registerEval } from './commands/eval';
import { registerMeta } from './commands/meta';
import { registerReplay } from './commands/replay';
import { registerBench } from './commands/bench';
import { registerRescore } from './commands/rescore';

export async function main(argv: string[]): Promise<number> {
  const program = new Command('sumlens')
    .description('Score summaries aspect by aspect with LLM judges (G-Eval, rationale-first, fine-grained) and check the scores against people.')
    .version(packageVersion())
    .showHelpAfterError()
    .exitOverride();
  registerEval(program);
  registerMeta(program);
  registerReplay(program);
  registerBench(program);
  registerRescore(program);
  try {
    await program.parseAsync(argv);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    return reportError(error);
  }
}

function reportError(error: unknown): number {
  const commanderError = error as { code?: string; exitCode?: number };
  if (commanderError.code?.startsWith('commander.')) {
    // commander has printed its own message (or the help/version text)
    return commanderError.code === 'commander.helpDisplayed' || commanderError.code === 'commander.version' ? 0 : 2;
  }
  if (error instanceof SumLensError) {
    process.stderr.write(`sumlens: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`sumlens: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}
