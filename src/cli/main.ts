/**
 * The `sumlens` command line: a thin adapter over the engine in src/core. Every failure
 * ends here as one line on stderr and the exit code of its kind (README table); usage
 * errors name the problem and the command's --help, never print the whole help.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { exitCodeOf, isSumLensError, SUCCESS_EXIT_CODE } from '../core/errors';
import { ownManifest, packageVersion } from '../core/manifest';
import { commandTable, type CommandEntry } from './commandTable';
import { applyEnvironmentOptions } from './environmentOptions';
import { cliIo, inCall, type CliIo, type OutputStream } from './io';
import { colourOn, printError } from './stderr';

/**
 * One `sumlens` call: argv as process.argv has it (node, script, then the words), io the
 * streams and environment it uses (processIo() for the real binary). Resolves to the exit code;
 * it never exits the process, so tests call it in process, several at once if they like.
 * `wholeProcess`: the real binary, whose process runs this one call (see inCall).
 */
export async function main(argv: string[], io: CliIo, wholeProcess = false): Promise<number> {
  const { value, exitCode } = await inCall(io, () => runCommand(argv), wholeProcess);
  return value ?? exitCode ?? SUCCESS_EXIT_CODE;
}

/** The exit code of a failure, or undefined when the command ended as it set (setExitCode). */
async function runCommand(argv: string[]): Promise<number | undefined> {
  const args = argv.slice(2);
  const debug = args.includes('--debug');
  const wanted = commandName(args);
  const program = new Command('sumlens')
    .description('Score summaries aspect by aspect with LLM judges (G-Eval, rationale-first, fine-grained) and check the scores against people.')
    .version(packageVersion())
    .option('--debug', 'print the stack trace of an internal error')
    .exitOverride();
  try {
    for (const entry of commandTable) {
      if (entry.name === wanted) (await loadCommand(entry))(program);
      else program.command(entry.name).description(entry.summary);
    }
    configureOutput(program);
    program.hook('preAction', (_program, action) => applyEnvironmentOptions(action, cliIo().env));
    await program.parseAsync(argv);
    return undefined;
  } catch (error) {
    return reportError(error, wanted, debug);
  }
}

/** The first word that is not an option ("help eval" asks for eval's help). */
function commandName(args: string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/** Loads a command's module only when it is the one being run (see commandTable). */
async function loadCommand(entry: CommandEntry): Promise<(program: Command) => void> {
  // A runtime import: in the bundle each command is its own ES module (dist/commands/<module>.mjs)
  // sharing chunks with the others; under tsc (tests) it is a CommonJS file beside this one.
  const extension = path.extname(__filename);
  const file = path.join(__dirname, 'commands', `${entry.module}${extension}`);
  // tsc turns import() into require(), which takes a path; a native import() takes a URL.
  const loaded = (await import(extension === '.mjs' ? pathToFileURL(file).href : file)) as Record<string, (program: Command) => void>;
  return loaded[entry.register];
}

/**
 * commander writes help and usage errors to the call's streams (not process.stdout), usage
 * messages as one line plus where to read more; for the program and each command.
 */
function configureOutput(command: Command): void {
  const helpCommand = command.parent ? `sumlens ${command.name()} --help` : 'sumlens --help';
  const { stdout, stderr, env } = cliIo();
  command.configureOutput({
    writeOut: (text) => stdout.write(text),
    writeErr: (text) => stderr.write(text),
    getOutHelpWidth: () => helpWidth(stdout),
    getErrHelpWidth: () => helpWidth(stderr),
    getOutHasColors: () => colourOn(stdout, env),
    getErrHasColors: () => colourOn(stderr, env),
    outputError: (message) => printError(`${usageLine(message)}; see ${helpCommand}`),
  });
  for (const sub of command.commands) configureOutput(sub);
}

/** A terminal's width; commander's 80 columns elsewhere (a pipe, a test). */
function helpWidth(stream: OutputStream): number {
  return (stream.isTTY ? stream.columns : undefined) ?? 80;
}

/** "error: unknown option '--sumary'\n(Did you mean --summary?)" → "unknown option '--sumary' (did you mean --summary?)". */
function usageLine(message: string): string {
  return message
    .trim()
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\(Did you mean/, '(did you mean')
    .replace(/\.$/, '');
}

function reportError(error: unknown, command: string | undefined, debug: boolean): number {
  const commanderError = error as { code?: string; exitCode?: number };
  if (commanderError.code?.startsWith('commander.')) {
    // commander has printed its message (or the help/version text) through configureOutput
    return commanderError.code === 'commander.helpDisplayed' || commanderError.code === 'commander.version' || commanderError.code === 'commander.help'
      ? SUCCESS_EXIT_CODE
      : exitCodeOf('usage');
  }
  if (isSumLensError(error)) {
    const help = error.code === 'usage' ? `; see sumlens${command ? ` ${command}` : ''} --help` : '';
    printError(`${error.message.replace(/\.$/, '')}${help}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  printError(
    `internal error: ${message}. This is a bug in SumLens: please report it ${reportWhere()} with the command you ran${debug ? '' : ' (--debug shows the stack trace)'}.`,
  );
  if (debug && error instanceof Error && error.stack) cliIo().stderr.write(`${error.stack}\n`);
  return exitCodeOf('internal');
}

/** The "bugs" address of package.json when it has one. */
function reportWhere(): string {
  const url = ownManifest()?.bugsUrl;
  return url ? `at ${url}` : 'to the SumLens maintainers';
}
